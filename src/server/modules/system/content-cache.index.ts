import { createHash } from 'node:crypto';
import { etag } from 'hono/etag';
import { createRouter } from '../../router.ts';

const sha1 = (body: Uint8Array): ArrayBuffer => {
  const digest = createHash('sha1').update(body).digest();
  return digest.buffer.slice(digest.byteOffset, digest.byteOffset + digest.byteLength);
};

/**
 * Conditional requests for the public reads: every GET under /api/content answers a weak ETag
 * (a digest of the body, so per-user answers never match another user's) and 304 on a match. The
 * site build's loaders send If-None-Match and skip unchanged pages. Mounted before the resources.
 */
export const contentCacheRouter = () => {
  const r = createRouter();
  // SHA-1 from node:crypto, synchronously: Web Crypto's digest (the default) hops to the thread
  // pool for every answer and was the largest single cost of a space read (bench:api profile).
  r.use('/api/content/*', etag({ weak: true, generateDigest: sha1 }));
  return r;
};
