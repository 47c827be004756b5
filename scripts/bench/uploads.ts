import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Document, NodeIO } from '@gltf-transform/core';
import { Upload } from 'tus-js-client';
import { createTestApp } from '../../src/server/testing.ts';
import { JobWorker } from '../../src/server/platform/jobs/worker.ts';
import { CAPTURE_JOB, captureJobKind } from '../../src/server/modules/captures/process-capture.ts';
import { seedFixtures, SESSIONS } from '../../tests/api/fixtures.ts';

/**
 * `npm run bench:uploads`: one run of the capture pipeline on this machine. Builds a 50 MB GLB
 * (a 10 × 8 m undulating surface of about a million indexed vertices, as a scan's mesh), uploads
 * it with tus-js-client to the API on 127.0.0.1 (8 MB chunks, the browser's setting), runs its
 * processing job, and copies the same bytes with `cp` for comparison. Prints throughput and times.
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
} finally {
  server.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
}
