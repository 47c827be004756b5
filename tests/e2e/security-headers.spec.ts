import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, OWNER, sessionKnown, someSpace } from './user-helpers.ts';

/** Collects what the Content-Security-Policy refused on a page: console reports and securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply|evaluate|frame|connect)/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))];
}

/** Signs in through the API (the page's context keeps the cookie). */
async function signInAs(page: Page, email: string, baseURL: string): Promise<void> {
  const res = await page.request.post('/auth/sign-in', { form: { email, password: DEMO_PASSWORD }, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
}

test.describe('the Content-Security-Policy lets the product work', () => {
  test('home, a space, search and a sign-in page load and hydrate with no CSP violation', async ({ page, request }) => {
    const space = await someSpace(request);
    const violations = await watchViolations(page);
    for (const path of ['/discover/', `/discover/space/${space.modelId}/`, '/discover/search/?q=museum']) {
      const res = await page.goto(path);
      expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'[^;]*'sha256-/);
      expect(res?.headers()['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      await sessionKnown(page, 'guest');
      await page.waitForLoadState('networkidle');
      expect(await violations(), path).toEqual([]);
    }
    // The search page's results come from the API's search, drawn by the page's script under the policy.
    await expect(page.locator('[data-results] article.card').first()).toBeVisible();
    expect(await violations()).toEqual([]);
    await page.goto('/auth/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('the admin console runs under the policy', async ({ page, baseURL }) => {
    await signInAs(page, 'admin@example.com', baseURL as string);
    const violations = await watchViolations(page);
    await page.goto('/admin');
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  test('a signed-in user’s profile editor cannot be framed by a sibling origin; the embeddable player can', async ({ page, baseURL }) => {
    await signInAs(page, OWNER, baseURL as string);
    const base = new URL(baseURL as string);
    // A sibling origin (same host, another port: same site, so the session cookie goes along) serving a page that frames ours.
    const evil = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><title>evil</title><iframe id="editor" src="${base.origin}/discover/profile/private/"></iframe><iframe id="player" src="${base.origin}/discover/showcase/?m=x"></iframe>`,
      );
    });
    await new Promise<void>((ok) => evil.listen(0, base.hostname, ok));
    try {
      await page.goto(`http://${base.hostname}:${(evil.address() as AddressInfo).port}/`);
      const player = await (await page.$('#player'))?.contentFrame();
      await expect.poll(() => player?.url()).toContain('/discover/showcase/');
      await expect.poll(async () => player?.title()).not.toBe('');
      // Chromium replaces a refused frame's document with its error page: nothing of ours is in it.
      const editor = await (await page.$('#editor'))?.contentFrame();
      await expect.poll(() => editor?.url()).toBe('chrome-error://chromewebdata/');
    } finally {
      evil.close();
    }
  });
});
