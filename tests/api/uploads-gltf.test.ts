/**
 * Owners' capture uploads, continued (issue 24) on the run's backend: a `.gltf` uploaded with its
 * files (bundled by the browser's code) becomes a space, its URIs resolved only among the uploaded
 * files; splats are refused with the reason; and an owner deletes an unfinished or failed upload
 * (its bytes, row and quota share go), never someone else's.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { Tour } from '../../src/domain/tour.ts';
import { bundleFiles } from '../../src/features/capture-upload/bundle.ts';
import { TEST_ORIGIN } from '../../src/server/testing.ts';
import { rawGlb, roomGlb, roomGltfFiles } from './capture-glb.ts';
import { uploadApp } from './upload-helpers.ts';

type Files = { name: string; bytes: Uint8Array }[];
const bundle = async (files: Files) =>
  new Uint8Array(await bundleFiles(files.map((f) => ({ name: f.name, blob: new Blob([f.bytes as Uint8Array<ArrayBuffer>]) }))).arrayBuffer());
const gltfJson = (json: object): Files => [{ name: 'room.gltf', bytes: new TextEncoder().encode(JSON.stringify({ asset: { version: '2.0' }, ...json })) }];
const error = async (res: Response) => ApiErrorBody.parse(await res.json());
const quotaUsed = async (t: Awaited<ReturnType<typeof uploadApp>>) =>
  ((await (await t.app.request('/api/captures/', { headers: { 'x-test-as': 'alice' } })).json()) as { quota: { usedBytes: number } }).quota.usedBytes;

describe('a .gltf uploaded with its files', () => {
  test('the .gltf, its .bin and a texture in a folder, sent in two chunks, become a space whose model carries the texture', async () => {
    const t = await uploadApp();
    const tar = await bundle(await roomGltfFiles());
    const path = await t.create('alice', tar.length, 'room.gltf');
    expect((await t.patch('alice', path, 0, tar.subarray(0, 700))).status).toBe(204);
    expect((await t.patch('alice', path, 700, tar.subarray(700))).status).toBe(204);
    while (await t.worker.runOnce());
    const done = await t.status('alice', path);
    expect(done).toMatchObject({ status: 'ready', kind: 'model', error: null, space: { name: 'Room' } });
    const tour = Tour.parse(await (await t.app.request(`/api/content/space/${done.space?.modelId ?? ''}/tour/`, { headers: { 'x-test-as': 'alice' } })).json());
    expect(tour.model?.url).toMatch(/model\.glb$/);
    expect(tour.rooms[0]?.dimensions).toMatchObject({ width: 6, length: 4 });
  });

  test('files chosen one by one lose their folder: a URI finds the one uploaded file of that name', async () => {
    const t = await uploadApp();
    const flat = (await roomGltfFiles()).map((f) => ({ ...f, name: f.name.split('/').pop() ?? f.name }));
    expect(await t.uploadAndProcess(await bundle(flat), 'room.gltf')).toMatchObject({ status: 'ready' });
  });

  const hostile: [string, () => Promise<Files>, RegExp][] = [
    [
      'a texture left out',
      async () => (await roomGltfFiles()).filter((f) => !f.name.endsWith('.png')),
      /This file refers to textures that were not uploaded: textures\/floor\.png/,
    ],
    ['a URI to a parent folder', () => Promise.resolve(gltfJson({ images: [{ uri: '../secret.png' }] })), /outside the upload.*\.\.\/secret\.png/],
    ['an http: buffer', () => Promise.resolve(gltfJson({ buffers: [{ uri: 'http://169.254.169.254/latest', byteLength: 4 }] })), /outside the upload.*http:/],
    ['a file: texture', () => Promise.resolve(gltfJson({ images: [{ uri: 'file:///etc/shadow' }] })), /outside the upload.*file:/],
    ['two models', async () => [...(await roomGltfFiles()), ...gltfJson({}).map((f) => ({ ...f, name: 'other.gltf' }))], /Choose one \.gltf at a time/],
    ['no .gltf among the files', () => Promise.resolve([{ name: 'room.bin', bytes: new Uint8Array(16) }]), /hold no \.gltf/],
    ['a .gltf that is not JSON', () => Promise.resolve([{ name: 'room.gltf', bytes: new TextEncoder().encode('{"asset":') }]), /its \.gltf is not JSON/],
  ];
  test.each(hostile)('%s fails with a reason and makes no space', async (_name, make, reason) => {
    const t = await uploadApp();
    const failed = await t.uploadAndProcess(await bundle(await make()), 'room.gltf');
    expect(failed).toMatchObject({ status: 'failed', space: null });
    expect(failed.error).toMatch(reason);
  });

  test('a bundle cut short is incomplete', async () => {
    const t = await uploadApp();
    const tar = await bundle(await roomGltfFiles());
    const failed = await t.uploadAndProcess(tar.subarray(0, tar.length - 2048), 'room.gltf');
    expect(failed.error).toMatch(/incomplete: it was cut short/);
  });

  test('a Gaussian splat is refused at its first bytes with why, by content or by name', async () => {
    const t = await uploadApp();
    const ply = new TextEncoder().encode('ply\nformat binary_little_endian 1.0\nelement vertex 1\n');
    const path = await t.create('alice', ply.length, 'scan.ply');
    const res = await t.patch('alice', path, 0, ply);
    expect(res.status).toBe(415);
    expect((await error(res)).message).toMatch(/Gaussian splats \(\.ply, \.spz\) are not accepted/);
    const spz = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
    const second = await t.patch('alice', await t.create('alice', spz.length, 'scan.spz'), 0, spz);
    expect((await error(second)).message).toMatch(/Gaussian splats/);
  });
});

describe('deleting uploads', () => {
  test('an upload in progress is cancelled: its bytes, its row and its share of the quota go', async () => {
    const t = await uploadApp();
    const glb = await roomGlb();
    const path = await t.create('alice', glb.length);
    expect((await t.patch('alice', path, 0, glb.subarray(0, 300))).status).toBe(204);
    expect(await quotaUsed(t)).toBe(glb.length);
    expect((await t.tus('bob', 'DELETE', path)).status).toBe(404);
    const res = await t.tus('alice', 'DELETE', path);
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect((await t.tus('alice', 'HEAD', path)).status).toBe(404);
    expect(await quotaUsed(t)).toBe(0);
    expect(readdirSync(join(t.deps.env.dataDir, 'uploads', 'captures'))).toEqual([]);
  });

  test('a failed upload is deleted with its job; one processing or made into a space is not', async () => {
    const t = await uploadApp();
    const failed = await t.uploadAndProcess(rawGlb({ asset: { version: '2.0' }, images: [{ uri: 'wood.png' }] }));
    expect(failed.status).toBe('failed');
    const path = `/api/uploads/captures/${failed.id}`;
    expect((await t.tus('alice', 'DELETE', path)).status).toBe(204);
    expect((await t.app.request(`/api/captures/${failed.id}/`, { headers: { 'x-test-as': 'alice' } })).status).toBe(404);
    expect(await t.db.kysely.selectFrom('jobs').select('id').execute()).toEqual([]);
    expect(await quotaUsed(t)).toBe(0);

    const glb = await roomGlb();
    const next = await t.create('alice', glb.length);
    await t.patch('alice', next, 0, glb);
    const busy = await t.tus('alice', 'DELETE', next);
    expect(busy.status).toBe(409);
    expect((await error(busy)).message).toMatch(/being processed/);
    while (await t.worker.runOnce());
    const ready = await t.tus('alice', 'DELETE', next);
    expect(ready.status).toBe(409);
    expect((await error(ready)).message).toMatch(/became a space/);
    // The other person's id, and a guest: as for an unknown id.
    expect((await t.tus('guest', 'DELETE', next)).status).toBe(401);
    expect((await t.app.request(`${next}`, { method: 'DELETE', headers: { Origin: TEST_ORIGIN, 'x-test-as': 'bob', 'Tus-Resumable': '1.0.0' } })).status).toBe(
      404,
    );
  });
});
