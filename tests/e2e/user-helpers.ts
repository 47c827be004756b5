import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Where the e2e server writes its emails (SMTP_URL unset): DATA_DIR/mail, as in playwright.config.ts. */
const MAIL_DIR = join(process.env['E2E_DATA_DIR'] ?? '/tmp/discover-e2e-data', 'mail');

/** The first link matching `pattern` in the newest email to an address that has one, waiting for the outbox to deliver it. */
export async function emailLink(to: string, pattern: RegExp, what = 'a link'): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        for (const file of readdirSync(MAIL_DIR).sort().reverse()) {
          // Quoted-printable wraps long lines with '=' and encodes '=' itself as '=3D'.
          const text = readFileSync(join(MAIL_DIR, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          if (!text.includes(`To: ${to}`)) continue;
          link = pattern.exec(text)?.[0] ?? '';
          if (link) return link;
        }
        return '';
      },
      { timeout: 30_000, message: `${what} in an email to ${to}` },
    )
    .not.toBe('');
  return link;
}

/** The demo password of every demo sign-in (printed by `npm start`). */
export const DEMO_PASSWORD = 'discover-demo';
/** Demo users: one owns spaces and an organization, one owns nothing. */
export const OWNER = 'owner@example.com';
export const VISITOR = 'visitor@example.com';

/** Signs in through the /auth/sign-in form, as a person does, and lands on `target`. */
export async function signIn(page: Page, email: string, target = '/discover/'): Promise<void> {
  await page.goto(`/auth/sign-in?target=${encodeURIComponent(target)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname + url.search === target || url.pathname === target);
}

/** The signed-in user as the page's session sees it. */
export async function me(page: Page): Promise<{ user_sid: string; group_sid: string; memberships: { organization_sid: string; name: string }[] }> {
  const res = await page.request.get('/api/session/user/');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { user_sid: string; group_sid: string; memberships: { organization_sid: string; name: string }[] };
}

/** Reads JSON from the running API. */
export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** A listed space to act on. */
export async function someSpace(request: APIRequestContext): Promise<{ id: string; modelId: string; name: string }> {
  const page = await api<{ results: { id: string; modelId: string; name: string }[] }>(request, '/api/content/space/?limit=1');
  return page.results[0] as { id: string; modelId: string; name: string };
}

/** Waits until the page's islands have hydrated and the session is known (the header island marks it on <html>). */
export async function sessionKnown(page: Page, state: 'user' | 'guest'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-session', state);
}
