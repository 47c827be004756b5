/**
 * The demo world on S3-compatible media storage (issue 16), with the real start command: `node
 * scripts/start.ts` with MEDIA_S3_* set seeds a small world, draws its pictures and copies them into
 * the bucket (s3rver, in this process), so the picture URLs the API answers are served by the
 * bucket. A second start copies nothing again. Runs on SQLite and, in the PostgreSQL pass, on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../../src/server/db/embedded-postgres.ts';
import { openTestDatabase, type TestDatabase } from '../../src/server/db/test-databases.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const BUCKET = 'discover-media';
const dataDir = mkdtempSync(join(tmpdir(), 'discover-s3-start-'));
const bucketDir = mkdtempSync(join(tmpdir(), 'discover-s3-bucket-'));
let s3: S3rver;
let bucketUrl = '';
/** The PostgreSQL pass starts on a fresh PostgreSQL database, the SQLite pass on a file in DATA_DIR. */
let database: TestDatabase | undefined;

beforeAll(async () => {
  const port = await freePort();
  s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory: bucketDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await s3.run();
  bucketUrl = `http://127.0.0.1:${port}`;
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bucketDir, { recursive: true, force: true });
});

/** Runs `scripts/start.ts` (API only, a 12-space world) on S3 media until it is ready. */
function start(): Promise<ServerProcess> {
  return startServerProcess({
    script: 'scripts/start.ts',
    // Only what the start needs: no DATABASE_URL or MEDIA_* of the machine's environment.
    inheritEnv: false,
    timeoutMs: 90_000,
    env: {
      DATA_DIR: dataDir,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
      SKIP_BUILD: 'true',
      SEED_SPACES: '12',
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ENDPOINT: bucketUrl,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_S3_PREFIX: 'media/',
      MEDIA_PUBLIC_URL: `${bucketUrl}/${BUCKET}/media`,
    },
  });
}

test("a fresh start on S3 copies the demo world's pictures into the bucket, and the URLs the API answers serve them", async () => {
  const first = await start();
  try {
    expect(first.output()).toMatch(/Demo pictures copied to the media store in [\d.]+ s: \d+ files\./);
    const list = (await (await fetch(`${first.origin}/api/content/space/?limit=3`)).json()) as unknown;
    const urls = [...JSON.stringify(list).matchAll(/"(http:\/\/127\.0\.0\.1:\d+\/discover-media\/media\/[^"]+\.(?:webp|avif))"/g)].map((m) => m[1] as string);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls.slice(0, 6)) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/(webp|avif)$/);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  } finally {
    await first.stop();
  }
  const second = await start();
  try {
    expect(second.output()).not.toContain('Demo pictures copied');
  } finally {
    await second.stop();
  }
}, 240_000);
