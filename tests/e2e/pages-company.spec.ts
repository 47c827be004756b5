import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { auditA11y, signInAsAdmin } from './admin-helpers.ts';
import { acceptCookies } from './public-helpers.ts';
import { OWNER, signIn } from './user-helpers.ts';

/**
 * Issue 14, "Real pages behind every link": the footer's Company column, the legal links, the
 * account menu's links and the consent dialog's policy link are pages of the product; the blog
 * has an RSS feed; FAQ questions are linkable; the three forms store what is sent and an
 * administrator sees it in the console; Manage spaces lists the owner's spaces.
 */

const dataDir = process.env['E2E_DATA_DIR'] ?? '/tmp/discover-e2e-data';
/** A link to a `*.example` host (example.com and friends are fine: they are real reserved domains used for demo addresses). */
const EXAMPLE_HOST = /https?:\/\/[a-z0-9.-]+\.example(?![a-z0-9.-])/i;

async function linkTargets(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
}

/** The form island hydrates on load; a click before that would reach no handler. */
async function formReady(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].some((i) => i.getAttribute('component-url')?.includes('CompanyForm') && !i.hasAttribute('ssr')),
  );
}

test('footer, legal and account-menu links are 200 pages of the product; no *.example host is left in the built site', async ({ page }) => {
  await page.goto('/discover/');
  const footer = [...(await linkTargets(page, '.site-footer nav a, .site-footer a[href*="/legal/"]'))].filter((h) => h.startsWith('/discover/'));
  const company = ['about', 'blog', 'press', 'faq', 'help', 'pros', 'contact'].map((p) => `/discover/${p}/`);
  const legal = ['terms', 'privacy', 'cookies'].map((p) => `/discover/legal/${p}/`);
  for (const path of [...company, ...legal]) expect(footer, `footer links ${path}`).toContain(path);
  for (const path of [...company, ...legal, '/discover/feedback/', '/discover/nominate/', '/discover/manage/', '/discover/blog/rss.xml']) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
  }
  // The consent banner's learn-more link goes to the cookie policy, which lists the real cookies.
  await expect(page.getByRole('region', { name: /cookie/i }).getByRole('link')).toHaveAttribute('href', '/discover/legal/cookies/');
  await page.goto('/discover/legal/cookies/');
  await expect(page.locator('time')).toContainText(/\d{4}/);
  for (const name of ['discover.session_token', '__Host-discover.session_token', 'cookie_consent_v3', 'discover:analytics-session'])
    await expect(page.locator('td code', { hasText: name }).first()).toBeVisible();

  // The signed-in menu's company links stay on the site.
  await signIn(page, OWNER, '/discover/about/');
  await page.getByRole('button', { name: /Account menu of/ }).click();
  for (const [name, path] of [
    ['Manage spaces', '/discover/manage/'],
    ['Blog', '/discover/blog/'],
    ['Nominate a space', '/discover/nominate/'],
    ['Send feedback', '/discover/feedback/'],
    ['Help', '/discover/help/'],
  ] as const)
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })).toHaveAttribute('href', path);

  // The built site: every top-level page and every script chunk (the menu lives in one).
  const site = join(dataDir, 'site', 'current');
  const files: string[] = [];
  for (const entry of readdirSync(site, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name === '_astro')
      files.push(
        ...readdirSync(join(site, '_astro'))
          .filter((f) => f.endsWith('.js'))
          .map((f) => join(site, '_astro', f)),
      );
    else if (entry.isDirectory()) files.push(join(site, entry.name, 'index.html'));
  }
  const offenders = files.filter((f) => {
    try {
      return EXAMPLE_HOST.test(readFileSync(f, 'utf8'));
    } catch {
      return false; // a folder without its own page
    }
  });
  expect(files.length).toBeGreaterThan(20);
  expect(offenders).toEqual([]);
});

test('blog with RSS, FAQ anchors, help articles and Find a 3D Pro read as real pages and pass axe', async ({ page, baseURL }) => {
  test.setTimeout(120_000); // five axe runs on a shared machine
  // A returning visitor who has decided: the banner (audited in tests/a11y) would otherwise rise in mid-audit.
  await acceptCookies(page, baseURL);
  await page.goto('/discover/blog/');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/discover/blog/rss.xml');
  const posts = page.locator('.blog-card');
  expect(await posts.count()).toBeGreaterThanOrEqual(5);
  await auditA11y(page, 'blog');
  const feed = await (await page.request.get('/discover/blog/rss.xml')).text();
  const parsed = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      titles: [...doc.querySelectorAll('item > title')].map((t) => t.textContent),
      links: [...doc.querySelectorAll('item > link')].map((t) => t.textContent ?? ''),
    };
  }, feed);
  expect(parsed.error).toBeNull();
  expect(parsed.titles.length).toBe(await posts.count());
  expect(parsed.titles[0]).toBe(await posts.first().locator('h2').innerText());
  const first = new URL(parsed.links[0] ?? '');
  expect((await page.request.get(first.pathname)).status()).toBe(200);

  await page.goto('/discover/faq/');
  const question = page.getByRole('navigation', { name: 'Questions' }).getByRole('link').nth(3);
  const anchor = (await question.getAttribute('href')) ?? '';
  expect(anchor).toMatch(/^#[a-z0-9-]+$/);
  await question.click();
  await expect(page).toHaveURL(new RegExp(`${anchor}$`));
  await expect(page.locator(`h2${anchor}`)).toBeInViewport();
  // A question's address opens at that question.
  await page.goto(`/discover/faq/${anchor}`);
  await expect(page.locator(`h2${anchor}`)).toBeInViewport();
  await auditA11y(page, 'faq');

  await page.goto('/discover/help/');
  expect(await page.locator('.help-card').count()).toBeGreaterThanOrEqual(6);
  await page.locator('.help-card', { hasText: 'Ordering a capture' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ordering a capture');
  await expect(page.locator('.cp-toc a[aria-current="page"]')).toHaveText('Ordering a capture');
  await auditA11y(page, 'help article');

  await page.goto('/discover/pros/');
  await expect(page.getByTestId('pro-count')).toContainText('Pros found:');
  await expect(page.getByRole('heading', { level: 2, name: 'Our technicians' })).toBeVisible();
  await expect(page.locator('.pro-country', { hasText: 'Japan' })).toContainText('Tokyo');
  await expect(page.getByRole('link', { name: 'Order a capture' }).first()).toHaveAttribute('href', '/discover/capture/order/');
  await auditA11y(page, 'find a pro');
  for (const path of ['/discover/legal/cookies/', '/discover/about/', '/discover/press/']) {
    await page.goto(path);
    await auditA11y(page, path);
  }
});

test('the three forms confirm what was sent, and an administrator sees and handles it in Submissions', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await page.goto('/discover/contact/');
  await formReady(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await auditA11y(page, 'contact form with errors');
  await page.getByLabel('Your name').fill(`Ines ${stamp}`);
  await page.getByLabel('Email address').fill('ines@example.com');
  await page.getByLabel('Topic').selectOption('Press');
  await page.getByLabel('Message').fill('Could we interview your team about scanning museums?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('form-confirmation')).toContainText('We sent a confirmation to ines@example.com');

  await page.goto('/discover/feedback/');
  await formReady(page);
  await page.getByLabel('Your feedback is about').selectOption('Idea');
  await page.getByLabel('Feedback', { exact: true }).fill(`A dark mode for tours, please (${stamp}).`);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByTestId('form-confirmation')).toContainText('Thank you for your feedback');

  await page.goto('/discover/nominate/');
  await formReady(page);
  await page.getByLabel('Link to the space').fill('discover.example.com/space/lighthouse');
  await page.getByLabel('Why should it be featured?').fill('The spiral stairs are a joy to walk up.');
  await page.getByLabel('Your name').fill(`Ola ${stamp}`);
  await page.getByLabel('Email address').fill('ola@example.com');
  await page.getByRole('button', { name: 'Send nomination' }).click();
  await expect(page.getByTestId('form-confirmation')).toContainText('Thank you for your nomination');
  await auditA11y(page, 'nomination sent');

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAsAdmin(admin, '/admin/submissions');
  await expect(admin.getByRole('heading', { level: 1, name: 'Submissions' })).toBeVisible();
  const row = admin.locator('tr', { hasText: `Ines ${stamp}` });
  await expect(row).toContainText('Could we interview your team');
  await expect(admin.locator('tr', { hasText: `Ola ${stamp}` })).toContainText('https://discover.example.com/space/lighthouse');
  await expect(admin.locator('tr', { hasText: stamp })).toHaveCount(3);
  await auditA11y(admin, 'admin submissions');
  await row.getByRole('button', { name: 'Mark handled' }).click();
  await expect(admin.getByText('Marked handled.').first()).toBeVisible();
  await expect(admin.locator('tr', { hasText: `Ines ${stamp}` })).toHaveCount(0);
  await context.close();
});

test('Manage spaces lists the owner’s spaces with their visibility; a guest is sent to sign in', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/discover/manage/');
  await page.waitForURL((url) => url.pathname === '/auth/sign-in' && url.searchParams.get('target') === '/discover/manage/');
  await signIn(page, OWNER, '/discover/manage/');
  const rows = page.locator('.ms-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('manage-count')).toContainText('spaces');
  const badges = await page.getByTestId('visibility').allInnerTexts();
  expect(badges.every((b) => ['PUBLIC', 'UNLISTED', 'PRIVATE'].includes(b))).toBe(true);
  await expect(rows.first().getByRole('link', { name: /^Open/ })).toHaveAttribute('href', /^\/discover\/space\//);
  await auditA11y(page, 'manage spaces');
  await rows
    .first()
    .getByRole('button', { name: /^Add to collection/ })
    .click();
  await expect(page.locator('dialog[open]')).toBeVisible();
  await auditA11y(page, 'manage spaces: add to collection');
});
