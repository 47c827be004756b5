import { expect, test, type Page } from '@playwright/test';
import { acceptCookies } from './public-helpers.ts';
import { api, me, OWNER, sessionKnown, signIn, VISITOR } from './user-helpers.ts';
import { expectNoAxeViolations } from '../axe.ts';
import { mapScripts, offline } from './map-helpers.ts';

/**
 * Feature flags that do something (issue 14, spec 6) and the offline maps behind them. The demo
 * world gives owner@example.com space_visibility_badge, space_geocoding, collection_map_view and
 * zaya (and collection_list_view through their organization); visitor@example.com has none.
 */

const SHOTS = process.env['E2E_SHOTS_DIR'];

async function axeClean(page: Page, label: string) {
  // MapLibre's own zoom buttons (29 px) are left out: after zooming into clusters a space marker can
  // sit under them, which axe's target-size counts against the button (seen in CI, position-dependent).
  await expectNoAxeViolations(page, label, { exclude: ['.maplibregl-ctrl-group'] });
}

async function shoot(page: Page, name: string, locator = page.locator('body')) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await locator.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400); // the map re-renders after a resize
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A collection of spaces with several children. */
async function aCollection(page: Page): Promise<{ sid: string; name: string }> {
  const list = await api<{ results: { sid: string; name: string; childrenCount: number }[] }>(page.request, '/api/content/collection/?limit=20&type=SPACE');
  const c = list.results.find((x) => x.childrenCount >= 8) ?? list.results[0];
  return c as { sid: string; name: string };
}

// The collection page's Grid / List / Map switch is for every visitor now (issue 25): collection-view-switch.spec.ts.
test('without the flags: the space page has no map and no badge', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await signIn(page, VISITOR);
  const space = (await api<{ results: { modelId: string }[] }>(page.request, '/api/content/space/?limit=1')).results[0] as { modelId: string };
  await page.goto(`/discover/space/${space.modelId}/`);
  await sessionKnown(page, 'user');
  await page.locator('.details-card').scrollIntoViewIfNeeded();
  await expect(page.locator('.space-map')).toHaveCount(0);
  await expect(page.locator('.visibility-badge')).toHaveCount(0);
});

test('a collection in list, then on an offline map whose markers open the grid card from the keyboard', async ({ page, baseURL }) => {
  // Software WebGL on a shared machine: the map takes a while.
  test.slow();
  const outside = await offline(page);
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER);
  const c = await aCollection(page);
  await page.goto(`/discover/collection/${c.sid}/`);
  await sessionKnown(page, 'user');
  const views = page.getByRole('group', { name: 'View' });
  await expect(views.getByRole('button')).toHaveText(['Grid', 'List', 'Map']);

  await views.getByRole('button', { name: 'List' }).click();
  await expect(page.locator('#collection-children')).toHaveClass(/grid--list/);
  await expect(page).toHaveURL(/[?&]view=list/);
  await axeClean(page, 'collection list');
  await shoot(page, 'collection-list');

  await views.getByRole('button', { name: 'Map' }).click();
  await expect(page).toHaveURL(/[?&]view=map/);
  // As on the search page, the cards stay under the map.
  await expect(page.locator('#collection-children')).toBeVisible();
  const map = page.locator('#collection-map .map');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  const markers = map.locator('.map-marker');
  await expect(markers.first()).toBeVisible();

  // Zoom into clusters until a space marker shows, then reach it with Tab and open it with Enter.
  for (let i = 0; i < 6 && (await map.locator('.map-marker--space').count()) === 0; i++) {
    await map.locator('.map-marker--cluster').first().click();
    await page.waitForTimeout(700);
  }
  const marker = map.locator('.map-marker--space').first();
  const name = (await marker.getAttribute('aria-label')) ?? '';
  await marker.focus();
  await page.keyboard.press('Enter');
  const card = map.locator('.map__card');
  await expect(card.locator('article.card .card__title a')).toHaveText(name);
  await expect(card.locator('article.card .card__title a')).toBeFocused();
  await axeClean(page, 'collection map with a card open');
  await shoot(page, 'collection-map', map);
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(marker).toBeFocused();

  // A shared link opens in its view.
  await page.reload();
  await expect(page.locator('#collection-map .map canvas')).toBeVisible();
  expect(outside, 'requests that left the machine').toEqual([]);
});

test('space_geocoding and space_visibility_badge: the owner sees where their space is and its visibility', async ({ page, baseURL }) => {
  const outside = await offline(page);
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER);
  const org = (await me(page)).memberships[0]?.organization_sid ?? '';
  // A public space of theirs (the demo organization also has private spaces: delivered captures).
  const spaces = (await api<{ results: { modelId: string }[] }>(page.request, `/api/content/account/${org}/spaces?limit=50`)).results;
  let space = spaces[0] as { modelId: string };
  for (const s of spaces) {
    space = s;
    if ((await api<{ visibility: string }>(page.request, `/api/content/space/${s.modelId}/`)).visibility === 'PUBLIC') break;
  }
  await page.goto(`/discover/space/${space.modelId}/`);
  await sessionKnown(page, 'user');
  await expect(page.locator('.visibility-badge')).toHaveText('Public');
  await page.locator('.details-card').scrollIntoViewIfNeeded();
  const map = page.locator('.space-map .map');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map.locator('.map-marker--space')).toHaveCount(1);
  await axeClean(page, 'space page map');
  await shoot(page, 'space-map', map);
  expect(outside).toEqual([]);
});

test('search results offer a map to everybody; MapLibre is not loaded before it opens', async ({ page, baseURL }) => {
  const outside = await offline(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await acceptCookies(page, baseURL);
  await page.goto('/discover/search?q=house');
  await expect(page.locator('[data-results] > li:not([data-skeleton]) .card').first()).toBeVisible();
  expect(mapScripts(scripts)).toEqual([]);
  await page.getByRole('button', { name: 'Map' }).click();
  const map = page.locator('.results-map .map');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map.locator('.map-marker').first()).toBeVisible();
  await axeClean(page, 'search map');
  await shoot(page, 'search-map', map);
  expect(outside).toEqual([]);
});

test('zaya: "pro 3" opens the Pro3 camera page for a user with the flag', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER);
  await sessionKnown(page, 'user');
  const box = page.locator('[data-header-search] input[role="combobox"]').first();
  await box.click();
  await box.fill('pro 3');
  await box.press('Enter');
  await page.waitForURL(/\/camera\/matterport-pro3\//);
});

test('admin_toggle_views: the view-count switch is the flag holder’s; without it the setting shows, not the switch', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await signIn(page, 'admin@example.com', '/admin/spaces');
  const switchControl = page.getByRole('switch', { name: 'Show view counts on the public site' });
  await expect(switchControl).toBeVisible();
  const admin = await api<{ user_sid: string; flags: string[] }>(page.request, '/api/session/user/');
  const setFlags = (flags: string[]) => page.request.put(`/admin/api/user/${admin.user_sid}/flags/`, { data: { flags }, headers: { Origin: baseURL ?? '' } });
  expect((await setFlags(admin.flags.filter((f) => f !== 'discover/admin_toggle_views'))).ok()).toBeTruthy();
  try {
    await page.reload();
    await expect(page.getByText('Switching them needs the admin_toggle_views feature flag.')).toBeVisible();
    await expect(switchControl).toHaveCount(0);
  } finally {
    expect((await setFlags(admin.flags)).ok()).toBeTruthy();
  }
});
