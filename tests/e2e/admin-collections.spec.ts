import { expect, test, type Page } from '@playwright/test';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';

/** Featured Collections: make one with items, edit it, add spaces to it, order, deactivate and delete it; checked on the public API. */

interface PublicCollection {
  id: string;
  name: string;
  isActive: boolean;
  metaTitle: string | null;
  children: { results: { space: { id: string; name: string } | null }[] };
}

const featured = async (page: Page) => (await getJson<{ results: PublicCollection[] }>(page, '/api/content/collection/featured?limit=100')).results;

test('Make, edit and add to a featured collection; it shows in GET /api/content/collection/featured in the order set', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, '/admin/collections');
  await expect(page.getByRole('heading', { level: 1, name: 'Featured Collections' })).toBeVisible();
  await auditA11y(page, 'featured collections list');
  const spaces = (await getJson<{ results: { id: string; name: string }[] }>(page, '/api/content/space/?limit=40')).results.slice(30, 33);
  const [first, second, third] = spaces as [{ id: string; name: string }, { id: string; name: string }, { id: string; name: string }];
  const name = `E2E picks ${Date.now().toString(36)}`;

  // Make Featured Collection: fields with the 70-character meta title counter, two items, reordered.
  await page.getByRole('link', { name: 'Make Featured Collection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Make Featured Collection' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Meta title').fill('x'.repeat(75));
  await expect(page.getByText('75 / 70 characters')).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Add a space' });
  for (const space of [first, second]) {
    await picker.fill(space.name);
    await page.getByRole('option', { name: space.name }).first().click();
  }
  await picker.fill(third.name);
  await expect(page.getByRole('option', { name: third.name }).first()).toBeVisible();
  await auditA11y(page, 'make featured collection with the picker open');
  await picker.press('Escape');
  const items = page.getByRole('list', { name: 'Items of this collection' });
  await expect(items.getByRole('listitem')).toHaveCount(2);
  await items.getByRole('button', { name: `Move ${second.name} up` }).click();
  await page.getByRole('button', { name: 'Make Featured Collection' }).click();
  await expect(page.getByText('At most 70 characters')).toBeVisible();
  await page.getByLabel('Meta title').fill('Picked by the e2e test');
  await expect(page.getByText('22 / 70 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Make Featured Collection' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Edit Featured Collection' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${name} is made.` })).toBeAttached();
  const id = /\/admin\/collections\/([^/]+)$/.exec(page.url())?.[1] ?? '';
  let made = (await featured(page)).find((c) => c.id === id);
  expect(made).toMatchObject({ name, metaTitle: 'Picked by the e2e test' });
  expect(made?.children.results.map((c) => c.space?.id)).toEqual([second.id, first.id]);
  await auditA11y(page, 'edit featured collection');

  // Edit: rename (saved), reorder and remove items (each saved at once, removal confirmed).
  await page.getByLabel('Name').fill(`${name} renamed`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The collection is saved.' })).toBeAttached();
  const editItems = page.getByRole('list', { name: 'Items of this collection' });
  await editItems.getByRole('button', { name: `Move ${first.name} up` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'New order saved.' })).toBeAttached();
  made = (await featured(page)).find((c) => c.id === id);
  expect(made?.name).toBe(`${name} renamed`);
  expect(made?.children.results.map((c) => c.space?.id)).toEqual([first.id, second.id]);
  await editItems.getByRole('button', { name: `Remove ${second.name}` }).click();
  const remove = page.getByRole('dialog', { name: `Remove ${second.name} from this collection?` });
  await auditA11y(page, 'remove item confirmation');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(editItems.getByRole('listitem')).toHaveCount(1);

  // Add to Featured Collection: choose it, find a space, add the selected one.
  await page.getByRole('link', { name: 'Add spaces' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add to Featured Collection' })).toBeVisible();
  await expect(page.getByLabel('Featured collection')).toHaveValue(id);
  await page.getByLabel('Search spaces').fill(third.name);
  await page
    .getByRole('checkbox', { name: `Select ${third.name}` })
    .first()
    .check();
  await auditA11y(page, 'add to featured collection');
  await page.getByRole('button', { name: `Add 1 space to ${name} renamed` }).click();
  await expect(page.getByRole('status').filter({ hasText: `1 space added to ${name} renamed.` })).toBeAttached();
  made = (await featured(page)).find((c) => c.id === id);
  expect(made?.children.results.map((c) => c.space?.id)).toEqual([first.id, third.id]);

  // The list: move it up one place, deactivate it (it leaves the public list), then delete it (confirmed).
  await page.goto('/admin/collections');
  const row = page.locator(`tr[data-row-id="${id}"]`);
  await expect(row).toContainText(`${name} renamed`);
  const before = (await featured(page)).map((c) => c.id);
  const passed = before[before.indexOf(id) - 1] as string;
  await row.getByRole('button', { name: `Move ${name} renamed up` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} renamed moved.` })).toBeAttached();
  const after = (await featured(page)).map((c) => c.id);
  expect(after.indexOf(id)).toBeLessThan(after.indexOf(passed));

  // The kit's switch draws its track over the (transparent) checkbox.
  await row.getByRole('switch', { name: `Active: ${name} renamed` }).click({ force: true });
  await expect(page.getByRole('status').filter({ hasText: `${name} renamed is inactive.` })).toBeAttached();
  expect((await featured(page)).some((c) => c.id === id)).toBe(false);

  await row.getByRole('checkbox', { name: `Select ${name} renamed` }).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name} renamed?` });
  await auditA11y(page, 'delete collection confirmation');
  await dialog.getByRole('button', { name: 'Delete collection' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 collection deleted.' })).toBeAttached();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/admin/api/collection/${id}/`)).status()).toBe(404);
});
