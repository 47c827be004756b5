import { expect, test } from '@playwright/test';
import { me, OWNER, sessionKnown, signIn, VISITOR } from './user-helpers.ts';

test.describe('profile editing', () => {
  test('edit profile with ?edit=true, save, reload: the values persist', async ({ page }) => {
    await signIn(page, VISITOR);
    const { user_sid } = await me(page);
    await page.goto(`/discover/profile/${user_sid}/?edit=true`);
    await sessionKnown(page, 'user');
    const stamp = `Scanning interiors since ${Date.now()}`;
    await page.getByLabel('Description').fill(stamp);
    await page.getByLabel('Location').fill('Porto');
    await page.getByLabel('Website').fill('visitor.example/portfolio');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.getByLabel('Website')).toHaveValue('https://visitor.example/portfolio');
    await page.reload();
    await expect(page.getByLabel('Description')).toHaveValue(stamp);
    await expect(page.getByLabel('Location')).toHaveValue('Porto');
    await expect(page.getByLabel('Website')).toHaveValue('https://visitor.example/portfolio');
  });

  test('a bad link is refused in the form', async ({ page }) => {
    await signIn(page, VISITOR);
    const { user_sid } = await me(page);
    await page.goto(`/discover/profile/${user_sid}/?edit=true`);
    await page.getByLabel('Website').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
    await expect(page.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
  });

  test('unsaved changes ask before leaving: Leave goes, Save changes saves first', async ({ page }) => {
    await signIn(page, VISITOR);
    const { user_sid } = await me(page);
    await page.goto(`/discover/profile/${user_sid}/?edit=true`);
    await page.getByLabel('Location').fill(`Lisbon ${Date.now() % 1000}`);
    await page.getByRole('link', { name: 'Discover home' }).click();
    const prompt = page.getByRole('dialog', { name: 'Are you sure you want to leave this page without saving?' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Leave' })).toBeVisible();
    const location = `Braga ${Date.now() % 1000}`;
    await page.keyboard.press('Escape');
    await expect(prompt).toBeHidden();
    await page.getByLabel('Location').fill(location);
    await page.getByRole('link', { name: 'Discover home' }).click();
    await prompt.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/discover\/$/);
    const profile = (await (await page.request.get('/api/content/user/me/profile/')).json()) as { location: { description: string } };
    expect(profile.location.description).toBe(location);
  });

  test('/profile/private shows my own profile, editable', async ({ page }) => {
    await signIn(page, VISITOR, '/discover/profile/private/');
    await expect(page.getByRole('link', { name: 'View public profile' })).toBeVisible();
    await expect(page.getByLabel('Description')).toBeVisible();
  });

  test("an organization's owner edits its profile on the account page", async ({ page }) => {
    await signIn(page, OWNER);
    const org = (await me(page)).memberships[0] as { organization_sid: string };
    await page.goto(`/discover/account/${org.organization_sid}/?edit=true`);
    await sessionKnown(page, 'user');
    const text = `We scan historic homes (${Date.now()}).`;
    await page.getByLabel('Description').fill(text);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Description')).toHaveValue(text);
  });

  test('a visitor gets no editing tools on an organization page', async ({ page }) => {
    await signIn(page, VISITOR);
    const org = ((await (await page.request.get('/api/content/account/?limit=1')).json()) as { results: { id: string }[] }).results[0] as { id: string };
    await page.goto(`/discover/account/${org.id}/?edit=true`);
    await sessionKnown(page, 'user');
    await expect(page.locator('.du-follow__btn')).toBeVisible();
    await expect(page.getByLabel('Description')).toHaveCount(0);
  });
});
