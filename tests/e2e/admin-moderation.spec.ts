import { expect, test } from '@playwright/test';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';

/** Moderation (spec 2, /admin/moderation): moderate an item by id and type with a reason, lift it from the records, lift all of an item. */

interface SpaceRef {
  id: string;
  name: string;
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page, '/admin/moderation');
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
});

test('moderating a space hides it from guests; lifting it from the records brings it back', async ({ page, request }) => {
  const space = (await getJson<{ results: SpaceRef[] }>(page, '/api/content/space/?limit=12')).results.at(-1) as SpaceRef;
  expect((await request.get(`/api/content/space/${space.id}/`)).status()).toBe(200);
  await auditA11y(page, 'moderation screen');

  const moderate = page.getByRole('region', { name: 'Moderate an item' });
  // An unknown item: the API's 404 shows under the id field, and nothing is written.
  await moderate.getByLabel('Item type').selectOption('SPACE');
  await moderate.getByLabel('Item id').fill('no-such-space');
  await moderate.getByLabel('Reason').fill('Test');
  await moderate.getByRole('button', { name: 'Moderate' }).click();
  await page.getByRole('dialog', { name: 'Moderate this space?' }).getByRole('button', { name: 'Moderate' }).click();
  await expect(moderate.getByText('Space not found.')).toBeVisible();
  await expect(moderate.getByLabel('Item id')).toHaveAttribute('aria-invalid', 'true');
  // The confirmation fades out (200 ms) before the page is usable again.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await moderate.getByLabel('Item id').fill(space.id);
  await moderate.getByLabel('Reason').fill('Reported by the e2e test');
  await moderate.getByRole('button', { name: 'Moderate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Moderate this space?' });
  await expect(dialog).toContainText('Reported by the e2e test');
  await auditA11y(page, 'moderate confirmation');
  await dialog.getByRole('button', { name: 'Moderate' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Space ${space.id} is moderated.` })).toBeAttached();
  expect((await request.get(`/api/content/space/${space.id}/`)).status()).toBe(404);

  // The record is listed (filter by reason), and 'Lift' asks before lifting it.
  await page.getByLabel('Reason contains').fill('e2e test');
  const row = page.locator('tbody tr', { hasText: space.id });
  await expect(row).toContainText('Reported by the e2e test');
  await expect(row).toContainText('by admin@example.com');
  await row.getByRole('button', { name: `Lift the moderation of space ${space.id}` }).click();
  const lift = page.getByRole('dialog', { name: 'Lift this moderation?' });
  await auditA11y(page, 'lift confirmation');
  await lift.getByRole('button', { name: 'Lift moderation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The moderation of Space ${space.id} is lifted.` })).toBeAttached();
  await expect(row).toHaveCount(0);
  expect((await request.get(`/api/content/space/${space.id}/`)).status()).toBe(200);
});

test('lifting every moderation of an item by id and type', async ({ page, request, baseURL }) => {
  const space = (await getJson<{ results: SpaceRef[] }>(page, '/api/content/space/?limit=14')).results.at(-1) as SpaceRef;
  const made = await page.request.post('/admin/api/moderation/', {
    headers: { Origin: baseURL ?? '' },
    data: { itemId: space.id, itemType: 'SPACE', reason: 'To lift by item' },
  });
  expect(made.ok()).toBeTruthy();
  expect((await request.get(`/api/content/space/${space.id}/`)).status()).toBe(404);

  const form = page.getByRole('region', { name: 'Lift the moderation of an item' });
  await form.getByLabel('Item type').selectOption('SPACE');
  await form.getByLabel('Item id').fill(space.id);
  await form.getByRole('button', { name: 'Lift moderation' }).click();
  await page.getByRole('dialog', { name: 'Lift the moderation of this space?' }).getByRole('button', { name: 'Lift moderation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The moderation of Space ${space.id} is lifted.` })).toBeAttached();
  expect((await request.get(`/api/content/space/${space.id}/`)).status()).toBe(200);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Lifting again: nothing is moderated, the API's 404 shows under the id.
  await form.getByLabel('Item id').fill(space.id);
  await form.getByRole('button', { name: 'Lift moderation' }).click();
  await page.getByRole('dialog', { name: 'Lift the moderation of this space?' }).getByRole('button', { name: 'Lift moderation' }).click();
  await expect(form.getByText('Moderation record not found.')).toBeVisible();
});
