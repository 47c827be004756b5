import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe.ts';
import { roomGlb } from '../api/capture-glb.ts';
import { acceptCookies } from './public-helpers.ts';
import { OWNER, signIn } from './user-helpers.ts';
import { shoot } from './capture-helpers.ts';
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
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER, '/discover/manage/upload/');
  await expect(page.getByLabel('File')).toBeEnabled();

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
});
