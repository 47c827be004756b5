import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe.ts';
import { roomGlb, roomGltfFiles } from '../api/capture-glb.ts';
import { openUploadPage, shoot } from './capture-helpers.ts';
import { SOFTWARE_WEBGL } from './webgl.ts';

/**
 * An owner uploads a .gltf with its files (issue 24): chosen together, they go up as one upload and
 * become a space. A splat is refused with why. An upload in progress is cancelled, and a failed one
 * is deleted after a confirmation; neither stays in the list.
 */
test.use({
  launchOptions: SOFTWARE_WEBGL,
});
test.describe.configure({ timeout: 120_000 });

test('a .gltf chosen with its .bin and texture becomes a space; a splat is refused with why', async ({ page, baseURL }) => {
  await openUploadPage(page, baseURL);
  await expect(page.getByText('For a .gltf model, choose it together with its .bin and texture files.', { exact: false })).toBeVisible();

  await page.getByLabel('File').setInputFiles([{ name: 'scan.ply', mimeType: 'application/octet-stream', buffer: Buffer.from('ply\nformat ascii 1.0\n') }]);
  await expect(page.getByRole('alert').filter({ hasText: 'Gaussian splats (.ply, .spz) are not accepted' })).toBeVisible();

  const files = (await roomGltfFiles()).map((f) => ({
    name: f.name.split('/').pop() ?? f.name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(f.bytes),
  }));
  await page.getByLabel('File').setInputFiles(files.map((f) => (f.name === 'room.gltf' ? { ...f, name: 'Garden room.gltf' } : f)));
  const item = page.getByTestId('capture-item').filter({ hasText: 'Garden room.gltf' }).first();
  await expect(item.getByText('Your space is ready')).toBeVisible({ timeout: 90_000 });
  await expect(item.getByRole('textbox', { name: 'Name' })).toHaveValue('Garden room');
  await expect(item.getByRole('link', { name: 'Open the tour' })).toBeVisible();
});

test('an upload in progress is cancelled, and a failed one is deleted after a confirmation', async ({ page, baseURL }) => {
  await openUploadPage(page, baseURL);

  // A slow uplink, so the upload is still running when "Cancel upload" is pressed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 4_000_000, uploadThroughput: 64 * 1024 });
  const big = Buffer.concat([await roomGlb(), Buffer.alloc(2 * 1024 * 1024)]);
  await page.getByLabel('File').setInputFiles({ name: 'Slow cellar.glb', mimeType: 'model/gltf-binary', buffer: big });
  const bar = page.getByTestId('capture-progress').locator('progress');
  await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(bar).toBeHidden();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.reload();
  await expect(page.getByLabel('File')).toBeEnabled();
  await expect(page.getByTestId('capture-item').filter({ hasText: 'Slow cellar.glb' })).toHaveCount(0);

  const damaged = Buffer.from(await roomGlb());
  damaged.write('{"asset":{"version":"1.0"}', 20, 'latin1');
  await page.getByLabel('File').setInputFiles({ name: 'Leaky shed.glb', mimeType: 'model/gltf-binary', buffer: damaged });
  const item = page.getByTestId('capture-item').filter({ hasText: 'Leaky shed.glb' }).first();
  await expect(item.getByText(/^Failed: The model’s file is damaged/)).toBeVisible({ timeout: 60_000 });
  await item.getByRole('button', { name: 'Delete' }).click();
  const question = item.getByRole('group', { name: 'Delete Leaky shed.glb? Its uploaded bytes are removed.' });
  await expect(question.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
  await expectNoAxeViolations(page, 'delete an upload: the question');
  await shoot(page, 'capture-upload-delete');
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(question).toBeHidden();
  await item.getByRole('button', { name: 'Delete' }).click();
  await item.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByTestId('capture-item').filter({ hasText: 'Leaky shed.glb' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('File')).toBeEnabled();
  await expect(page.getByTestId('capture-item').filter({ hasText: 'Leaky shed.glb' })).toHaveCount(0);
});
