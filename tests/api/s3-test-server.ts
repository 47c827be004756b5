/**
 * A local S3-compatible server for tests: s3rver (npm, in-process, files in a temporary folder) with
 * one bucket, its client and the MEDIA_S3_* environment that points the app at it.
 *
 * s3rver 3.7 serves multipart uploads (create, upload part, complete) but answers 405 to ListParts
 * (`GET ?uploadId=`) and AbortMultipartUpload (`DELETE ?uploadId=`), which `@tus/s3-store` calls to
 * resume and to cancel: `addMultipartListing` answers these two from s3rver's own part files.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../src/server/db/embedded-postgres.ts';
import { setMediaBaseUrl } from '../../src/server/platform/content/media-urls.ts';

interface Ctx {
  method: string;
  path: string;
  query: Record<string, unknown>;
  status: number;
  type: string;
  body: unknown;
}
interface Store {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
}

/** Adds ListParts and AbortMultipartUpload to an s3rver instance before it runs. */
function addMultipartListing(server: S3rver): void {
  const store = (server as unknown as { store: Store }).store;
  const middleware = async (ctx: Ctx, next: () => Promise<void>) => {
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    const uploadId = ctx.query['uploadId'];
    if (!match?.[1] || typeof uploadId !== 'string' || ctx.query['partNumber'] !== undefined || !['GET', 'DELETE'].includes(ctx.method)) return next();
    const dir = join(store.getResourcePath(match[1], undefined, 'uploads'), uploadId);
    if (ctx.method === 'DELETE') {
      rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    ctx.type = 'application/xml';
    if (!existsSync(dir)) {
      ctx.status = 404;
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>';
      return;
    }
    const parts = readdirSync(dir)
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const file = join(dir, String(n));
        const etag = readFileSync(`${file}.md5`, 'utf8').trim();
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${etag}"</ETag><Size>${statSync(file).size}</Size></Part>`;
      });
    ctx.status = 200;
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${match[1]}</Bucket><Key>${match[2] ?? ''}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
  (server as unknown as { middleware: unknown[] }).middleware.unshift(middleware);
}

/** The running server of a test file. */
export interface S3TestServer {
  readonly endpoint: string;
  readonly client: S3Client;
  /** The app's environment for media (and capture uploads) in this bucket, under `media/`. */
  readonly env: () => Record<string, string>;
}

/** Starts s3rver with `bucket` before the file's tests and removes it after them. */
export function useS3TestServer(bucket: string, options: { multipartListing?: boolean } = {}): S3TestServer {
  let server: S3rver | undefined;
  let dir = '';
  let endpoint = '';
  let client: S3Client | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'discover-s3-'));
    const port = await freePort();
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
    if (options.multipartListing) addMultipartListing(server);
    await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  });
  afterAll(async () => {
    client?.destroy();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
    setMediaBaseUrl(undefined);
  });
  return {
    get endpoint() {
      return endpoint;
    },
    get client() {
      if (!client) throw new Error('The S3 test server is not running yet');
      return client;
    },
    env: () => ({
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_S3_PREFIX: 'media/',
      MEDIA_PUBLIC_URL: `${endpoint}/${bucket}/media`,
    }),
  };
}
