import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe.ts';
import { layoutShift, watchLayoutShifts } from './public-helpers.ts';

/**
 * The search page (issue 25): one engine (the API's search, the header preview's too), typos
 * forgiven with "Did you mean …?", sort and filter chips in the address, the Grid / List / Map switch
 * with "Search this area", and no React before interaction.
 */

interface Card {
  modelId: string;
  name: string;
}
interface SearchPage {
  results: Card[];
  totalResults: number;
  suggestion: string | null;
}

async function apiSearch(request: APIRequestContext, body: object): Promise<SearchPage> {
  const res = await request.post('/api/content/space/search/', { data: body });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as SearchPage;
}

const cards = (page: Page) => page.locator('[data-results] > li:not([data-skeleton])');
const cardLinks = (page: Page) => cards(page).locator('.card__title a');
const firstLinks = async (page: Page, n: number) => (await cardLinks(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')))).slice(0, n);
const hrefOf = (c: Card) => `/discover/space/${c.modelId}/`;
const summary = (page: Page) => page.locator('[data-summary]');

/** React, its DOM client and the i18next chunk, as the build names them (see shell-js.spec.ts). */
const HEAVY = /\/_astro\/(client|i18n|react|react-dom)\.[\w-]+\.js$/;

test('a misspelled query shows the intended spaces, "Did you mean" corrects it, and the header preview agrees', async ({ page, request }) => {
  const intended = await apiSearch(request, { searchText: 'lighthouse', pageSize: 24 });
  expect(intended.totalResults, 'the e2e world has lighthouses').toBeGreaterThan(0);
  const typo = await apiSearch(request, { searchText: 'lighthuose', pageSize: 24 });
  expect(typo.suggestion).toBe('lighthouse');

  await page.goto('/discover/search/?q=lighthuose');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “lighthuose”');
  await expect(summary(page)).toHaveText(`${intended.totalResults} space${intended.totalResults === 1 ? '' : 's'}`);
  expect(await firstLinks(page, 3)).toEqual(intended.results.slice(0, 3).map(hrefOf));
  const didYouMean = page.locator('[data-suggestion]');
  await expect(didYouMean).toHaveText('Did you mean lighthouse?');
  await didYouMean.getByRole('link', { name: 'lighthouse' }).click();
  await expect(page).toHaveURL(/[?&]q=lighthouse(&|$)/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “lighthouse”');
  await expect(didYouMean).toBeHidden();
  expect(await firstLinks(page, 3)).toEqual(intended.results.slice(0, 3).map(hrefOf));

  // The header preview asks the same engine: the same first spaces for the same typo.
  await page.goto('/discover/');
  const box = page.getByPlaceholder('Search Spaces by Title, Description or Keyword').first();
  await box.click();
  await box.fill('lighthuose');
  const options = page.locator('.hs-card__name');
  await expect(options.first()).toBeVisible({ timeout: 15_000 });
  expect(await options.allTextContents()).toEqual(typo.results.slice(0, (await options.count()) || 1).map((c) => c.name));
});

test('sort and filter chips live in the address and survive a reload; chips work from the keyboard', async ({ page, request }) => {
  await page.goto('/discover/search/?q=lighthouse');
  await expect(summary(page)).toHaveText(/\d+ spaces?/);
  const sort = page.getByRole('group', { name: 'Sort by' });
  await expect(sort.getByRole('radio')).toHaveCount(3);
  await expect(sort.getByRole('radio', { name: 'Relevance' })).toBeChecked();

  // Keyboard: arrows move through the radio group, as native radios do.
  await sort.getByRole('radio', { name: 'Relevance' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(sort.getByRole('radio', { name: 'Newest' })).toBeChecked();
  await expect(page).toHaveURL(/[?&]sort=newest/);
  const newest = await apiSearch(request, { searchText: 'lighthouse', sort: 'newest', pageSize: 24 });
  await expect.poll(() => firstLinks(page, 3)).toEqual(newest.results.slice(0, 3).map(hrefOf));

  // A tag chip (not the one every lighthouse has), pressed from the keyboard.
  const filters = page.getByRole('group', { name: 'Filters' });
  const tagChip = filters.getByRole('group', { name: 'Tag' }).getByRole('button').first();
  await expect(tagChip).toBeVisible();
  const tag = (await tagChip.getAttribute('data-value')) ?? '';
  await tagChip.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(tag).replace(/%20/g, '(\\+|%20)')}`));
  const chosen = filters.locator(`button[aria-pressed="true"][data-facet="tag"][data-value="${tag}"]`);
  await expect(chosen).toBeVisible();
  await expect(chosen).toBeFocused();
  const filtered = await apiSearch(request, { searchText: 'lighthouse', sort: 'newest', tags: [tag], pageSize: 24 });
  await expect(summary(page)).toHaveText(`${filtered.totalResults} space${filtered.totalResults === 1 ? '' : 's'}`);

  await page.reload();
  await expect(sort.getByRole('radio', { name: 'Newest' })).toBeChecked();
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await expect(summary(page)).toHaveText(`${filtered.totalResults} space${filtered.totalResults === 1 ? '' : 's'}`);
  expect(await firstLinks(page, 3)).toEqual(filtered.results.slice(0, 3).map(hrefOf));
  await expectNoAxeViolations(page, 'search page controls', { include: '[data-results-page]' });

  // Space on the pressed chip removes the filter; the sort stays.
  await chosen.focus();
  await page.keyboard.press('Space');
  await expect(page).not.toHaveURL(/[?&]tag=/);
  await expect(page).toHaveURL(/[?&]sort=newest/);
});

test('the map view: "Search this area" after the map moves puts the area in the address and the list follows', async ({ page }) => {
  await page.goto('/discover/search/?q=lighthouse');
  await expect(summary(page)).toHaveText(/\d+ spaces?/);
  const before = await cards(page).count();
  const views = page.getByRole('group', { name: 'View' });
  await views.getByRole('button', { name: 'Map' }).click();
  await expect(page).toHaveURL(/[?&]view=map/);
  const map = page.locator('[data-map-slot] .map');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
  await expect(map.locator('.map-marker').first()).toBeAttached({ timeout: 15_000 });
  const area = page.getByRole('button', { name: 'Search this area' });
  await expect(area).toBeHidden();

  // Zoom in from the keyboard: the area button appears; pressing it limits the results to the map.
  const zoomIn = map.getByRole('button', { name: 'Zoom in', exact: true });
  await zoomIn.focus();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
  }
  await expect(area).toBeVisible();
  await area.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]area=(-?[\d.]+(,|%2C)){3}-?[\d.]+/);
  await expect(page.getByRole('button', { name: 'Remove filter: Map area' })).toBeVisible();
  await expect(summary(page)).toHaveText(/\d+ spaces?/);
  expect(await cards(page).count()).toBeLessThanOrEqual(before);
  await expectNoAxeViolations(page, 'search page map view', { include: '[data-results-page]', exclude: ['.maplibregl-canvas'] });

  // The area, the view and the query survive a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove filter: Map area' })).toBeVisible();
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
});

test('no React or i18next loads before interaction on the search page, its first answer comes with the page, nothing shifts', async ({ page }) => {
  const heavy: string[] = [];
  const searches: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (HEAVY.test(path)) heavy.push(r.url());
    if (r.method() === 'POST' && path.startsWith('/api/content/space/search/')) searches.push(path);
  });
  await watchLayoutShifts(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto('/discover/search/?q=lighthouse', { waitUntil: 'load' });
  await expect(summary(page)).toHaveText(/\d+ spaces?/);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 3000 })));
  expect(heavy).toEqual([]);
  // Our server sent the first answer with the page, and the first card's picture preload before the
  // stylesheets: the picture is asked before them, and only the facets are asked.
  const head = await page.evaluate(() =>
    [...document.head.querySelectorAll('link[rel="preload"][as="image"], link[rel="stylesheet"]')].map((l) => l.getAttribute('rel')),
  );
  expect(head[0]).toBe('preload');
  const picture = requested.findIndex((p) => /^\/media\/spaces\/.+\.avif$/.test(p));
  expect(picture).toBeGreaterThan(0);
  expect(picture).toBeLessThan(requested.findIndex((p) => p.endsWith('.css')));
  const sent = await page
    .locator('#first-search-answer')
    .evaluate((s) => (JSON.parse(s.textContent || 'null') as { results: unknown[] } | null)?.results.length);
  expect(sent).toBeGreaterThan(0);
  expect(searches.sort()).toEqual(['/api/content/space/search/facets/']);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  // "Did you mean" takes the line beside the count: nothing moves when it appears.
  await page.goto('/discover/search/?q=lighthuose', { waitUntil: 'load' });
  await expect(page.locator('[data-suggestion]')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
});

test('a common word, whose whole first page does not fit the first TCP flight: its first cards come with the page, the rest follow below them', async ({
  page,
}) => {
  const searches: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'POST' && path.startsWith('/api/content/space/search/')) searches.push(path);
  });
  await watchLayoutShifts(page);
  await page.goto('/discover/search/?q=house', { waitUntil: 'load' });
  await expect(summary(page)).toHaveText(/\d+ spaces?/);
  const sent = await page
    .locator('#first-search-answer')
    .evaluate((s) => JSON.parse(s.textContent || 'null') as { results: { name: string }[]; totalResults: number } | null);
  const total = Number(((await summary(page).textContent()) ?? '').replace(/\D/g, ''));
  const cards = page.locator('[data-results] article.card');
  await expect(cards).toHaveCount(Math.min(24, total));
  expect(sent?.results.length).toBeGreaterThan(0);
  if (sent && sent.results.length < Math.min(24, sent.totalResults)) {
    // Only the first cards came with the page: drawn first, in the answer's order, and the page asked for the whole first page.
    expect(sent.results.length).toBe(8);
    expect(await cards.first().locator('.card__title a').textContent()).toBe(sent.results[0]?.name);
    expect(searches.filter((p) => p === '/api/content/space/search/')).toHaveLength(1);
  }
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
});

test('served as a static file (no answer inside), the page asks the search once, the results script takes it', async ({ page, baseURL }) => {
  // What any static host serves: the built page as it is, whatever the query.
  await page.route('**/discover/search/?*', async (route) => route.fulfill({ response: await route.fetch({ url: `${baseURL}/discover/search/` }) }));
  const searches: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'POST' && path.startsWith('/api/content/space/search/')) searches.push(path);
  });
  await page.goto('/discover/search/?q=lighthouse', { waitUntil: 'load' });
  await expect(page.locator('#first-search-answer')).toBeEmpty();
  await expect(summary(page)).toHaveText(/\d+ spaces?/);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 3000 })));
  expect(searches.sort()).toEqual(['/api/content/space/search/', '/api/content/space/search/facets/']);
});

test('before the answer the heading and the search box name the query; the chips wait for the first picture, the map stylesheet for the map', async ({
  page,
  baseURL,
}) => {
  // The page as a static host serves it, so the answer is asked by the browser and can be held.
  await page.route('**/discover/search/?*', async (route) => route.fulfill({ response: await route.fetch({ url: `${baseURL}/discover/search/` }) }));
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/content/space/search/facets/') asked.push('facets');
    else if (path.startsWith('/media/spaces/')) asked.push('picture');
    else if (/\/_astro\/(maplibre-gl|map-view)\.[\w-]+\.css$/.test(path)) asked.push('map styles');
  });
  await page.route('**/api/content/space/search/', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/discover/search/?q=lighthouse', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “lighthouse”');
  await expect(page).toHaveTitle(/^Results for “lighthouse” \| /);
  await expect(page.locator('form[data-search-form] input[name="q"]').first()).toHaveValue('lighthouse');
  expect(asked).toEqual([]);

  release();
  await expect(summary(page)).toHaveText(/\d+ spaces?/);
  await expect.poll(() => asked.includes('facets')).toBe(true);
  expect(asked.indexOf('picture'), 'the first picture is asked before the facets').toBeLessThan(asked.indexOf('facets'));
  expect(asked).not.toContain('map styles');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Map' }).click();
  await expect.poll(() => asked.includes('map styles'), { timeout: 20_000 }).toBe(true);
});

test('tag pages sort and switch views with the same controls, a sort chosen before the script loads included', async ({ page, request }) => {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/search-page\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/discover/tag/lighthouse/');
  await expect(cards(page).first()).toBeVisible();
  const sort = page.getByRole('group', { name: 'Sort by' });
  await sort.getByRole('radio', { name: 'Newest' }).check();
  release();
  // The results script's chunks, cold on a server that has just built (and compresses behind it).
  await expect(page).toHaveURL(/[?&]sort=newest/, { timeout: 20_000 });
  const newest = await apiSearch(request, { tags: ['lighthouse'], sort: 'newest', pageSize: 24 });
  await expect.poll(() => firstLinks(page, 3)).toEqual(newest.results.slice(0, 3).map(hrefOf));
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page.locator('[data-results]')).toHaveClass(/grid--list/);
  await page.reload();
  await expect(sort.getByRole('radio', { name: 'Newest' })).toBeChecked();
  await expect(page.locator('[data-results]')).toHaveClass(/grid--list/);
});
