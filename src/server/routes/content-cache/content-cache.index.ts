import { etag } from 'hono/etag';
import { createRouter } from '../../router.ts';

/**
 * Conditional requests for the public reads: every GET under /api/content answers a weak ETag
 * (a digest of the body, so per-user answers never match another user's) and 304 on a match. The
 * site build's loaders send If-None-Match and skip unchanged pages. Mounted before the resources.
 */
export const contentCacheRouter = () => {
  const r = createRouter();
  r.use('/api/content/*', etag({ weak: true }));
  return r;
};
