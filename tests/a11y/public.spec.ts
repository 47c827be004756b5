import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, breakHeaderUser, getJson, islandsReady, searchBox } from '../e2e/public-helpers.ts';
import { expectNoAxeViolations } from '../axe.ts';

/** The live banner list the banner script asks for (with the page's `?locale=`). */
const BANNER_LIST = /\/api\/content\/banner\/(\?.*)?$/;

/**
 * axe (WCAG 2.2 AA rule set) over every page type of the public site, and over the interactive
 * states of the islands: search suggestions and the phone search dialog, the pencil banner, the
 * cookie banner and preference dialog, the language list, a notification and the scroll button.
 */

interface Pages {
  space: string;
  collection: string;
  account: string;
  tag: string;
  user: string;
}

async function samplePaths(page: Page): Promise<Pages> {
  const req = page.request;
  const space = (await getJson<{ results: { modelId: string }[] }>(req, '/api/content/space/?limit=1')).results[0]?.modelId ?? '';
  const collection = (await getJson<{ results: { sid: string }[] }>(req, '/api/content/collection/?limit=1')).results[0]?.sid ?? '';
  const account = (await getJson<{ results: { id: string }[] }>(req, '/api/content/account/?limit=1')).results[0]?.id ?? '';
  const tag = (await getJson<{ results: { slug: string }[] }>(req, '/api/content/tag/?limit=1')).results[0]?.slug ?? '';
  const user = (await getJson<{ results: { sid?: string; userSid?: string; id?: string }[] }>(req, '/api/content/user/?limit=1')).results[0];
  return { space, collection, account, tag, user: user?.sid ?? user?.userSid ?? user?.id ?? '' };
}

test.describe('every page type, cookie consent given', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL);
  });

  // Signed-in-only shells send a guest to sign-in as soon as the session call answers, and axe
  // would race that redirect. The call is held back, so axe sees the shell a guest sees first (and
  // a visitor without JavaScript keeps).
  const SHELLS = new Set(['accounts shell', 'private profile shell']);
  const PAGE_TYPES: [string, (p: Pages) => string][] = [
    ['home', () => '/discover/'],
    ['home (German)', () => '/discover/de/'],
    ['space', (p) => `/discover/space/${p.space}/`],
    ['related collections', (p) => `/discover/space/${p.space}/related-collections/`],
    ['space (German, rendered on request)', (p) => `/discover/de/space/${p.space}/`],
    ['FAQ (German frame, English text)', () => '/discover/de/faq/'],
    ['search (empty)', () => '/discover/search/'],
    ['search (results)', () => '/discover/search/?q=museum'],
    ['tag', (p) => `/discover/tag/${p.tag}/`],
    ['camera', () => '/discover/camera/matterport-pro2/'],
    ['collection', (p) => `/discover/collection/${p.collection}/`],
    ['account', (p) => `/discover/account/${p.account}/`],
    ['accounts shell', () => '/discover/accounts/'],
    ['private profile shell', () => '/discover/profile/private/'],
    ['profile', (p) => `/discover/profile/${p.user}/`],
    ['profile collections', (p) => `/discover/profile/${p.user}/collections/`],
    ['not found', () => '/discover/no-such-page'],
    ['not found (German)', () => '/discover/de/no-such-page'],
  ];
  for (const [label, pathOf] of PAGE_TYPES) {
    test(`${label} passes axe`, async ({ page }) => {
      const path = pathOf(await samplePaths(page));
      if (SHELLS.has(label)) await page.route('**/api/session/user/', (route) => route.abort());
      await page.goto(path);
      await islandsReady(page);
      if (SHELLS.has(label)) await expect(page.locator('[data-auth-shell] .shell__box')).toBeVisible();
      if (label.startsWith('search (results)')) await expect(page.locator('.results-summary')).not.toHaveText(/Searching/);
      await expectNoAxeViolations(page, `${label} ${path}`);
    });
  }

  test('search suggestions open, with results and an active option', async ({ page }) => {
    await page.goto('/discover/');
    await searchBox(page).click();
    await searchBox(page).fill('museum');
    await expect(page.getByRole('listbox').getByRole('option').first().locator('img')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expectNoAxeViolations(page, 'search suggestions');
  });

  test('the phone search dialog', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/discover/');
    await searchBox(page).click();
    await page.keyboard.type('castle');
    await expect(page.getByRole('dialog').getByRole('option').first().locator('img')).toBeVisible();
    await expectNoAxeViolations(page, 'phone search dialog');
  });

  test('pencil banners in both text colours, a notification and the scroll button', async ({ page }) => {
    // Four full-page axe runs over the home page (and one over the language list), each about 2 s
    // alone and several times that on a busy 2-core machine: a real wait, so a longer limit.
    test.setTimeout(60_000);
    for (const color of ['FFBB00', '1F3A8A', 'A0E7FF']) {
      await page.route(BANNER_LIST, (route) =>
        route.fulfill({
          json: [
            {
              id: `b-${color}`,
              text: 'A new collection of landmarks is live.',
              color,
              hyperlink: '/discover/',
              expirationDate: null,
              isActive: true,
              isHideable: true,
            },
          ],
        }),
      );
      await page.goto('/discover/');
      // The live list's first banner replaces the build's when the browser is idle.
      await expect(page.getByRole('complementary', { name: 'Announcement' })).toHaveAttribute('data-banner-id', `b-${color}`);
      await expectNoAxeViolations(page, `pencil banner ${color}`);
      await page.unroute(BANNER_LIST);
    }
    // The notifications island hydrates on its first notification (issue 15).
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('discover:notify', { detail: { message: 'Saved.', kind: 'success' } })));
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Saved.');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
    await expectNoAxeViolations(page, 'notification, scroll button');
    // The open language list is audited on its own: it floats over the footer's links, and how
    // many it hides depends on how many locales the build has (two on the test server).
    await page.locator('footer details summary').click();
    await expectNoAxeViolations(page, 'language list', { include: '[data-lang-switcher]' });
  });

  test('the render-error fallback', async ({ page }) => {
    // A signed-in session answer without a first name: the header's user island throws while rendering.
    await breakHeaderUser(page);
    await page.route('**/api/content/construct/', (route) => route.fulfill({ status: 204 }));
    await page.goto('/discover/');
    await expect(page.getByRole('dialog', { name: 'Page unavailable' })).toBeVisible();
    await expectNoAxeViolations(page, 'render error fallback');
  });
});

test.describe('cookie consent, before a choice', () => {
  test('the cookie banner', async ({ page }) => {
    await page.goto('/discover/');
    await islandsReady(page);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await expectNoAxeViolations(page, 'cookie banner');
  });

  test('the preference dialog, desktop and phone, with a section open', async ({ page }) => {
    // Two page loads and two full-page axe runs (see the pencil banner test).
    test.setTimeout(60_000);
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/discover/');
      await islandsReady(page);
      await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Cookie settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Privacy Preference Center' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Targeting cookies' }).click();
      await expectNoAxeViolations(page, `preference dialog at ${width}px`);
    }
  });

  test('the German cookie banner and dialog', async ({ page }) => {
    await page.goto('/discover/de/');
    await islandsReady(page);
    await page.getByRole('region', { name: 'Cookie-Einwilligung' }).getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    await expect(page.getByRole('dialog', { name: 'Datenschutz-Präferenzcenter' })).toBeVisible();
    await expectNoAxeViolations(page, 'German preference dialog');
  });
});
