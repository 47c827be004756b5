import { expect, test, type Page } from '@playwright/test';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';

/** Featured Tags (spec 2): reorder, create with the tag picker, prevent-leave, bulk actions, accessibility. */

// Several axe runs per test, on 2 shared cores: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

interface PublicFeaturedTag {
  id: string;
  name: string;
  tags: string[];
}

const publicOrder = async (page: Page) => (await getJson<PublicFeaturedTag[]>(page, '/api/content/featuredTag/?spacesLimit=0')).map((f) => f.name);

/** The list's rows, in order (their names). */
const listOrder = (page: Page) => page.locator('table tbody tr td:nth-child(3) a').allTextContents();

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page, '/admin/featured-tags');
  await expect(page.locator('table tbody tr[data-row-id]').first()).toBeVisible();
  // The public order follows priority only while randomize is off.
  const randomize = page.getByRole('switch', { name: 'Randomize the order on the home page' });
  if (await randomize.isChecked()) {
    await randomize.click({ force: true });
    await expect(randomize).not.toBeChecked();
  }
});

test('reordering with Move up changes the order of GET /api/content/featuredTag/', async ({ page }) => {
  const before = await listOrder(page);
  const second = before[1] as string;
  await page.getByRole('button', { name: `Move ${second} up` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${second} moved to position 1.` })).toBeAttached();
  expect((await listOrder(page))[0]).toBe(second);
  const active = await publicOrder(page);
  expect(active.indexOf(second)).toBeLessThan(active.indexOf(before[0] as string));
  // After a reload the new order is what the API keeps.
  await page.reload();
  await expect(page.locator('table tbody tr').first()).toContainText(second);

  // Dragging with the keyboard (Space, arrow, Space) moves it back.
  const handle = page.getByRole('button', { name: `Drag ${second} to reorder` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true'); // picked up
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: `${second} moved to position 2 of ` })).toBeAttached(); // dnd-kit: over the second place
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: `${second} moved to position 2.` })).toBeAttached();
  await expect.poll(async () => (await publicOrder(page)).indexOf(second)).toBeGreaterThan((await publicOrder(page)).indexOf(before[0] as string));
});

test('a new featured tag with a picked tag and a tag created inline shows on the public API', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const name = `Lighthouses ${suffix}`;
  const newTag = `lighthouse-${suffix}`;
  await page.getByRole('link', { name: 'Add Featured Tag' }).click();
  await expect(page).toHaveURL(/\/admin\/featured-tags\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Featured Tag' })).toBeVisible();

  // Saving without tags is refused by the same schema the API uses.
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add Featured Tag' }).click();
  await expect(page.getByRole('group', { name: 'Tags' })).toContainText('Add at least 1.');

  const picker = page.getByRole('combobox', { name: 'Add a tag' });
  await picker.fill('castle');
  await page.getByRole('option', { name: /^castle/ }).click();
  await expect(page.getByRole('list', { name: 'Chosen tags' })).toContainText('castle');
  await expect(page.getByText(/These tags (match|are on at most) \d+ (public )?spaces?/)).toBeVisible();
  await auditA11y(page, 'featured tag form');

  await picker.fill(newTag);
  await page.getByRole('option', { name: `Create “${newTag}”` }).click();
  await expect(page.getByRole('list', { name: 'Chosen tags' })).toContainText(newTag);
  await picker.fill('cas');
  await expect(page.getByRole('listbox', { name: 'Add a tag' })).toBeVisible();
  await auditA11y(page, 'tag picker open');
  await picker.press('Escape');

  await page.getByRole('button', { name: 'Add Featured Tag' }).click();
  await expect(page).toHaveURL(/\/admin\/featured-tags$/);
  await expect(page.getByRole('status').filter({ hasText: `Featured tag “${name}” added` })).toBeAttached();
  const created = (await getJson<PublicFeaturedTag[]>(page, '/api/content/featuredTag/?spacesLimit=0')).find((f) => f.name === name);
  expect(created?.tags).toEqual(['castle', newTag]);

  // Deleting it asks first, in the product's dialog.
  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this featured tag?' });
  await expect(dialog).toBeVisible();
  await auditA11y(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Delete featured tag' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 featured tag deleted.' })).toBeAttached();
  expect((await publicOrder(page)).includes(name)).toBe(false);
});

test('unsaved edits ask before leaving; Leave goes on', async ({ page }) => {
  const first = (await listOrder(page))[0] as string;
  await page.getByRole('link', { name: `Edit ${first}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Featured Tag' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`${first} (draft)`);
  await page.getByRole('link', { name: 'Back to Featured Tags' }).click();
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave this page without saving?' });
  await expect(leave).toBeVisible();
  await auditA11y(page, 'leave prompt');
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/featured-tags$/);
  expect(await publicOrder(page)).toContain(first);
});

test('deactivating with the row switch leaves the public list, activating brings it back', async ({ page }) => {
  const last = (await listOrder(page)).at(-1) as string;
  const toggle = page.getByRole('switch', { name: `Active: ${last}` });
  const wasOn = await toggle.isChecked();
  await toggle.click({ force: true });
  await expect.poll(async () => (await publicOrder(page)).includes(last)).toBe(!wasOn);
  await toggle.click({ force: true });
  await expect.poll(async () => (await publicOrder(page)).includes(last)).toBe(wasOn);
  await auditA11y(page, 'featured tags list');
});
