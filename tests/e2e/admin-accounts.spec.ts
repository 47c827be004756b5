import { expect, test } from '@playwright/test';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';

/** Accounts (/admin/accounts): account search, disabling and reactivating with confirmation, a person's status by id or sid. */

interface SpaceWithOrg {
  id: string;
  organization: { id: string; companyName: string } | null;
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page, '/admin/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
});

test('disabling an organization takes it off the public site; reactivating brings it back', async ({ page, request }) => {
  const spaces = await getJson<{ results: SpaceWithOrg[] }>(page, '/api/content/space/?limit=20');
  const org = spaces.results.map((s) => s.organization).find((o) => o !== null);
  if (!org) throw new Error('The demo world has spaces of organizations');
  const profile = `/api/content/account/${org.id}/profile/`;
  expect((await request.get(profile)).status()).toBe(200);
  await auditA11y(page, 'accounts screen');

  await page.getByRole('searchbox', { name: 'Search' }).fill(org.companyName);
  // The search is kept in the address, so the page can be linked (About space links here with ?q=).
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(org.companyName);
  const row = page.locator(`tr[data-row-id="${org.id}"]`);
  await expect(row).toContainText('Organization');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Disable ${org.companyName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Disable ${org.companyName}?` });
  await auditA11y(page, 'disable confirmation');
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 account disabled.' })).toBeAttached();
  await expect(row).toContainText('Disabled');
  expect((await request.get(profile)).status()).toBe(404);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await row.getByRole('button', { name: `Reactivate ${org.companyName}` }).click();
  await page
    .getByRole('dialog', { name: `Reactivate ${org.companyName}?` })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: '1 account reactivated.' })).toBeAttached();
  await expect(row).toContainText('Active');
  expect((await request.get(profile)).status()).toBe(200);
});

test("a person's status by id or sid: an unknown one is said under the field", async ({ page }) => {
  const form = page.getByRole('region', { name: 'Change a person’s status' });
  await form.getByLabel('User id or sid').fill('no-such-person');
  await form.getByLabel('New status').selectOption('DISABLED');
  await form.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable this person?' });
  await expect(dialog).toContainText('no-such-person can no longer sign in');
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(form.getByText('User not found: no-such-person.')).toBeVisible();
  await expect(form.getByLabel('User id or sid')).toHaveAttribute('aria-invalid', 'true');
});
