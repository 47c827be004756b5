import { expect, test } from '@playwright/test';
import { me, sessionKnown, signIn, someSpace, VISITOR } from './user-helpers.ts';

test.describe('collections and favorites', () => {
  test('create a collection from a space via #add-to-collection; after a reload it holds the space', async ({ page, request }) => {
    const space = await someSpace(request);
    await signIn(page, VISITOR, `/discover/space/${space.modelId}/`);
    await sessionKnown(page, 'user');
    await page.getByRole('button', { name: 'Add to collection' }).click();
    await expect(page).toHaveURL(/#add-to-collection$/);
    const dialog = page.getByRole('dialog', { name: 'Add to collection' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'New collection' }).click();
    const create = page.getByRole('dialog', { name: 'New collection' });
    const name = `Trip ${Date.now()}`;
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create collection' }).click();
    await expect(page).toHaveURL(/#add-to-collection$/);
    await expect(dialog.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();

    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Add to collection' }).getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
    // Unchecking removes the space, and that survives a reload too.
    const removed = page.waitForResponse((r) => r.url().includes('/delete/?itemId=') && r.ok());
    await page
      .getByRole('dialog', { name: 'Add to collection' })
      .getByRole('checkbox', { name: new RegExp(name) })
      .uncheck();
    await removed;
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Add to collection' }).getByRole('checkbox', { name: new RegExp(name) })).not.toBeChecked();

    const { user_sid } = await me(page);
    await page.goto(`/discover/profile/${user_sid}/collections/`);
    await expect(page.getByRole('region', { name: 'My collections' }).getByRole('link', { name })).toBeVisible();
  });

  test('rename and delete from My collections', async ({ page }) => {
    await signIn(page, VISITOR);
    const { user_sid } = await me(page);
    const created = await page.request.post('/api/content/collection/', {
      data: { name: `Temp ${Date.now()}` },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(created.status()).toBe(201);
    const { name } = (await created.json()) as { name: string };
    await page.goto(`/discover/profile/${user_sid}/collections/`);
    const region = page.getByRole('region', { name: 'My collections' });
    await region.getByRole('button', { name: `Rename ${name}` }).click();
    await region.getByLabel('Name', { exact: true }).fill(`${name} renamed`);
    await region.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(region.getByRole('link', { name: `${name} renamed` })).toBeVisible();
    // Deleting asks in the product's dialog, not the browser's confirm() (issue 14).
    page.on('dialog', (d) => {
      throw new Error(`A browser dialog opened: ${d.message()}`);
    });
    await region.getByRole('button', { name: `Delete ${name} renamed` }).click();
    const ask = page.getByRole('dialog', { name: `Delete ${name} renamed` });
    await expect(ask).toContainText('The spaces in it stay on Discover.');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    await expect(region.getByRole('link', { name: `${name} renamed` })).toBeVisible();
    await region.getByRole('button', { name: `Delete ${name} renamed` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${name} renamed` })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(region.getByRole('link', { name: `${name} renamed` })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'My collections' }).getByRole('list')).toBeVisible();
    await expect(page.getByRole('region', { name: 'My collections' }).getByRole('link', { name: `${name} renamed` })).toHaveCount(0);
  });

  test('the heart favorites a space and stays after a reload', async ({ page, request }) => {
    const space = await someSpace(request);
    await signIn(page, VISITOR, `/discover/space/${space.modelId}/`);
    const heart = page.getByRole('button', { name: /^Favorite/ });
    // Read once the heart knows the visitor's favorites (another test may have left this space among
    // them): pressed or not, and enabled again once their favorites are loaded.
    await expect(heart).toHaveAttribute('aria-pressed', /^(true|false)$/);
    await expect(heart).toBeEnabled();
    const was = (await heart.getAttribute('aria-pressed')) === 'true';
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', String(!was));
    await page.reload();
    await expect(page.getByRole('button', { name: /^Favorite/ })).toHaveAttribute('aria-pressed', String(!was));
    await page.getByRole('button', { name: /^Favorite/ }).click();
    await expect(page.getByRole('button', { name: /^Favorite/ })).toHaveAttribute('aria-pressed', String(was));
  });

  test('a guest gets #sign-in-favorites instead of favoriting', async ({ page, request }) => {
    const space = await someSpace(request);
    await page.goto(`/discover/space/${space.modelId}/`);
    await sessionKnown(page, 'guest');
    await page.getByRole('button', { name: /^Favorite/ }).click();
    await expect(page).toHaveURL(/#sign-in-favorites$/);
    await expect(page.getByRole('dialog', { name: 'Sign in to save favorites' })).toBeVisible();
  });
});
