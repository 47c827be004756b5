import { expect, test } from '@playwright/test';
import { auditA11y, DEMO_PASSWORD, signInAsAdmin } from './admin-helpers.ts';

/**
 * The admin console's frame (spec 2, "Admin routes"): who may enter, where /admin leads, the
 * sidebar, the header user menu, and the phone layout.
 */

// Several axe runs per test, on 2 shared cores: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test('a guest on /admin/banner signs in and comes back to it', async ({ page }) => {
  await page.goto('/admin/banner');
  await expect(page).toHaveURL(/\/auth\/sign-in\?target=%2Fadmin%2Fbanner$/);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/banner$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pencil banner' })).toBeVisible();
});

test('a signed-in non-admin gets "You need administrator access"', async ({ page }) => {
  await page.goto(`/auth/sign-in?target=${encodeURIComponent('/admin/carousel')}`);
  await page.getByLabel('Email').fill('visitor@example.com');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/admin/carousel');
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect((await answer).status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'You need administrator access' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the public site' })).toHaveAttribute('href', '/discover/');
  // The admin API says no as well.
  expect((await page.request.get('/admin/api/banner/')).status()).toBe(403);
});

test('an admin lands on Featured Tags; sidebar, DISCOVER and SIGN OUT work', async ({ page }) => {
  await signInAsAdmin(page, '/admin');
  await expect(page).toHaveURL(/\/admin\/featured-tags$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Featured Tags' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  for (const label of ['Featured Tags', 'Featured Collections', 'Carousel', 'Spaces', 'Pencil banner', 'Audit log', 'Moderation']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Carousel', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/carousel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carousel' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-admin-ready', 'true');

  await page.getByRole('button', { name: /Account menu/ }).click();
  const discover = page.getByRole('link', { name: /DISCOVER/ });
  await expect(discover).toHaveAttribute('href', '/discover/');
  await expect(discover).toHaveAttribute('target', '_blank');
  await auditA11y(page, 'user menu open');
  await page.getByRole('button', { name: 'SIGN OUT' }).click();
  await expect(page).toHaveURL(/\/discover\/$/);
  expect((await page.request.get('/admin/api/banner/')).status()).toBe(401);
  const session = (await (await page.request.get('/api/session/user/')).json()) as { is_authenticated: boolean };
  expect(session.is_authenticated).toBe(false);
});

test('an unknown console address shows the not-found page inside the console', async ({ page }) => {
  await signInAsAdmin(page, '/admin/no-such-screen');
  await expect(page.getByText('There is no admin page at this address.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Featured Tags' }).click();
  await expect(page).toHaveURL(/\/admin\/featured-tags$/);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar collapses into a menu button', async ({ page }) => {
    await signInAsAdmin(page, '/admin/featured-tags');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(nav).toBeVisible();
    await auditA11y(page, 'phone menu open');
    await nav.getByRole('link', { name: 'Pencil banner' }).click();
    await expect(page).toHaveURL(/\/admin\/banner$/);
    await expect(nav).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
