import { etag } from 'hono/etag';
import { createRouter } from '../../router.ts';
import * as h from './pros.handlers.ts';
import * as r from './pros.routes.ts';

/** Find a 3D Pro's directory (/api/capture/pros/), with a weak ETag and 304 for the site's loader. */
export const prosRouter = () => {
  const router = createRouter();
  router.use('/api/capture/pros/', etag({ weak: true }));
  return router.openapi(r.getPros, h.getPros);
};
