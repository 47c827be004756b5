import { expect, test } from '@playwright/test';
import { NodeIO } from '@gltf-transform/core';
import { expectNoAxeViolations } from '../axe.ts';
import { roomGlb } from '../api/capture-glb.ts';
import { acceptCookies } from './public-helpers.ts';
import { OWNER, signIn } from './user-helpers.ts';
import { shoot } from './capture-helpers.ts';
import { SOFTWARE_WEBGL } from './webgl.ts';

/**
 * An owner uploads their own capture (issue 24): a small GLB over a slowed connection, watched as a
 * real progress bar, then "Your space is ready", the tour opens in the player (software WebGL).
 */
test.use({
  launchOptions: SOFTWARE_WEBGL,
});
test.describe.configure({ timeout: 120_000 });

/** The room model with a scatter of small triangles inside, about 1 MB: big enough to watch its progress. */
async function loftGlb(): Promise<Buffer> {
  const io = new NodeIO();
  const doc = await io.readBinary(await roomGlb());
  const buffer = doc.getRoot().listBuffers()[0];
  const scene = doc.getRoot().listScenes()[0];
  if (!buffer || !scene) throw new Error('room model without a buffer or scene');
  const n = 30_000;
  const positions = new Float32Array(n * 9);
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let t = 0; t < n; t++) {
    const [x, y, z] = [0.5 + rand() * 5, rand() * 1.8, 0.5 + rand() * 3];
    for (let v = 0; v < 3; v++) positions.set([x + rand() * 0.1, y + rand() * 0.1, z + rand() * 0.1], t * 9 + v * 3);
  }
  const prim = doc.createPrimitive().setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer));
  scene.addChild(doc.createNode('clutter').setMesh(doc.createMesh('clutter').addPrimitive(prim)));
  return Buffer.from(await io.writeBinary(doc));
}

test('an owner uploads a GLB, watches its progress, sees "Your space is ready" and opens its tour', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER, '/discover/manage/upload/');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload a capture' })).toBeVisible();
  await expect(page.getByLabel('File')).toBeEnabled();
  await expectNoAxeViolations(page, 'upload a capture');
  await shoot(page, 'capture-upload-choose');

  // A slow uplink (about 256 kB/s), so the bar moves.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 4_000_000, uploadThroughput: 256 * 1024 });
  const glb = await loftGlb();
  await page.getByLabel('File').setInputFiles({ name: 'Sunny loft.glb', mimeType: 'model/gltf-binary', buffer: glb });
  const bar = page.getByTestId('capture-progress').locator('progress');
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByText(/^Uploading \d+ % — Sunny loft\.glb$/)).toBeVisible();
  await expectNoAxeViolations(page, 'uploading');
  await shoot(page, 'capture-upload-progress');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const item = page.getByTestId('capture-item').first();
  await expect(item.getByText('Your space is ready')).toBeVisible({ timeout: 90_000 });
  await expect(item.getByRole('textbox', { name: 'Name' })).toHaveValue('Sunny loft');
  await expectNoAxeViolations(page, 'space ready');
  await shoot(page, 'capture-upload-ready');

  await item.getByRole('link', { name: 'Open the tour' }).click();
  await expect(page).toHaveURL(/\/discover\/showcase\/\?m=\w{11}$/);
  const ready = () => (window as unknown as { __tour?: { state: () => { ready: boolean } } }).__tour?.state().ready;
  await page.waitForFunction(ready, undefined, { timeout: 60_000 });
});

test('"Add your space" offers the upload; a file that is not a capture is refused, a damaged model fails with its reason and "Try again"', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER, '/discover/');
  await page.locator('header.site-header').getByRole('button', { name: 'Add your space' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add your space' });
  await expect(dialog.getByText('Have the files of a capture?')).toBeVisible();
  await expectNoAxeViolations(page, 'add your space, with the upload offer');
  await dialog.getByRole('link', { name: 'Upload a capture' }).click();
  await expect(page).toHaveURL(/\/discover\/manage\/upload\/$/);

  await page.getByLabel('File').setInputFiles({ name: 'house.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from('MZ this is a program, not a model') });
  await expect(page.getByRole('alert').filter({ hasText: 'Its content was checked, not its name' })).toBeVisible();

  const damaged = Buffer.from(await roomGlb());
  damaged.write('{"asset":{"version":"1.0"}', 20, 'latin1'); // the JSON chunk no longer parses
  await page.getByLabel('File').setInputFiles({ name: 'Broken attic.glb', mimeType: 'model/gltf-binary', buffer: damaged });
  const item = page.getByTestId('capture-item').filter({ hasText: 'Broken attic.glb' }).first();
  await expect(item.getByText(/^Failed: The model’s file is damaged/)).toBeVisible({ timeout: 60_000 });
  await expect(item.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectNoAxeViolations(page, 'a failed upload');
  await shoot(page, 'capture-upload-failed');
});
