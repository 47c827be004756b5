import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe.ts';
import { mapScripts, offline } from './map-helpers.ts';
import { acceptCookies, getJson } from './public-helpers.ts';

/**
 * The collection page's Grid / List / Map switch (issue 25): the same switch as the search page,
 * for guests too, usable from the keyboard, its choice in the address (`view=`); the map loads
 * only when opened.
 */

const SHOTS = process.env['E2E_SHOTS_DIR'];

/** A collection of spaces with several children. */
async function aCollection(page: Page): Promise<{ sid: string; name: string }> {
  const list = await getJson<{ results: { sid: string; name: string; childrenCount: number }[] }>(page.request, '/api/content/collection/?limit=20&type=SPACE');
  return (list.results.find((x) => x.childrenCount >= 8) ?? list.results[0]) as { sid: string; name: string };
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(400); // the map re-renders after a resize
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a guest switches a collection between grid, list and map from the keyboard, and the address keeps the choice', async ({ page, baseURL }) => {
  // Software WebGL on a shared machine: the map takes a while.
  test.slow();
  const outside = await offline(page);
  const c = await aCollection(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  // Consent given (the banner would cover the screenshots); still a guest.
  await acceptCookies(page, baseURL);
  await page.goto(`/discover/collection/${c.sid}/`);
  const views = page.getByRole('group', { name: 'View' });
  await expect(views.getByRole('button')).toHaveText(['Grid', 'List', 'Map']);
  await expect(views.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#collection-children')).toBeVisible();
  expect(mapScripts(scripts), 'the map is not loaded before it is opened').toEqual([]);
  await expectNoAxeViolations(page, 'collection grid');

  // Keyboard: Tab reaches the buttons, Enter and Space press them.
  await views.getByRole('button', { name: 'Grid' }).focus();
  await page.keyboard.press('Tab');
  await expect(views.getByRole('button', { name: 'List' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(views.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#collection-children')).toHaveClass(/grid--list/);
  await expect(page).toHaveURL(/[?&]view=list/);
  await expectNoAxeViolations(page, 'collection list');
  await shoot(page, 'collection-view-list');

  await page.reload();
  await expect(page.locator('#collection-children')).toHaveClass(/grid--list/);
  await expect(page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');

  await views.getByRole('button', { name: 'Map' }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]view=map/);
  // As on the search page, the map opens above the cards, which stay.
  await expect(page.locator('#collection-children')).toBeVisible();
  await expect(page.locator('#collection-map canvas.maplibregl-canvas')).toBeVisible();
  await expect(page.locator('#collection-map .map-marker').first()).toBeVisible();
  await expectNoAxeViolations(page, 'collection map', { exclude: ['.maplibregl-ctrl-group'] });
  await shoot(page, 'collection-view-map');

  await views.getByRole('button', { name: 'Grid' }).click();
  await expect(page).not.toHaveURL(/view=/);
  await expect(page.locator('#collection-children')).toBeVisible();
  await expect(page.locator('#collection-children')).not.toHaveClass(/grid--list/);
  await expect(page.locator('#collection-map')).toBeHidden();
  expect(outside, 'requests that left the machine').toEqual([]);
});
