import { expect, test } from '@playwright/test';
import { emailLink, sessionKnown } from './user-helpers.ts';
import { expectNoAxeViolations } from '../axe.ts';

test('forgot password: sign-in → Forgot password? → the emailed link → a new password → signed in; the link works once', async ({ page, baseURL }) => {
  const email = `reset${Date.now() % 1_000_000}@example.org`;
  // An account whose owner never confirmed it: the reset link proves the address as well.
  const signUp = await page.request.post('/auth/sign-up', {
    form: { firstName: 'Rita', lastName: 'Resetter', email, password: 'velvet harbour compass' },
    headers: { Origin: baseURL as string },
  });
  expect(signUp.status()).toBe(200);

  await page.goto('/auth/sign-in?target=%2Fdiscover%2Faccounts%2F');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expectNoAxeViolations(page, 'Reset your password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`If ${email} has a Discover account`)).toBeVisible();
  await expectNoAxeViolations(page, 'Check your email (reset)');

  const link = await emailLink(email, /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+(?:&target=[\w%.-]+)?/, 'a password-reset link');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText('15 or more is better')).toBeVisible();
  await expectNoAxeViolations(page, 'Choose a new password');

  // The sign-up policy: a common password is refused next to the field.
  await page.getByLabel('New password').fill('password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('This is one of the most common passwords.')).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('New password')).toBeFocused();
  await expectNoAxeViolations(page, 'Choose a new password, with an error');

  await page.getByLabel('New password').fill('lantern orchard sixty');
  // Checked by eye before saving, as the toggle allows.
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('New password')).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?reset=done&target=%2Fdiscover%2Faccounts%2F$/);
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  await expectNoAxeViolations(page, 'Sign in after a reset');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('lantern orchard sixty');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back where they started: the target of the first sign-in page rode along through the email.
  await expect(page).toHaveURL(/\/discover\/accounts\/$/);
  await sessionKnown(page, 'user');

  // Used once: the link now offers to send a new one.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This password-reset link has expired or has already been used.');
});

test('show password: a toggle button on sign-in, sign-up and the new-password page; focus stays on it; the field is a password field again when sent', async ({
  page,
}) => {
  await page.goto('/auth/sign-in');
  const field = page.getByLabel('Password', { exact: true });
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(field).toHaveAttribute('type', 'password');
  await expect(field).toHaveAttribute('autocomplete', 'current-password');
  await field.fill('discover-demo');

  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(field).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toBeFocused();
  await expect(field).toHaveValue('discover-demo');
  await expectNoAxeViolations(page, 'Sign in, password shown');

  await toggle.click();
  await expect(field).toHaveAttribute('type', 'password');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle).toBeFocused();

  // Sent while shown: the browser (and its password manager) sees a password field.
  await toggle.click();
  const typeWhenSent = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const form = document.querySelector('form') as HTMLFormElement;
        form.addEventListener('submit', (e) => {
          e.preventDefault();
          resolve((document.getElementById('f-password') as HTMLInputElement).type);
        });
      }),
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect(await typeWhenSent).toBe('password');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  await page.goto('/auth/sign-up');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');
});

test('show password: without JavaScript there is no dead toggle', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL as string });
  const page = await context.newPage();
  await page.goto('/auth/sign-in');
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0);
  await context.close();
});
