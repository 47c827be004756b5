import { expect, test } from '@playwright/test';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';
import { OWNER, signIn } from './user-helpers.ts';

/** Audit log (/admin/audit-log): a user's change and an admin's change appear with who, what, when and the diff; filters narrow them. */

test('a user’s profile edit and an admin’s space rename show who, what, when and the changed values', async ({ page, browser, baseURL }) => {
  const token = `audit-${Date.now()}`;
  const headers = { Origin: baseURL ?? '' };

  // The owner edits their profile on the site (the content API).
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signIn(ownerPage, OWNER);
  const edit = await ownerPage.request.post('/api/content/user/me/profile/', { headers, data: { description: `Profile text ${token}` } });
  expect(edit.ok()).toBeTruthy();
  await owner.close();

  // An administrator renames a space (the admin API).
  await signInAsAdmin(page, '/admin/audit-log');
  const space = (await getJson<{ results: { id: string; name: string }[] }>(page, '/api/content/space/?limit=3')).results[2] as { id: string; name: string };
  const renamed = await page.request.patch(`/admin/api/space/${space.id}/`, { headers, data: { name: `${space.name} ${token}` } });
  expect(renamed.ok()).toBeTruthy();

  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(token);
  await expect(page.getByRole('heading', { name: '2 entries' })).toBeVisible();
  await auditA11y(page, 'audit log');

  const entries = page.getByTestId('audit-entries').getByRole('listitem');
  const rename = entries.filter({ hasText: 'by admin@example.com' });
  await expect(rename).toContainText('Update · Space');
  await expect(rename).toContainText('Admin');
  const nameRow = rename.locator('tr.aud-diff__changed', { hasText: 'name' });
  await expect(nameRow.locator('td').first()).toHaveText(space.name);
  await expect(nameRow.locator('td').last()).toHaveText(`${space.name} ${token}`);
  await expect(rename.getByRole('link', { name: space.id })).toHaveAttribute('href', `/admin/spaces/${space.id}`);
  await expect(rename.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  const profile = entries.filter({ hasText: `by ${OWNER}` });
  await expect(profile).toContainText('Update profile · User');
  await expect(profile.locator('.adm-badge').first()).toHaveText('User');
  await expect(profile.locator('tr.aud-diff__changed', { hasText: 'description' }).locator('td').last()).toHaveText(`Profile text ${token}`);

  // Admin changes only: the user's edit leaves the list.
  await page.getByLabel('Admin changes only').check();
  await expect(page.getByRole('heading', { name: '1 entry' })).toBeVisible();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('by admin@example.com');

  // Oldest first, and dates that cannot be right are said under the field.
  await page.getByLabel('Admin changes only').uncheck();
  await page.getByLabel('Oldest first').check();
  await expect(entries.first()).toContainText(`by ${OWNER}`);
  await page.getByLabel('From').fill('2030-01-02');
  await page.getByLabel('To').fill('2030-01-01');
  await expect(page.getByText('The end date is before the start date.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '0 entries' })).toBeVisible();

  await page.request.patch(`/admin/api/space/${space.id}/`, { headers, data: { name: space.name } });
});
