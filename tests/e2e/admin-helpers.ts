import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe.ts';

/** The demo administrator and the password of every demo sign-in. */
export const ADMIN = 'admin@example.com';
export const DEMO_PASSWORD = 'discover-demo';

/**
 * Signs in through the real /auth/sign-in form and lands on `target` (an /admin path), waiting
 * until the console knows the session is an administrator's.
 */
export async function signInAsAdmin(page: Page, target = '/admin/featured-tags', email = ADMIN): Promise<void> {
  // The product honours reduced motion (dialogs appear at once), so axe never reads a half-faded dialog on a loaded machine.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/auth/sign-in?target=${encodeURIComponent(target)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === target.split('?')[0]);
  await expect(page.locator('html')).toHaveAttribute('data-admin-ready', 'true');
}

/** axe over the page as it is now (dialogs open included); fails with the rules and elements found. */
export async function auditA11y(page: Page, label: string): Promise<void> {
  // A dialog fades in over 200 ms (spec 2); axe would read its colours half-way.
  // A dialog still opening or closing (no --shown yet, or any more) settles first: it shows, or it goes.
  await expect(page.locator('dialog[open]:not(.du-dialog--shown)')).toHaveCount(0);
  if (await page.locator('dialog[open]').count()) {
    const dialog = page.locator('dialog[open]').last();
    await expect(dialog).toHaveClass(/du-dialog--shown/);
    await expect(dialog).toHaveCSS('opacity', '1');
    // …and its panel and buttons may still be moving in: wait for every animation inside it.
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
  }
  // Anything else still fading in (the cookie banner after its island hydrates) settles there.
  await expectNoAxeViolations(page, label);
}

/** Reads JSON from the running API with the page's cookies. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}
