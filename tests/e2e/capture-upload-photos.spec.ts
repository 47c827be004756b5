import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../axe.ts';
import { roomGlb } from '../api/capture-glb.ts';
import { acceptCookies } from './public-helpers.ts';
import { OWNER, signIn } from './user-helpers.ts';
import { shoot } from './capture-helpers.ts';

/**
 * A set of 360° photos chosen together on the upload page (issue 24): the first makes the space,
 * the others join its tour; one row per photo and one state for the set. A model chosen with
 * photos is refused with why.
 */
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--no-first-run'],
  },
});
test.describe.configure({ timeout: 240_000 });

/** A small 2:1 JPEG: a colour ramp, so each one differs. */
async function photo(name: string, hue: number) {
  const [width, height] = [512, 256];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set([(x / 2 + hue) % 256, y % 256, (hue * 3) % 256], (y * width + x) * 3);
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer(),
  };
}

test('three 2:1 photos chosen together become one space whose tour has three points', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER, '/discover/manage/upload/');
  await expect(page.getByLabel('File')).toBeEnabled();

  await page
    .getByLabel('File')
    .setInputFiles([{ name: 'Attic.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from(await roomGlb()) }, await photo('Porch.jpg', 10)]);
  await expect(page.getByRole('alert').filter({ hasText: 'Choose either a 3D model or 360° photos, not both at once' })).toBeVisible();

  await page.getByLabel('File').setInputFiles([await photo('Lobby.jpg', 0), await photo('Library.jpg', 90), await photo('Terrace.jpg', 180)]);
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
});
