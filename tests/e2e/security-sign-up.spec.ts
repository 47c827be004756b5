import { expect, test } from '@playwright/test';
import { searchBox } from './public-helpers.ts';
import { emailLink, sessionKnown } from './user-helpers.ts';

/** The confirmation link in the newest email to an address. */
const confirmationLinkFor = (email: string) => emailLink(email, /https?:\/\/\S+verify-email\S+/, 'a confirmation link');

test('sign-up: a weak password is refused in the form; a good one leads to an email whose link signs in and returns to the target', async ({ page }) => {
  const email = `new${Date.now() % 1_000_000}@example.org`;
  await page.goto('/auth/sign-up?target=%2Fdiscover%2Faccounts%2F');
  await expect(page.getByText('15 or more is better')).toBeVisible();
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('This is one of the most common passwords.')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Password').fill('velvet harbour compass');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email to continue' })).toBeVisible();

  // Not confirmed yet: signing in says so (and sends a new link, which keeps the target).
  await page.goto('/auth/sign-in?target=%2Fdiscover%2Faccounts%2F');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('velvet harbour compass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Confirm your email address first');

  await page.goto(await confirmationLinkFor(email));
  await expect(page).toHaveURL(/\/discover\/accounts\/$/);
  await sessionKnown(page, 'user');
  // Search is for everyone: a new user has discover/search and so the header search box (issue 14).
  await expect(searchBox(page)).toBeVisible();
});
