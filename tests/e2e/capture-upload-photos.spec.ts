import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../axe.ts';
import { roomGlb } from '../api/capture-glb.ts';
import { openUploadPage, shoot } from './capture-helpers.ts';
import { equirectPhoto, SOFTWARE_WEBGL } from './webgl.ts';

/**
 * A set of 360° photos chosen together on the upload page (issue 24): the first makes the space,
 * the others join its tour; one row per photo and one state for the set. A model chosen with
 * photos is refused with why.
 */
test.use({
  launchOptions: SOFTWARE_WEBGL,
});
test.describe.configure({ timeout: 240_000 });

test('three 2:1 photos chosen together become one space whose tour has three points', async ({ page, baseURL }) => {
  await openUploadPage(page, baseURL);

  await page
    .getByLabel('File')
    .setInputFiles([{ name: 'Attic.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from(await roomGlb()) }, await equirectPhoto('Porch.jpg', 10, 512)]);
  await expect(page.getByRole('alert').filter({ hasText: 'Choose either a 3D model or 360° photos, not both at once' })).toBeVisible();

  await page
    .getByLabel('File')
    .setInputFiles([await equirectPhoto('Lobby.jpg', 0, 512), await equirectPhoto('Library.jpg', 90, 512), await equirectPhoto('Terrace.jpg', 180, 512)]);
  const set = page.getByTestId('photo-set');
  await expect(set.getByRole('heading', { name: 'Your 3 360° photos: one tour' })).toBeVisible();
  const rows = set.getByTestId('photo-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toHaveAttribute('data-state', 'waiting');
  await expect(set.getByRole('status')).toHaveText(/of 3 photos are in the tour/);
  await expectNoAxeViolations(page, 'a set of photos on its way');
  await shoot(page, 'capture-upload-photos-progress');

  await expect(set.getByRole('status')).toHaveText('All 3 photos are in your space’s tour.', { timeout: 200_000 });
  await expect(rows.nth(0)).toContainText('Your space is ready');
  await expect(rows.nth(1)).toContainText('Added to the tour');
  await expect(rows.nth(2)).toContainText('Added to the tour');
  await expect(page.getByTestId('capture-item').filter({ hasText: 'Terrace.jpg' }).first()).toContainText('Added to the tour');
  await expectNoAxeViolations(page, 'a set of photos, all in the tour');
  await shoot(page, 'capture-upload-photos-done');

  const layout = set.getByRole('link', { name: 'Edit tour layout' });
  const spaceId = new URL((await layout.getAttribute('href')) ?? '', baseURL).searchParams.get('space') ?? '';
  expect(spaceId).not.toBe('');
  // One space: the three uploads (and only they) name it, and its tour manifest has the three points.
  const list = (await (await page.request.get('/api/captures/')).json()) as {
    items: { fileName: string; space: { id: string; modelId: string } | null }[];
  };
  const ours = list.items.filter((c) => c.space?.id === spaceId);
  expect(ours.map((c) => c.fileName).sort()).toEqual(['Library.jpg', 'Lobby.jpg', 'Terrace.jpg']);
  const tour = await page.request.get(`/api/content/space/${ours[0]?.space?.modelId ?? ''}/tour/`);
  expect(tour.status()).toBe(200);
  const manifest = (await tour.json()) as { sweeps: unknown[] };
  expect(manifest.sweeps).toHaveLength(3);

  // Made public, its page's link preview is the space's own 1200×630 picture (og.jpg), as a demo space's is.
  const modelId = ours[0]?.space?.modelId ?? '';
  const made = page
    .getByTestId('capture-item')
    .filter({ has: page.getByRole('heading', { name: 'Your new space' }) })
    .filter({ hasText: 'Lobby.jpg' })
    .first();
  await made.getByLabel('Who can see it').selectOption('PUBLIC');
  await made.getByRole('button', { name: 'Save' }).click();
  await expect(made.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  let ogImage = '';
  await expect(async () => {
    const res = await page.request.get(`/discover/space/${modelId}/`, { headers: { cookie: '' } });
    expect(res.status()).toBe(200);
    ogImage = /<meta property="og:image" content="([^"]+)"/.exec(await res.text())?.[1] ?? '';
    expect(ogImage).toMatch(/\/media\/spaces\/cap-[0-9a-f]+\/og\.jpg$/);
  }).toPass({ timeout: 60_000, intervals: [500] });
  const og = await page.request.get(ogImage);
  expect(og.status()).toBe(200);
  expect(await sharp(await og.body()).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
});

test('the same photos chosen again after a reload continue the set into its one space', async ({ page, baseURL }) => {
  await openUploadPage(page, baseURL);
  // Files on disk, as a person picks them: after the reload they have the same names, sizes and dates.
  // (Not under test-results/: a Playwright run of another lane or helper empties it.)
  const dir = mkdtempSync(join(tmpdir(), 'discover-photo-set-'));
  const run = Date.now().toString(36);
  const names = [`Hall ${run}.jpg`, `Study ${run}.jpg`, `Yard ${run}.jpg`];
  const paths: string[] = [];
  for (const [i, name] of names.entries()) {
    paths.push(join(dir, name));
    writeFileSync(join(dir, name), (await equirectPhoto(name, i * 70, 512)).buffer);
  }
  await page.getByLabel('File').setInputFiles(paths);
  const set = page.getByTestId('photo-set');
  const rows = set.getByTestId('photo-row');
  // The first photo made the space; the page goes away while the others are on their way.
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  await page.reload();
  await expect(page.getByLabel('File')).toBeEnabled();
  await page.getByLabel('File').setInputFiles(paths);
  await expect(set.getByRole('status')).toHaveText('All 3 photos are in your space’s tour.', { timeout: 200_000 });
  await expect(rows.nth(0)).toContainText('Your space is ready');
  await expect(rows.nth(1)).toContainText('Added to the tour');
  await expect(rows.nth(2)).toContainText('Added to the tour');

  // One space, each photo in it once, and its tour has the three points.
  const list = (await (await page.request.get('/api/captures/')).json()) as {
    items: { fileName: string; space: { id: string; modelId: string } | null }[];
  };
  const placed = list.items.filter((c) => names.includes(c.fileName) && c.space);
  expect(new Set(placed.map((c) => c.space?.id)).size, 'spaces made by the set').toBe(1);
  expect(placed.map((c) => c.fileName).sort()).toEqual([...names].sort());
  const tour = await page.request.get(`/api/content/space/${placed[0]?.space?.modelId ?? ''}/tour/`);
  expect(((await tour.json()) as { sweeps: unknown[] }).sweeps).toHaveLength(3);
  rmSync(dir, { recursive: true, force: true });
});
