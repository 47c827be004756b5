import { expect, test, type Page } from '@playwright/test';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';

/** Spaces (/admin/spaces) and 'About space' (/admin/spaces/{spaceId}): search, edit, slug, moderation, view counts, import. */

interface PublicSpace {
  id: string;
  modelId: string;
  name: string;
  slug: string;
  summary: string;
  tags: string[];
  views: number | null;
  organization: { id: string; companyName: string } | null;
}

/** A public space of an organization, far enough down the list that other tests leave it alone. */
async function someSpace(page: Page, index: number): Promise<PublicSpace> {
  const list = await getJson<{ results: PublicSpace[] }>(page, '/api/content/space/?limit=40');
  const withOrg = list.results.filter((s) => s.organization);
  return withOrg[index % withOrg.length] as PublicSpace;
}

test('About space: rename with tags through the leave dialog, new slug with the old one working, moderation, the organization link', async ({
  page,
  request,
  baseURL,
}) => {
  await signInAsAdmin(page, '/admin/spaces');
  const space = await someSpace(page, 25);
  const token = Date.now().toString(36);

  // Find it by its exact modelId and open About space.
  await page.getByRole('searchbox', { name: 'Search' }).fill(space.modelId);
  await page.getByRole('link', { name: `About ${space.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/spaces/${space.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'About space' })).toBeVisible();
  await expect(page.getByRole('link', { name: /View on the public site/ })).toHaveAttribute('href', `/discover/space/${space.modelId}`);
  await auditA11y(page, 'about space');

  // Unsaved edits: leaving asks first; 'Save changes' saves and goes on.
  const edit = page.getByRole('region', { name: 'Edit' });
  await edit.getByLabel('Name').fill(`${space.name} ${token}`);
  await edit.getByRole('combobox', { name: 'Tags' }).fill(`tag${token}`);
  await edit.getByRole('option', { name: `Create “tag${token}”` }).click();
  await expect(edit.getByRole('list', { name: 'Tags of this space' })).toContainText(`tag${token}`);
  await page.getByRole('link', { name: 'Back to Spaces' }).click();
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave this page without saving?' });
  await auditA11y(page, 'leave dialog');
  await leave.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/admin\/spaces$/);
  const saved = (await (await request.get(`/api/content/space/${space.id}/`)).json()) as PublicSpace;
  expect(saved).toMatchObject({ name: `${space.name} ${token}` });
  expect(saved.tags).toContain(`tag${token}`);

  // A new slug: the space answers to it, and to the old one.
  await page.goto(`/admin/spaces/${space.id}`);
  const slug = page.getByRole('region', { name: 'Address (slug)' });
  await slug.getByLabel('Slug').fill('Not A Slug');
  await slug.getByRole('button', { name: 'Update slug' }).click();
  await expect(slug.getByText('Use lowercase letters, digits and single dashes, like sunny-loft-paris')).toBeVisible();
  await slug.getByLabel('Slug').fill(`e2e-slug-${token}`);
  await slug.getByRole('button', { name: 'Update slug' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The slug is now e2e-slug-${token}` })).toBeAttached();
  expect((await (await request.get(`/api/content/space/e2e-slug-${token}/`)).json()) as PublicSpace).toMatchObject({ id: space.id });
  expect((await (await request.get(`/api/content/space/${space.slug}/`)).json()) as PublicSpace).toMatchObject({ id: space.id });

  // Moderate with a reason (confirmed), then lift.
  const moderation = page.getByRole('region', { name: 'Moderation' });
  await moderation.getByRole('button', { name: 'Moderate' }).click();
  await expect(moderation.getByText('Give the reason for moderating the space')).toBeVisible();
  await moderation.getByLabel('Reason for moderating').fill('Checked by the e2e test');
  await moderation.getByRole('button', { name: 'Moderate' }).click();
  await auditA11y(page, 'moderate space confirmation');
  await page
    .getByRole('dialog', { name: `Moderate ${space.name} ${token}?` })
    .getByRole('button', { name: 'Moderate' })
    .click();
  await expect(moderation).toContainText('Reason: Checked by the e2e test');
  expect((await request.get(`/api/content/space/${space.id}/`)).status()).toBe(404);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await moderation.getByRole('button', { name: 'Lift moderation' }).click();
  await page
    .getByRole('dialog', { name: `Lift the moderation of ${space.name} ${token}?` })
    .getByRole('button', { name: 'Lift moderation' })
    .click();
  await expect(moderation).toContainText('Not moderated');
  expect((await request.get(`/api/content/space/${space.id}/`)).status()).toBe(200);

  // The organization leads to its account status.
  const org = space.organization as { id: string; companyName: string };
  await page.getByRole('link', { name: `Account status of ${org.companyName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/accounts\\?q=${org.id}$`));
  await expect(page.locator(`tr[data-row-id="${org.id}"]`)).toContainText(org.companyName);

  await page.request.patch(`/admin/api/space/${space.id}/`, { headers: { Origin: baseURL ?? '' }, data: { name: space.name, tags: space.tags } });
});

test('Spaces: filters, the view-count switch, and an import with preview and per-row result', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page, '/admin/spaces');
  await expect(page.getByRole('heading', { level: 1, name: 'Spaces' })).toBeVisible();
  await auditA11y(page, 'spaces list');

  // Filters go to the address and narrow the list.
  await page.getByRole('checkbox', { name: 'Unlisted' }).check();
  await expect(page).toHaveURL(/visibility=UNLISTED/);
  await expect(page.locator('tbody tr').first()).toContainText('Unlisted');
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // View counts: off hides them from guests, on shows them again.
  const anySpace = await someSpace(page, 3);
  const views = page.getByRole('switch', { name: 'Show view counts on the public site' });
  await expect(views).toBeChecked();
  // The switch follows the saved setting (it turns once the API answers), so click and wait, not check().
  await views.click();
  await expect(views).not.toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'View counts are hidden on the public site.' })).toBeAttached();
  expect(((await (await request.get(`/api/content/space/${anySpace.id}/`)).json()) as PublicSpace).views).toBeNull();
  await views.click();
  await expect(views).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'View counts are shown on the public site.' })).toBeAttached();
  expect(((await (await request.get(`/api/content/space/${anySpace.id}/`)).json()) as PublicSpace).views).not.toBeNull();

  // Import: one known space (new summary) and one new space, from CSV.
  const known = await someSpace(page, 7);
  const modelId = `E2E${Date.now().toString(36)}`.slice(0, 11).padEnd(11, '0');
  const csv = [
    'modelId,name,summary,tags,cameras,countryCode,countryName',
    `${known.modelId},,Imported summary ${modelId},,,,`,
    `${modelId},Imported Loft ${modelId},A new space,loft|e2e,MC250,FR,France`,
    'short,Bad row,,,,,',
  ].join('\n');
  await page.getByRole('button', { name: 'Import spaces' }).click();
  await page.getByLabel('Feed (JSON or CSV)').fill(csv);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('import-preview');
  await expect(preview.locator('tbody tr')).toHaveCount(3);
  await expect(page.getByText('1 row has problems')).toBeVisible();
  await expect(preview.locator('tbody tr').nth(2)).toContainText('modelId: A modelId is 11 letters, digits or _');
  await expect(page.getByRole('button', { name: /^Import \d+ spaces?$/ })).toBeDisabled();

  await page.getByLabel('Feed (JSON or CSV)').fill(csv.split('\n').slice(0, 3).join('\n'));
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(preview.locator('tbody tr').nth(0)).toContainText('Update');
  await expect(preview.locator('tbody tr').nth(1)).toContainText('Create');
  await auditA11y(page, 'import preview');
  await page.getByRole('button', { name: 'Import 2 spaces' }).click();
  const confirm = page.getByRole('dialog', { name: 'Import 2 spaces?' });
  await expect(confirm).toContainText('1 new and 1 existing spaces');
  await confirm.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import done: 1 created, 1 updated, 0 unchanged.' })).toBeAttached();
  await expect(preview.locator('tbody tr').nth(0)).toContainText('Updated');
  await expect(preview.locator('tbody tr').nth(1)).toContainText('Created');

  const created = (await (await request.get(`/api/content/space/${modelId}/`)).json()) as PublicSpace & { countryName: string };
  expect(created).toMatchObject({ modelId, name: `Imported Loft ${modelId}`, countryName: 'France' });
  expect(created.tags).toEqual(['loft', 'e2e']);
  expect(((await (await request.get(`/api/content/space/${known.id}/`)).json()) as PublicSpace).summary).toBe(`Imported summary ${modelId}`);
  await preview.getByRole('link', { name: `Open Imported Loft ${modelId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/spaces/${created.id}$`));
});
