import { expect, test, type Page } from '@playwright/test';
import type { SpaceInsight } from '../../src/domain/insight.ts';
import { auditA11y, signInAsAdmin } from './admin-helpers.ts';
import { acceptCookies } from './public-helpers.ts';
import { OWNER, signIn } from './user-helpers.ts';

/**
 * Issue 27: the owner's insight in Manage spaces (a sparkline per space, a chart per space with
 * its table, fed by consented page views) and Find a 3D Pro as a directory (place search with and
 * without JavaScript, 'Book a capture' into the ordering flow with the pro's area).
 */

const SHOTS = process.env['E2E_SHOTS_DIR'];
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('Manage spaces: a sparkline per space, a chart with a table per space, and a page view shows up in it', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, OWNER, '/discover/manage/');
  // A public space: a guest's visit to its page is counted below (a delivered capture is private).
  const rows = page.locator('.ms-row[data-visibility="PUBLIC"]');
  await expect(rows.first()).toBeVisible();
  // The demo owner's spaces have a year of views: every row gets its sparkline and figure.
  await expect(rows.first().getByTestId('sparkline')).toContainText(/\d+ views in 30 days/);

  const first = rows.first();
  const spaceId = (await first.getAttribute('data-space-id')) as string;
  const name = (await first.locator('.ms-name').innerText()).trim();
  const toggle = first.getByRole('button', { name: /^Show insight/ });
  await expect(toggle).toHaveAccessibleName(new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await toggle.click();
  const panel = first.getByTestId('space-insight');
  await expect(first.getByRole('button', { name: /^Hide insight/ })).toHaveAttribute('aria-expanded', 'true');
  const chart = panel.getByRole('img', { name: /Page views per day, last 30 days/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('rect.ins-bar')).toHaveCount(30);
  await expect(panel.getByTestId('chart-summary')).toContainText(/views from \w{3} \d+ to \w{3} \d+\. Busiest day: \w{3} \d+/);
  await expect(panel.locator('.ins-figure', { hasText: 'Views, last 365 days' }).locator('dd')).toHaveText(/^[\d,]+$/);
  await shot(page, 'manage-insight');
  await auditA11y(page, 'manage spaces: insight open');

  // The year, per week; then the same numbers as a table.
  await panel.getByRole('button', { name: '365 days' }).click();
  await expect(panel.getByRole('img', { name: /Page views per week, last 365 days/ }).locator('rect.ins-bar')).toHaveCount(53);
  await panel.getByRole('button', { name: 'Show as table' }).click();
  const table = panel.getByRole('table', { name: 'Page views per week, last 365 days' });
  await expect(table.getByRole('columnheader', { name: 'Week from' })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(53);
  await auditA11y(page, 'manage spaces: insight as a table');

  // A consented guest's visit to the space's page is counted today.
  const before = (await (await page.request.get(`/api/insights/space/${spaceId}/`)).json()) as SpaceInsight;
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await acceptCookies(guestPage, baseURL);
  const sent = guestPage.waitForRequest((r) => r.url().includes('/api/analytics/events') && r.method() === 'POST');
  await guestPage.goto(`/discover/space/${before.modelId}/`);
  await sent;
  // The guest's page stays open until the count moves: closing it could cancel the keepalive post.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/insights/space/${spaceId}/`)).json()) as SpaceInsight).daily.at(-1), { timeout: 15_000 })
    .toBe((before.daily.at(-1) ?? 0) + 1);
  await guest.close();

  // German: the page and the chart speak the page's language, days included.
  await page.goto('/discover/de/manage/');
  await expect(page.getByRole('heading', { level: 1, name: 'Spaces verwalten' })).toBeVisible();
  const de = page.locator('.ms-row').first();
  await expect(de.getByTestId('sparkline')).toContainText(/Aufrufe in 30 Tagen/);
  await de.getByRole('button', { name: /^Statistik zeigen/ }).click();
  await expect(de.getByRole('img', { name: /Seitenaufrufe pro Tag, letzte 30 Tage/ })).toBeVisible();
  await expect(de.getByTestId('chart-summary')).toContainText(/Aufrufe vom \d+\. \S+ bis \d+\. \S+/);
  await shot(page, 'manage-insight-de');
});

test('Find a 3D Pro: a directory of technicians and partners, searchable by place, works without JavaScript', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await acceptCookies(page, baseURL);
  await page.goto('/discover/pros/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a 3D Pro' })).toBeVisible();
  await expect(page.getByTestId('pro-promise')).toContainText('within 24 hours of the visit');
  const cards = page.getByTestId('pro-card');
  const total = await cards.count();
  expect(total).toBeGreaterThan(30);
  const priya = page.getByRole('article', { name: 'Priya Natarajan' });
  await expect(priya).toContainText('San Francisco, California, United States');
  await expect(priya).toContainText('within 70 km');
  await expect(priya).toContainText(/English, Chinese/);
  await expect(page.getByRole('heading', { name: 'Partner professionals' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Tourly' })).toContainText('Paris, Île-de-France, France');
  await shot(page, 'pros');
  await auditA11y(page, 'find a 3d pro');

  const search = page.getByRole('searchbox', { name: 'Search by city, region or country' });
  await search.fill('California');
  await expect(page.getByTestId('pro-count')).toHaveText('Pros found: 3');
  await expect(page.locator('.pro-card:not([hidden])')).toHaveCount(3);
  await expect(page.getByRole('article', { name: 'Priya Natarajan' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Staged & Co.' })).toBeVisible();
  await search.fill('japan');
  await expect(page.getByTestId('pro-count')).toHaveText('Pros found: 2');
  await search.fill('Atlantis');
  await expect(page.getByTestId('pro-count')).toHaveText('Pros found: 0');
  await expect(page.getByText('No pro serves this place yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our technicians' })).toBeHidden();
  await shot(page, 'pros-no-match');

  // The form's address (what a submit without JavaScript gives) filters on arrival.
  await page.goto('/discover/pros/?place=paris');
  await expect(page.getByTestId('pro-count')).toHaveText('Pros found: 2');
  await expect(search).toHaveValue('paris');

  // Without JavaScript the whole directory is there, with its country index.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto('/discover/pros/');
  await expect(plain.getByTestId('pro-card')).toHaveCount(total);
  await expect(plain.getByRole('navigation', { name: 'Countries' }).getByRole('link', { name: 'Japan' })).toHaveAttribute('href', '#pro-jp');
  await noJs.close();

  // German: the page, countries and languages in German.
  await page.goto('/discover/de/pros/');
  await expect(page.getByRole('heading', { level: 1, name: 'Finde einen 3D-Profi' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Priya Natarajan' })).toContainText('San Francisco, California, Vereinigte Staaten');
  await expect(page.getByRole('article', { name: 'Priya Natarajan' })).toContainText('Englisch, Chinesisch');
  await page.getByRole('searchbox', { name: 'Nach Stadt, Region oder Land suchen' }).fill('Vereinigte Staaten');
  await expect(page.getByTestId('pro-count')).toHaveText(/Gefundene Profis: \d+/);
  await auditA11y(page, 'find a 3d pro (de)');
});

test("Find a 3D Pro: 'Book a capture' starts the ordering flow with the pro's area", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, OWNER, '/discover/pros/');
  const book = page.getByRole('link', { name: 'Book a capture with Priya Natarajan in San Francisco' });
  await expect(book).toHaveAttribute('href', '/discover/capture/order/?country=US&city=San+Francisco');
  await book.click();
  await page.waitForURL((url) => url.pathname === '/discover/capture/order/' && url.search === '?step=address');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('City')).toHaveValue('San Francisco');
  await shot(page, 'pros-book');
});

test("Console: an account's insight from Accounts, and a space's chart on 'About space'", async ({ browser }) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, OWNER, '/discover/manage/');
  const mine = (await (await owner.request.get('/api/marketplace/spaces/?limit=1')).json()) as { results: { account: { id: string; name: string } | null }[] };
  const account = mine.results[0]?.account as { id: string; name: string };
  await ownerContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page, '/admin/accounts');
  await page.getByRole('searchbox', { name: 'Search' }).fill(account.id);
  await page.getByRole('link', { name: `Insight of ${account.name}` }).click();
  await page.waitForURL(`**/admin/accounts/${account.id}/insight`);
  await expect(page.getByRole('heading', { level: 1, name: `Insight: ${account.name}` })).toBeVisible();
  const table = page.getByRole('grid', { name: 'Spaces of the account' }).or(page.getByRole('table', { name: 'Spaces of the account' }));
  await expect(table.getByTestId('sparkline').first()).toContainText(/views in 30 days/);
  await shot(page, 'admin-account-insight');
  await auditA11y(page, 'admin: account insight');

  // A space with views in the last 30 days (a just-delivered capture has none yet).
  await table
    .getByRole('row')
    .filter({ hasText: /[1-9][\d,]* views in 30 days/ })
    .getByRole('link')
    .first()
    .click();
  const card = page.getByTestId('admin-space-insight');
  await expect(card.getByRole('img', { name: /Page views per day, last 30 days/ })).toBeVisible();
  await expect(card.locator('.ins-figure', { hasText: 'Views, last 30 days' }).locator('dd')).toHaveText(/^[1-9][\d,]*$/);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'admin-space-insight');
  await auditA11y(page, 'admin: about space with insight');
  await context.close();
});
