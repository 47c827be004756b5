import { expect, test } from '@playwright/test';
import { OWNER, sessionKnown, signIn, VISITOR } from './user-helpers.ts';

test.describe('header user actions', () => {
  test('a guest sees Capture my 3d Model and Sign In carrying the current address', async ({ page }) => {
    await page.goto('/discover/search/?q=loft');
    await sessionKnown(page, 'guest');
    await expect(page.getByRole('link', { name: 'Capture my 3d Model' })).toBeVisible();
    const signInLink = page.getByRole('link', { name: 'Sign In', exact: true });
    await expect(signInLink).toHaveAttribute('href', `/auth/sign-in?target=${encodeURIComponent('/discover/search/?q=loft')}`);
  });

  test('a user without spaces gets Capture a space, and the account menu; sign out returns to guest', async ({ page }) => {
    await signIn(page, VISITOR);
    await sessionKnown(page, 'user');
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Capture a space' }).click();
    await expect(page).toHaveURL(/#capture-space$/);
    const dialog = page.getByRole('dialog', { name: 'Capture a space' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Order a capture' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: /Account menu of/ }).click();
    const menu = page.locator('.du-menu');
    for (const item of ['Manage spaces', 'My organizations', 'My collections', 'Edit profile', 'Blog', 'Nominate a space', 'Send feedback', 'Help']) {
      await expect(menu.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'My organizations' })).toHaveAttribute('href', '/discover/accounts/');
    await expect(menu.getByRole('link', { name: 'My collections' })).toHaveAttribute('href', /\/discover\/profile\/\w+\/collections\/$/);
    await expect(menu.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', /\/discover\/profile\/\w+\/\?edit=true$/);
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await sessionKnown(page, 'guest');
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    expect(((await (await page.request.get('/api/session/user/')).json()) as { is_authenticated: boolean }).is_authenticated).toBe(false);
  });

  test('a user with spaces gets Add your space, which lists a space by its ID', async ({ page }) => {
    await signIn(page, OWNER);
    await sessionKnown(page, 'user');
    await page.getByRole('button', { name: 'Add your space' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add your space' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Space ID or link').fill('not a space');
    await dialog.getByRole('button', { name: 'Add to Discover' }).click();
    await expect(dialog.getByRole('alert')).toContainText('11-character');
  });

  test('/accounts is for signed-in users: guests go to sign-in and come back', async ({ page }) => {
    await page.goto('/discover/accounts/');
    await expect(page).toHaveURL(/\/auth\/sign-in\?target=%2Fdiscover%2Faccounts%2F/);
    await page.getByLabel('Email').fill(OWNER);
    await page.getByLabel('Password').fill('discover-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/discover\/accounts\/$/);
    await expect(page.getByRole('heading', { name: 'My organizations' }).last()).toBeVisible();
    await expect(page.locator('.du-orgs li').first()).toBeVisible();
  });
});
