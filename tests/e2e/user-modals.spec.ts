import { expect, test } from '@playwright/test';
import { sessionKnown, someSpace } from './user-helpers.ts';

test.describe('hash modals', () => {
  test('Share opens by hash, closes on Escape, and gives focus back', async ({ page, request }) => {
    const space = await someSpace(request);
    await page.goto(`/discover/space/${space.modelId}/`);
    await sessionKnown(page, 'guest');
    const share = page.getByRole('button', { name: 'Share' });
    await share.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#share$/);
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Embed code')).toHaveValue(new RegExp(`<iframe[^>]+${space.modelId}`));
    await expect(page.locator('html')).toHaveClass(/du-modal-open/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/#share/);
    await expect(share).toBeFocused();
    await expect(page.locator('html')).not.toHaveClass(/du-modal-open/);
  });

  test('the close button, the backdrop and removing the hash close a modal too', async ({ page, request }) => {
    const space = await someSpace(request);
    await page.goto(`/discover/space/${space.modelId}/#share`);
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.evaluate(() => {
      location.hash = 'share';
    });
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await page.evaluate(() => {
      location.hash = 'share';
    });
    await expect(dialog).toBeVisible();
    await page.evaluate(() => {
      location.hash = '';
    });
    await expect(dialog).toBeHidden();
  });

  test('signed-in-only hashes only offer sign-in to a guest', async ({ page }) => {
    for (const hash of ['create-collection', 'add-to-collection', 'capture-space', 'add-space']) {
      await page.goto(`/discover/#${hash}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(dialog.getByRole('textbox')).toHaveCount(0);
    }
  });
});
