import { expect, test } from '@playwright/test';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';

/** Carousel (spec 2): 'Add Carousel Item' with the space picker, flagged slides, bulk delete, accessibility. */

// Several axe runs per test, on 2 shared cores: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

interface PublicSlide {
  id: string;
  type: string;
  item: { id: string | null; name: string } | null;
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page, '/admin/carousel');
  await expect(page.locator('table tbody tr[data-row-id]').first()).toBeVisible();
});

test('adding a space slide through the picker puts it in GET /api/content/fci/', async ({ page }) => {
  const space = (await getJson<{ results: { id: string; name: string }[] }>(page, '/api/content/space/?limit=30')).results.at(-1) as {
    id: string;
    name: string;
  };
  await auditA11y(page, 'carousel list');
  await page.getByRole('link', { name: 'Add Carousel Item' }).click();
  await expect(page).toHaveURL(/\/admin\/carousel\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Carousel Item' })).toBeVisible();

  // Without a space the schema the API uses refuses to save.
  await page.getByRole('button', { name: 'Add Carousel Item' }).click();
  await expect(page.getByRole('group', { name: 'Space' })).toContainText('A SPACE slide needs item.id');

  const picker = page.getByRole('combobox', { name: 'Find a space' });
  await picker.fill(space.name);
  const option = page.getByRole('option', { name: new RegExp(`^${space.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first();
  await expect(option).toBeVisible();
  await auditA11y(page, 'space picker open');
  await option.click();
  await expect(page.getByTestId('chosen-item')).toContainText(space.name);
  await page.getByLabel('Description').fill('Picked by the admin e2e test');
  await page.getByRole('button', { name: 'Add Carousel Item' }).click();

  await expect(page).toHaveURL(/\/admin\/carousel$/);
  await expect(page.getByRole('status').filter({ hasText: 'Slide added' })).toBeAttached();
  const slides = await getJson<PublicSlide[]>(page, '/api/content/fci/');
  const added = slides.at(-1);
  expect(added?.type).toBe('SPACE');
  expect(added?.item?.id).toBe(space.id);
  await expect(page.locator('table tbody tr').last()).toContainText(space.name);

  // Edit it into a URL slide, then delete it (with the confirmation).
  await page
    .getByRole('link', { name: `Edit ${space.name}` })
    .last()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Carousel Item' })).toBeVisible();
  await page.getByRole('radio', { name: 'URL' }).check();
  await page.getByLabel('Link').fill('/discover/search/?q=lighthouse');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/carousel$/);
  const edited = (await getJson<PublicSlide[]>(page, '/api/content/fci/')).find((s) => s.id === added?.id);
  expect(edited?.type).toBe('URL');

  await page.locator('table tbody tr').last().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this slide?' });
  await auditA11y(page, 'delete slide confirmation');
  await dialog.getByRole('button', { name: 'Delete slide' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 slide deleted.' })).toBeAttached();
  expect((await getJson<PublicSlide[]>(page, '/api/content/fci/')).some((s) => s.id === added?.id)).toBe(false);
});

test('a slide whose item shows nothing is flagged in the list', async ({ page, baseURL }) => {
  const headers = { Origin: baseURL ?? '' };
  // An empty collection: the public carousel leaves its slide out.
  const empty = await page.request.post('/admin/api/collection/', { headers, data: { name: `Empty for a slide ${Date.now()}` } });
  expect(empty.ok()).toBeTruthy();
  const collection = (await empty.json()) as { id: string };
  const slide = await page.request.post('/admin/api/fci/', { headers, data: { type: 'COLLECTION', item: { id: collection.id }, isActive: true } });
  expect(slide.ok()).toBeTruthy();
  const { id } = (await slide.json()) as { id: string };
  await page.reload();
  const row = page.locator(`tr[data-row-id="${id}"]`);
  await expect(row.getByTestId('slide-gone')).toHaveText('Not shown: its item is gone, not public or empty');
  expect((await getJson<PublicSlide[]>(page, '/api/content/fci/')).some((s) => s.id === id)).toBe(false);
  await auditA11y(page, 'carousel list with a flagged slide');
  await page.request.delete('/admin/api/fci/', { headers, data: [id] });
  await page.request.delete('/admin/api/collection/', { headers, data: [collection.id] });
});

test('the form picks collections too, and its page passes axe', async ({ page }) => {
  await page.goto('/admin/carousel/create');
  await page.getByRole('radio', { name: 'Collection' }).check();
  const picker = page.getByRole('combobox', { name: 'Find a collection' });
  await picker.fill('a');
  await expect(page.getByRole('option').first()).toBeVisible();
  await auditA11y(page, 'collection picker open');
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('chosen-item')).toBeVisible();
});
