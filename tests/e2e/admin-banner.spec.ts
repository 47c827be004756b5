import { expect, test } from '@playwright/test';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';

/** Pencil banner (spec 2, 9): edit the live banner, the FFBB00 rule in the preview, create and bulk delete. */

// Several axe runs per test, on 2 shared cores: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

interface PublicBanner {
  id: string;
  text: string;
  color: string;
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page, '/admin/banner');
  await expect(page.locator('table tbody tr[data-row-id]').first()).toBeVisible();
});

test('editing the live banner shows on GET /api/content/banner/ and on the public site', async ({ page }) => {
  const live = (await getJson<PublicBanner[]>(page, '/api/content/banner/'))[0] as PublicBanner;
  const text = `Open house weekend ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: `Edit banner “${live.text}”` }).click();
  await expect(page.getByRole('heading', { name: 'Edit banner' })).toBeVisible();
  await auditA11y(page, 'banner editor');
  await page.getByLabel('Text', { exact: true }).fill(text);
  await expect(page.getByTestId('banner-preview')).toContainText(text);
  await page.getByRole('button', { name: 'Save banner' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Banner saved.' })).toBeAttached();
  await expect(page.locator('table tbody tr').first()).toContainText(text);

  expect((await getJson<PublicBanner[]>(page, '/api/content/banner/'))[0]?.text).toBe(text);
  // The public banner reads the list at run time: no rebuild needed.
  await page.goto('/discover/');
  await expect(page.locator('aside.pencil')).toContainText(text);
});

test('the preview follows the colour rule: black text on FFBB00, white on a dark colour', async ({ page }) => {
  await page.getByRole('button', { name: 'New banner' }).click();
  await page.getByLabel('Text', { exact: true }).fill('Preview check');
  const hex = page.getByLabel('Colour (hex, without #)');
  const preview = page.getByTestId('banner-preview');
  await hex.fill('FFBB00');
  await expect(preview).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(preview).toHaveCSS('background-color', 'rgb(255, 187, 0)');
  await hex.fill('1F3A8A');
  await expect(preview).toHaveCSS('color', 'rgb(255, 255, 255)');
  await hex.fill('zz');
  await page.getByRole('button', { name: 'Create banner' }).click();
  await expect(page.getByText('Use a hex colour without #, like FFBB00')).toBeVisible();
  await auditA11y(page, 'banner editor with an error');
});

test('a new banner goes first; bulk deactivate and delete ask and apply', async ({ page }) => {
  const text = `Temporary notice ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New banner' }).click();
  await page.getByLabel('Text', { exact: true }).fill(text);
  await page.getByLabel('Colour (hex, without #)').fill('0B6E4F');
  await page.getByLabel('Hyperlink').fill('example.com/notice');
  await page.getByRole('button', { name: 'Create banner' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Banner created.' })).toBeAttached();
  const first = (await getJson<PublicBanner[]>(page, '/api/content/banner/'))[0];
  expect(first?.text).toBe(text);

  const row = page.locator('table tbody tr').filter({ hasText: text });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 banner deactivated.' })).toBeAttached();
  await expect.poll(async () => (await getJson<PublicBanner[]>(page, '/api/content/banner/')).some((b) => b.text === text)).toBe(false);

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this banner?' });
  await expect(dialog).toBeVisible();
  await auditA11y(page, 'delete banner confirmation');
  await dialog.getByRole('button', { name: 'Delete banner' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 banner deleted.' })).toBeAttached();
  await expect(page.locator('table tbody tr').filter({ hasText: text })).toHaveCount(0);
  await auditA11y(page, 'banner list');
});
