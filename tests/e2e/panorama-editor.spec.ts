import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { Tour } from '../../src/domain/tour.ts';
import { expectNoAxeViolations } from '../axe.ts';
import { acceptCookies } from './public-helpers.ts';
import { OWNER, signIn } from './user-helpers.ts';
import { shoot } from './capture-helpers.ts';
import { equirectPhoto, SOFTWARE_WEBGL } from './webgl.ts';

/**
 * An owner's 360° tour (issue 24): three small 2:1 photos become one tour's points; in "Edit tour
 * layout" the owner moves a point with the keyboard, links two points in "Link to…", chooses the
 * start view and saves; the tour's manifest and the player show it.
 */
test.use({
  launchOptions: SOFTWARE_WEBGL,
});
test.describe.configure({ timeout: 240_000 });

test('an owner uploads three 2:1 photos, moves a point by keyboard, links two points, sets the start view, saves, and the tour follows', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER, '/discover/manage/upload/');
  await page.getByLabel('File').setInputFiles(await equirectPhoto('Hall.jpg', 0));
  const item = page.getByTestId('capture-item').filter({ hasText: 'Hall.jpg' }).first();
  await expect(item.getByText('Your space is ready')).toBeVisible({ timeout: 90_000 });
  const tourHref = (await item.getByRole('link', { name: 'Open the tour' }).getAttribute('href')) ?? '';
  const modelId = new URL(tourHref, baseURL).searchParams.get('m') ?? '';
  expect(modelId).toMatch(/^\w{11}$/);

  await item.getByRole('link', { name: 'Edit tour layout' }).click();
  await expect(page).toHaveURL(/\/discover\/manage\/tour-layout\/\?space=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit tour layout' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Point 1 at / })).toBeVisible();

  // Two more photos join this tour.
  await page.getByLabel('Add 360° photos').setInputFiles([await equirectPhoto('Kitchen.jpg', 80), await equirectPhoto('Garden.jpg', 160)]);
  await expect(page.getByRole('button', { name: /^Point 3 at / })).toBeVisible({ timeout: 120_000 });
  await expectNoAxeViolations(page, 'tour layout editor');

  // Point 2 moves half a metre to the right by keyboard.
  const second = page.getByRole('button', { name: /^Point 2 at / });
  await second.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Point 2 at 3.50 m across, 0.00 m down' })).toBeVisible();

  // Point 1 is linked to Point 3 in "Link to…".
  await page.getByRole('button', { name: /^Point 1 at / }).focus();
  await page.getByRole('button', { name: 'Link to…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link Point 1 to…' });
  await dialog.getByRole('checkbox', { name: 'Point 3' }).check();
  await expectNoAxeViolations(page, 'tour layout editor, Link to… open');
  await shoot(page, 'panorama-editor-link');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Linked to: Point 2, Point 3')).toBeVisible();

  // Point 3 is where the tour starts, looking east.
  await page.getByRole('button', { name: /^Point 3 at / }).focus();
  await page.getByRole('button', { name: 'Set as start view' }).click();
  await page.getByLabel('Start heading (degrees from north)').fill('90');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. The tour shows the new layout.')).toBeVisible();
  await shoot(page, 'panorama-editor');

  const res = await page.request.get(`/api/content/space/${modelId}/tour/`);
  expect(res.status()).toBe(200);
  const tour = Tour.parse(await res.json());
  const byId = new Map(tour.sweeps.map((s) => [s.id, s]));
  expect(byId.get('s1')?.position).toEqual([3.5, 0, 0]);
  expect(byId.get('s0')?.neighbours).toEqual(['s1', 's2']);
  expect(byId.get('s2')?.neighbours).toEqual(['s0', 's1']);
  expect(tour.start).toMatchObject({ sweep: 's2', heading: 90 });
  expect(byId.get('s2')?.tiles?.preview.width).toBe(1024);

  await page.getByRole('link', { name: 'Open the tour' }).click();
  const state = () => (window as unknown as { __tour?: { state: () => { ready: boolean; sweep: string; heading: number } } }).__tour?.state();
  await page.waitForFunction(() => (window as unknown as { __tour?: { state: () => { ready: boolean } } }).__tour?.state().ready, undefined, {
    timeout: 60_000,
  });
  expect(await page.evaluate(state)).toMatchObject({ sweep: 's2', heading: 90 });
  await shoot(page, 'panorama-tour');
});

/** The pictures of one 8192 × 4096 panorama: the whole WebP, its 1024 preview and 4 × 2 tiles of 2048 px. */
async function bigPanorama() {
  const width = 8192;
  const height = 4096;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set([(x >> 5) & 255, (y >> 4) & 255, ((x ^ y) >> 6) & 255], (y * width + x) * 3);
  const raw = { raw: { width, height, channels: 3 as const } };
  const full = await sharp(pixels, raw).webp({ quality: 85 }).toBuffer();
  const preview = await sharp(pixels, raw).resize({ width: 1024, height: 512 }).webp({ quality: 75 }).toBuffer();
  const tiles: Buffer[] = [];
  for (let row = 0; row < 2; row++)
    for (let col = 0; col < 4; col++)
      tiles.push(
        await sharp(pixels, raw)
          .extract({ left: col * 2048, top: row * 2048, width: 2048, height: 2048 })
          .webp({ quality: 85 })
          .toBuffer(),
      );
  return { full, preview, tiles };
}

/** A tour of one 8192 × 4096 panorama (as the API answers it), with or without its tiles. */
const panoramaTour = (tiled: boolean) => ({
  modelId: 'PANOBENCH01',
  name: 'Panorama',
  model: null,
  bounds: { min: [-3, 0, -3], max: [3, 2.7, 3] },
  floors: [{ index: 0, name: 'Ground floor', elevation: 0, height: 2.7, plan: null, planBounds: [-3.5, -3.5, 3.5, 3.5] }],
  rooms: [],
  sweeps: [
    {
      id: 's0',
      position: [0, 0, 0],
      floor: 0,
      room: null,
      neighbours: [],
      panorama: { url: '/bench-pano/full.webp', width: 8192, height: 4096 },
      ...(tiled
        ? {
            tiles: {
              preview: { url: '/bench-pano/preview.webp', width: 1024, height: 512 },
              columns: 4,
              rows: 2,
              urls: [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `/bench-pano/tile-${i}.webp`),
            },
          }
        : {}),
    },
  ],
  tags: [],
  start: { sweep: 's0', heading: 0, pitch: 0, mode: 'inside' },
  poster: { url: '/bench-pano/preview.webp', width: 1024, height: 512 },
});

test('an 8192 × 4096 panorama: the player draws its preview first and the tiles after (time to first frame, whole photo vs tiles)', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  const pictures = await bigPanorama();
  const firstFrame = async (tiled: boolean) => {
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    let tilesServed = 0;
    await page.unrouteAll();
    await page.route('**/api/content/space/PANOBENCH01/tour/', (route) => route.fulfill({ json: panoramaTour(tiled) }));
    await page.route('**/bench-pano/**', async (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      const tile = /^tile-(\d)\.webp$/.exec(name);
      if (tile) await held;
      const body = (tile ? pictures.tiles[Number(tile[1])] : undefined) ?? (name === 'full.webp' ? pictures.full : pictures.preview);
      await route.fulfill({ body, contentType: 'image/webp', headers: { 'Cache-Control': 'no-store' } });
      if (tile) tilesServed++;
    });
    await page.goto('/discover/showcase/?m=PANOBENCH01');
    await page.waitForFunction(() => performance.getEntriesByName('tour:first-frame').length > 0, undefined, { timeout: 120_000 });
    const ms = await page.evaluate(() => performance.getEntriesByName('tour:first-frame')[0]?.startTime ?? -1);
    // The first frame was drawn while every tile was still held back.
    expect(tilesServed).toBe(0);
    release();
    if (tiled) await expect.poll(() => tilesServed, { timeout: 60_000 }).toBe(8);
    return ms;
  };
  const whole = await firstFrame(false);
  const tiled = await firstFrame(true);
  console.log(
    `Time to first panorama frame (8192 × 4096, SwiftShader): whole photo ${(whole / 1000).toFixed(2)} s, preview then tiles ${(tiled / 1000).toFixed(2)} s`,
  );
  expect(tiled).toBeGreaterThan(0);
});
