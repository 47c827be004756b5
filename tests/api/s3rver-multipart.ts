/**
 * s3rver 3.7 serves multipart uploads (create, upload part, complete) but answers 405 to ListParts
 * (`GET ?uploadId=`) and AbortMultipartUpload (`DELETE ?uploadId=`), which `@tus/s3-store` calls to
 * resume and to cancel. These two calls, answered from s3rver's own part files, in front of its routes.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type S3rver from 's3rver';

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
export function addMultipartListing(server: S3rver): void {
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
