/** The capture-upload tests' app: tus requests as a named person, and the processing job run in the test. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { CaptureUpload } from '../../src/domain/capture-upload.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import { JobWorker } from '../../src/server/platform/jobs/worker.ts';
import { CAPTURE_JOB, captureJobKind } from '../../src/server/modules/captures/process-capture.ts';
import { seedFixtures, SESSIONS } from './fixtures.ts';

const dirs: string[] = [];
const apps: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Who a request is from. */
export type Who = keyof typeof SESSIONS | 'guest';

/** A fixture app whose caller is named per request (`as`), with its own data folder and quota. */
export async function uploadApp(quota = 50 * 1024 * 1024, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'discover-uploads-'));
  dirs.push(dir);
  const t = await createTestApp({
    session: (req) => {
      const who = req.headers.get('x-test-as') as Who | null;
      return Promise.resolve(who && who !== 'guest' ? SESSIONS[who] : null);
    },
    env: { DATA_DIR: dir, CAPTURE_UPLOAD_QUOTA_BYTES: String(quota), ...env },
  });
  apps.push(t);
  await seedFixtures(t.db.kysely);
  const tus = (as: Who, method: string, path: string, headers: Record<string, string> = {}, body?: BodyInit) =>
    t.app.request(path, {
      method,
      headers: { Origin: TEST_ORIGIN, 'x-test-as': as, 'Tus-Resumable': '1.0.0', ...headers },
      ...(body === undefined ? {} : { body, duplex: 'half' }),
    });
  /** Begins an upload; answers its path. */
  const create = async (as: Who, length: number, fileName = 'flat.glb') => {
    const res = await tus(as, 'POST', '/api/uploads/captures/', {
      'Upload-Length': String(length),
      'Upload-Metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return res.headers.get('location') ?? '';
  };
  const patch = (as: Who, path: string, offset: number, bytes: Uint8Array | ReadableStream<Uint8Array>) =>
    tus(as, 'PATCH', path, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) }, bytes as BodyInit);
  const worker = new JobWorker({
    db: t.db.kysely,
    kinds: { [CAPTURE_JOB]: captureJobKind({ db: t.db.kysely, env: t.deps.env }) },
    onError: (e) => expect.fail(String(e)),
  });
  /** Uploads a whole file in one PATCH and runs its processing; answers the upload as its owner sees it. */
  const uploadAndProcess = async (bytes: Uint8Array, fileName = 'flat.glb', as: Who = 'alice') => {
    const path = await create(as, bytes.length, fileName);
    const res = await patch(as, path, 0, bytes);
    expect(res.status, await res.clone().text()).toBe(204);
    while (await worker.runOnce());
    return status(as, path);
  };
  const status = async (as: Who, path: string) => {
    const res = await t.app.request(`/api/captures/${path.split('/').pop() ?? ''}/`, { headers: { 'x-test-as': as } });
    expect(res.status).toBe(200);
    return CaptureUpload.parse(await res.json());
  };
  return { ...t, tus, create, patch, worker, uploadAndProcess, status };
}
