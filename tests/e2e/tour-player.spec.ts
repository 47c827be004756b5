import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Tour, TourSweep } from '../../src/domain/tour.ts';
import { headingTo } from '../../src/features/tour/geometry.ts';
import { parseLength } from '../../src/features/tour/units.ts';
import { expectNoAxeViolations } from '../axe.ts';
import { SOFTWARE_WEBGL } from './webgl.ts';

/**
 * The 3D tour player (issue 23) in Chromium with software WebGL (SwiftShader): the default launch
 * has --disable-gpu, which leaves no WebGL, so this file launches its own browser.
 *
 * TOUR_FIXTURE=<folder with tour.json, model.glb, poster.webp> serves a tour from files instead of
 * the API (the player's development loop against `astro dev`); without it the spec uses the running
 * server's first space that has a tour.
 */
test.use({
  launchOptions: SOFTWARE_WEBGL,
  viewport: { width: 1280, height: 800 },
});
test.describe.configure({ timeout: 90_000 });

const FIXTURE = process.env['TOUR_FIXTURE'];

interface TourState {
  mode: string;
  sweep: string;
  heading: number;
  pitch: number;
  floor: number;
  frames: number;
  transition: string | null;
  ready: boolean;
}

let cached: Tour | null = null;
/** The tour the spec opens: the fixture's, or the first space of the API that has one. */
async function tourUnderTest(request: APIRequestContext): Promise<Tour> {
  if (cached) return cached;
  if (FIXTURE) return (cached = JSON.parse(readFileSync(join(FIXTURE, 'tour.json'), 'utf8')) as Tour);
  const spaces = (await (await request.get('/api/content/space/?limit=60')).json()) as { results: { id: string }[] };
  for (const s of spaces.results) {
    const res = await request.get(`/api/content/space/${s.id}/tour/`);
    if (res.ok()) {
      const tour = (await res.json()) as Tour;
      if (tour.model && tour.sweeps.length > 1 && tour.tags.length > 0) return (cached = tour);
    }
  }
  throw new Error('No space of the running server has a tour with a model, sweeps and tags.');
}

async function serveFixture(page: Page): Promise<void> {
  if (!FIXTURE) return;
  await page.route('**/api/content/space/*/tour/', (r) => r.fulfill({ contentType: 'application/json', body: readFileSync(join(FIXTURE, 'tour.json')) }));
  await page.route('**/fixture/*', (r) => r.fulfill({ body: readFileSync(join(FIXTURE, new URL(r.request().url()).pathname.split('/').pop() ?? '')) }));
}

const state = (page: Page) => page.evaluate(() => (window as unknown as { __tour: { state: () => TourState } }).__tour.state());

/** Opens the player at a query and waits until it has drawn its first frame. */
async function openTour(page: Page, tour: Tour, query = ''): Promise<void> {
  await serveFixture(page);
  await page.goto(`/discover/showcase/?m=${encodeURIComponent(tour.modelId)}${query}`);
  await page.waitForFunction(() => (window as unknown as { __tour?: { state: () => { ready: boolean } } }).__tour?.state().ready, undefined, {
    timeout: 60_000,
  });
}

/** The canvas as grey pixels: their variance (0 for a blank box) and the pixels themselves. */
async function canvasPixels(page: Page): Promise<{ variance: number; grey: Buffer }> {
  const png = await page.locator('canvas').screenshot();
  const grey = await sharp(png).greyscale().resize(160, 100, { fit: 'fill' }).raw().toBuffer();
  const mean = grey.reduce((a, v) => a + v, 0) / grey.length;
  const variance = grey.reduce((a, v) => a + (v - mean) ** 2, 0) / grey.length;
  return { variance, grey };
}
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;

/** A sweep of the tour with a neighbour, and the heading that faces it. */
function stepPair(tour: Tour): { from: TourSweep; to: TourSweep; heading: number } {
  for (const from of tour.sweeps) {
    const to = tour.sweeps.find((s) => s.id === from.neighbours[0]);
    if (to) return { from, to, heading: Math.round(headingTo(from.position, to.position)) % 360 };
  }
  throw new Error('The tour has no two neighbouring sweeps.');
}

test('the player draws the model, labels its canvas and lets Tab leave it', async ({ page, request }) => {
  const tour = await tourUnderTest(request);
  await openTour(page, tour);
  const canvas = page.getByRole('application', { name: `3D view of ${tour.name}` });
  await expect(canvas).toBeVisible();
  expect((await canvasPixels(page)).variance).toBeGreaterThan(40);
  await expect(page.locator('[data-live]')).toHaveText(/tags? nearby/);
  await expect(page.getByRole('button', { name: 'Enter VR' })).toBeHidden();
  await canvas.focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('CANVAS');
});

test('a key press moves to the neighbouring sweep: the picture changes and the move is announced', async ({ page, request }) => {
  const tour = await tourUnderTest(request);
  const { from, to, heading } = stepPair(tour);
  await openTour(page, tour, `&sweep=${from.id}&mode=inside&h=${heading}&p=-10`);
  expect(await state(page)).toMatchObject({ sweep: from.id, mode: 'inside' });
  const before = (await canvasPixels(page)).grey;
  await page.locator('[data-live]').evaluate((el) => (el.textContent = ''));
  await page.locator('canvas').focus();
  await page.keyboard.press('w');
  await expect.poll(async () => (await state(page)).sweep).toBe(to.id);
  expect((await state(page)).transition).toBe('flight');
  await expect(page.locator('[data-live]')).toHaveText(/tags? nearby/);
  expect(difference(before, (await canvasPixels(page)).grey)).toBeGreaterThan(2);
  // Arrow keys turn the view.
  await page.keyboard.press('ArrowRight');
  expect((await state(page)).heading).not.toBe(heading);
});

test('each mode shows the model: Inside, Dollhouse, Floor plan, with a floor chooser outside', async ({ page, request }) => {
  const tour = await tourUnderTest(request);
  await openTour(page, tour);
  for (const [name, mode] of [
    ['Dollhouse', 'dollhouse'],
    ['Floor plan', 'floorplan'],
    ['Inside', 'inside'],
  ] as const) {
    const button = page.getByRole('button', { name, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await state(page)).mode).toBe(mode);
    await page.waitForTimeout(1200);
    expect((await canvasPixels(page)).variance, `${name} is not blank`).toBeGreaterThan(40);
    if (mode !== 'inside' && tour.floors.length > 1) await expect(page.getByRole('group', { name: 'Floor', exact: true })).toBeVisible();
  }
  // Choosing a room in the panel goes inside, to the room.
  await page.getByRole('button', { name: 'Dollhouse', exact: true }).click();
  const room = tour.rooms.find((r) => tour.sweeps.some((s) => s.room === r.id));
  if (room) {
    await page.getByRole('button', { name: `Go to ${room.name}` }).click();
    await expect.poll(async () => (await state(page)).mode).toBe('inside');
    await expect(page.locator('[data-live]')).toContainText(room.name);
  }
});

test('measuring between two points on the floor gives their distance within 2 %', async ({ page, request }) => {
  const tour = await tourUnderTest(request);
  // Two sweeps of the start floor far apart: sweeps stand on open floor, so the plan's view down hits the floor there.
  const floor = tour.sweeps.find((s) => s.id === tour.start.sweep)?.floor ?? 0;
  const onFloor = tour.sweeps.filter((s) => s.floor === floor);
  let best: [TourSweep, TourSweep, number] | null = null;
  for (const a of onFloor)
    for (const b of onFloor) {
      const d = Math.hypot(a.position[0] - b.position[0], a.position[2] - b.position[2]);
      if (Math.abs(a.position[1] - b.position[1]) < 0.01 && (!best || d > best[2])) best = [a, b, d];
    }
  if (!best) throw new Error('No two sweeps on one level.');
  const [a, b, expected] = best;
  await openTour(page, tour, `&sweep=${a.id}&mode=floorplan`);
  await page.getByRole('button', { name: 'Measure', exact: true }).click();
  for (const s of [a, b]) {
    const at = await page.evaluate((p) => (window as unknown as { __tour: { project: (p: number[]) => number[] | null } }).__tour.project(p), s.position);
    if (!at) throw new Error('The sweep is out of view.');
    const box = await page.locator('canvas').boundingBox();
    await page.mouse.click((box?.x ?? 0) + (at[0] ?? 0), (box?.y ?? 0) + (at[1] ?? 0));
  }
  const readout = page.locator('[data-measure]');
  await expect(readout).toHaveText(/^Distance: /);
  const measured = parseLength((await readout.textContent()) ?? '');
  expect(measured, 'the readout has a length').not.toBeNull();
  expect(Math.abs((measured ?? 0) - expected) / expected).toBeLessThan(0.02);
  await expectNoAxeViolations(page, 'measuring');
});

test('a shared link restores the view, and reduced motion cuts instead of flying', async ({ page, request }) => {
  const tour = await tourUnderTest(request);
  const { from, to, heading } = stepPair(tour);
  await openTour(page, tour, `&sweep=${to.id}&mode=dollhouse&h=123`);
  expect(await state(page)).toMatchObject({ sweep: to.id, mode: 'dollhouse' });
  expect((await state(page)).heading).toBeCloseTo(123, 1);
  await page.getByRole('button', { name: 'Share this view' }).click();
  const link = await page.getByLabel('Link to this view').inputValue();
  expect(new URL(link).searchParams.get('mode')).toBe('dollhouse');
  await expectNoAxeViolations(page, 'share card open');
  await page.goto('about:blank');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openTour(page, tour, new URL(link).search.replace(/^\?m=[^&]*/, ''));
  expect(await state(page)).toMatchObject({ sweep: to.id, mode: 'dollhouse' });
  expect((await state(page)).heading).toBeCloseTo(123, 1);
  await page.getByRole('button', { name: 'Inside', exact: true }).click();
  await page.goto('about:blank');
  await openTour(page, tour, `&sweep=${from.id}&mode=inside&h=${heading}`);
  await page.locator('canvas').focus();
  await page.keyboard.press('PageUp');
  // A cut: the next read already stands at the new sweep.
  expect(await state(page)).toMatchObject({ sweep: to.id, transition: 'cut' });
});

test('tags open from the panel and the guided tour plays and pauses; axe finds nothing with each panel open', async ({ page, request }) => {
  const tour = await tourUnderTest(request);
  await openTour(page, tour);
  const panel = page.getByRole('complementary', { name: 'About this space' });
  await expect(panel).toBeVisible();
  await expectNoAxeViolations(page, 'player with the panel open');
  const tag = tour.tags[0];
  if (!tag) throw new Error('The tour has no tags.');
  await panel.getByRole('button', { name: tag.title, exact: true }).first().click();
  const card = page.getByRole('dialog', { name: tag.title });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page, 'tag open');
  await card.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByText(`Stop 1 of ${tour.tags.length}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // On a phone the panel starts closed and opens from its button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('about:blank');
  await openTour(page, tour);
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: 'About this space' }).click();
  await expect(panel).toBeVisible();
  await expectNoAxeViolations(page, 'phone, panel open');
});

test('without WebGL the poster, floors, rooms and tags are shown as text under a plain notice', async ({ page, request }) => {
  const tour = await tourUnderTest(request);
  // No WebGL: every WebGL context request fails, as on a browser without it.
  await page.addInitScript(() => {
    const proto = HTMLCanvasElement.prototype as unknown as { getContext: (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) => unknown };
    const original = proto.getContext;
    proto.getContext = function (kind, ...rest) {
      return /webgl/i.test(kind) ? null : original.call(this, kind, ...rest);
    };
  });
  await serveFixture(page);
  await page.goto(`/discover/showcase/?m=${encodeURIComponent(tour.modelId)}`);
  await expect(page.getByRole('note')).toContainText('cannot show the 3D model');
  await expect(page.getByRole('img', { name: tour.name })).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'About this space' });
  for (const room of tour.rooms.slice(0, 3)) await expect(panel.getByText(room.name, { exact: true })).toBeVisible();
  for (const tag of tour.tags.slice(0, 3)) await expect(panel.getByText(tag.title, { exact: true })).toBeVisible();
  for (const f of tour.floors.filter((x) => x.plan)) await expect(panel.getByRole('img', { name: `Floor plan: ${f.name}` })).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0);
  await expectNoAxeViolations(page, 'no WebGL');
});

test('a model that does not load leaves the tour as text, not a blank box', async ({ page, request }) => {
  const tour = await tourUnderTest(request);
  await serveFixture(page);
  await page.route('**/*.glb', (r) => r.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`/discover/showcase/?m=${encodeURIComponent(tour.modelId)}`);
  await expect(page.getByRole('note')).toContainText('could not be loaded');
  await expect(page.getByRole('img', { name: tour.name })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'About this space' }).getByText(tour.rooms[0]?.name ?? '', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dollhouse' })).toHaveCount(0);
});
