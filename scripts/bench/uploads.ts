import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { Upload } from 'tus-js-client';
import { createTestApp } from '../../src/server/testing.ts';
import { JobWorker } from '../../src/server/platform/jobs/worker.ts';
import { CAPTURE_JOB, captureJobKind } from '../../src/server/modules/captures/process-capture.ts';
import { seedFixtures, SESSIONS } from '../../tests/api/fixtures.ts';

/**
 * `npm run bench:uploads`: one run of the capture pipeline on this machine. Builds a 50 MB GLB
 * (a 10 × 8 m undulating surface of about a million indexed vertices, as a scan's mesh), uploads
 * it with tus-js-client to the API on 127.0.0.1 (8 MB chunks, the browser's setting), runs its
 * processing job, and copies the same bytes with `cp` for comparison. Then the same for a set of 20
 * panoramas (8192 × 4096 JPEG by default, `BENCH_PANO_WIDTH` to change): the first makes the tour,
 * the other 19 join it (tus metadata `spaceId`), each checked, re-encoded, cut into a preview and
 * tiles. Prints throughput and times.
 */
async function bigModel(targetBytes: number): Promise<Uint8Array> {
  const side = Math.ceil(Math.sqrt(targetBytes / 48));
  const doc = new Document();
  const buffer = doc.createBuffer();
  const positions = new Float32Array(side * side * 3);
  const normals = new Float32Array(side * side * 3);
  for (let j = 0; j < side; j++)
    for (let i = 0; i < side; i++) {
      const k = (j * side + i) * 3;
      const x = (10 * i) / (side - 1);
      const z = (8 * j) / (side - 1);
      positions.set([x, 0.05 * Math.sin(x * 3) * Math.cos(z * 2), z], k);
      normals.set([0, 1, 0], k);
    }
  const indices = new Uint32Array((side - 1) * (side - 1) * 6);
  let n = 0;
  for (let j = 0; j < side - 1; j++)
    for (let i = 0; i < side - 1; i++) {
      const a = j * side + i;
      indices.set([a, a + side, a + 1, a + 1, a + side, a + side + 1], n);
      n += 6;
    }
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
    .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(normals).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
  doc.createScene('scene').addChild(doc.createNode('scan').setMesh(doc.createMesh('scan').addPrimitive(prim)));
  return new NodeIO().writeBinary(doc);
}

/** An equirectangular photo as a camera writes it: smooth light with fine grain, JPEG quality 90. */
async function panoramaPhoto(width: number, seed: number): Promise<Uint8Array> {
  const height = width / 2;
  const pixels = Buffer.alloc(width * height * 3);
  let r = seed * 7919 + 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      r = (r * 1103515245 + 12345) & 0x7fffffff;
      const grain = (r >> 16) % 24;
      const k = (y * width + x) * 3;
      pixels[k] = (120 + 100 * Math.sin((x / width) * 6.283 + seed) + grain) & 255;
      pixels[k + 1] = (90 + (140 * y) / height + grain) & 255;
      pixels[k + 2] = (60 + 80 * Math.cos((y / height) * 3.14) + grain) & 255;
    }
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

/** Sends bytes with tus-js-client as the browser does (8 MB chunks); answers the upload's id. */
const send = (endpoint: string, bytes: Uint8Array, metadata: Record<string, string>) =>
  new Promise<string>((ok, fail) => {
    const u = new Upload(Buffer.from(bytes), {
      endpoint,
      chunkSize: 8 * 1024 * 1024,
      metadata,
      onError: fail,
      onSuccess: () => ok((u.url ?? '').split('/').pop() ?? ''),
    });
    u.start();
  });

const dir = mkdtempSync(join(tmpdir(), 'discover-bench-uploads-'));
const t = await createTestApp({ session: () => Promise.resolve(SESSIONS.alice), env: { DATA_DIR: dir } });
await seedFixtures(t.db.kysely);
const listener = getRequestListener((req) => t.app.fetch(req));
const server = createServer((req, res) => void listener(req, res));
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const mb = (n: number) => n / 1024 / 1024;
try {
  const glb = await bigModel(50 * 1024 * 1024);
  const file = join(dir, 'model.glb');
  writeFileSync(file, glb);
  console.log(`Model: ${mb(glb.length).toFixed(1)} MB`);

  const up0 = performance.now();
  const url = await new Promise<string>((ok, fail) => {
    const u = new Upload(Buffer.from(glb), {
      endpoint: `http://127.0.0.1:${port}/api/uploads/captures/`,
      chunkSize: 8 * 1024 * 1024,
      metadata: { filename: 'bench.glb' },
      onError: fail,
      onSuccess: () => ok(u.url ?? ''),
    });
    u.start();
  });
  const upSeconds = (performance.now() - up0) / 1000;
  console.log(`Upload (tus, 8 MB chunks): ${upSeconds.toFixed(2)} s, ${(mb(glb.length) / upSeconds).toFixed(0)} MB/s`);

  const worker = new JobWorker({ db: t.db.kysely, kinds: { [CAPTURE_JOB]: captureJobKind({ db: t.db.kysely, env: t.deps.env }) }, leaseMs: 600_000 });
  const p0 = performance.now();
  await worker.runOnce();
  const processing = (performance.now() - p0) / 1000;
  const row = await t.db.kysely
    .selectFrom('capture_uploads')
    .selectAll()
    .where('id', '=', url.split('/').pop() ?? '')
    .executeTakeFirstOrThrow();
  const model = await t.db.kysely.selectFrom('tour_models').select('modelBytes').where('id', '=', `cap:${row.id}`).executeTakeFirst();
  console.log(
    `Processing: ${processing.toFixed(2)} s (${row.status}${row.error ? `: ${row.error}` : ''}); published model ${mb(model?.modelBytes ?? 0).toFixed(1)} MB`,
  );

  const c0 = performance.now();
  execFileSync('cp', [file, join(dir, 'copy.glb')]);
  const cpSeconds = (performance.now() - c0) / 1000;
  console.log(`cp of the same bytes: ${cpSeconds.toFixed(2)} s, ${(mb(glb.length) / cpSeconds).toFixed(0)} MB/s`);

  // 20 panoramas: one tour of 20 points.
  const panoWidth = Number(process.env['BENCH_PANO_WIDTH'] ?? 8192);
  const photos: Uint8Array[] = [];
  for (let i = 0; i < 20; i++) photos.push(await panoramaPhoto(panoWidth, i));
  const total = photos.reduce((n, p) => n + p.length, 0);
  mkdirSync(join(dir, 'panos'));
  photos.forEach((p, i) => writeFileSync(join(dir, 'panos', `pano-${i}.jpg`), p));
  console.log(`Panoramas: 20 × ${panoWidth} × ${panoWidth / 2} JPEG, ${mb(total).toFixed(1)} MB in all`);
  const endpoint = `http://127.0.0.1:${port}/api/uploads/captures/`;
  let panoUpload = 0;
  let panoProcessing = 0;
  let spaceId = '';
  for (const [i, bytes] of photos.entries()) {
    const u0 = performance.now();
    const id = await send(endpoint, bytes, { filename: `pano-${i}.jpg`, ...(spaceId ? { spaceId } : {}) });
    panoUpload += performance.now() - u0;
    const p0 = performance.now();
    await worker.runOnce();
    panoProcessing += performance.now() - p0;
    const done = await t.db.kysely.selectFrom('capture_uploads').select(['status', 'error', 'spaceId']).where('id', '=', id).executeTakeFirstOrThrow();
    if (done.status !== 'ready') throw new Error(`panorama ${i}: ${done.status} ${done.error ?? ''}`);
    spaceId ||= done.spaceId ?? '';
  }
  const layout = await t.db.kysely
    .selectFrom('space_tours as s')
    .innerJoin('tour_models as m', 'm.id', 's.tourModelId')
    .select('m.layout')
    .where('s.spaceId', '=', spaceId)
    .executeTakeFirstOrThrow();
  const sweeps = (JSON.parse(layout.layout) as { sweeps: unknown[] }).sweeps.length;
  console.log(`Upload of the 20 (tus, one after another): ${(panoUpload / 1000).toFixed(2)} s, ${(mb(total) / (panoUpload / 1000)).toFixed(0)} MB/s`);
  console.log(
    `Processing of the 20 (check, WebP, preview and tiles, one tour of ${sweeps} points): ${(panoProcessing / 1000).toFixed(2)} s, ${(panoProcessing / 20000).toFixed(2)} s each`,
  );
  const c1 = performance.now();
  execFileSync('cp', ['-r', join(dir, 'panos'), join(dir, 'panos-copy')]);
  const cp20 = (performance.now() - c1) / 1000;
  console.log(`cp of the same bytes (the 20 files): ${cp20.toFixed(2)} s, ${(mb(total) / cp20).toFixed(0)} MB/s`);
} finally {
  server.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
}
