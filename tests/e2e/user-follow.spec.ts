import { expect, test } from '@playwright/test';
import { api, sessionKnown, signIn, VISITOR } from './user-helpers.ts';

test.describe('following accounts', () => {
  test('follow and unfollow an organization; the state and count survive a reload', async ({ page, request }) => {
    const org = (await api<{ results: { id: string; name: string }[] }>(request, '/api/content/account/?limit=1')).results[0] as { id: string; name: string };
    await signIn(page, VISITOR, `/discover/account/${org.id}/`);
    await sessionKnown(page, 'user');
    const button = page.locator('.du-follow__btn');
    // Read once the button knows whether the visitor follows (another test may have left them
    // following): pressed or not, and enabled again once their follows are loaded.
    await expect(button).toHaveAttribute('aria-pressed', /^(true|false)$/);
    await expect(button).toBeEnabled();
    if ((await button.getAttribute('aria-pressed')) === 'true') {
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'false');
    }
    const count = async () => Number(((await page.locator('.du-follow__count').textContent()) ?? '').replace(/\D/g, ''));
    const before = await count();
    await expect(button).toHaveText('Follow');
    await button.click();
    await expect(button).toHaveText('Following');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(count).toBe(before + 1);
    await page.reload();
    await expect(page.locator('.du-follow__btn')).toHaveText('Following');
    await page.locator('.du-follow__btn').click();
    await expect(page.locator('.du-follow__btn')).toHaveText('Follow');
    await expect.poll(count).toBe(before);
  });

  test('a guest who clicks Follow gets #sign-in-follow', async ({ page, request }) => {
    const org = (await api<{ results: { id: string }[] }>(request, '/api/content/account/?limit=1')).results[0] as { id: string };
    await page.goto(`/discover/account/${org.id}/`);
    await sessionKnown(page, 'guest');
    await page.getByRole('button', { name: 'Follow' }).click();
    await expect(page).toHaveURL(/#sign-in-follow$/);
    const dialog = page.getByRole('dialog', { name: 'Sign in to follow' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/auth/sign-in?target=${encodeURIComponent(`/discover/account/${org.id}/`)}`,
    );
  });
});
