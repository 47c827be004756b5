import { etag } from 'hono/etag';
import { createRouter } from '../../router.ts';
import * as h from './tours.handlers.ts';
import * as r from './tours.routes.ts';
import * as lh from './tour-layout.handlers.ts';
import * as lr from './tour-layout.routes.ts';

/**
 * The tour of a space (under /api/content, so it has the space read's weak ETag and the guests'
 * read cache), the owner's panorama layout edit, and the oEmbed provider (its own weak ETag, for
 * consumers that revalidate).
 */
export const toursRouter = () => {
  const router = createRouter();
  router.use('/api/oembed/', etag({ weak: true }));
  return router.openapi(r.getTour, h.getTour).openapi(r.oembed, h.oembed).openapi(lr.putTourLayout, lh.putTourLayout);
};
