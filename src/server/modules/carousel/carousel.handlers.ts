import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { listCarousel as list } from './carousel.queries.ts';
import { contentCtx } from '../../platform/content/context.ts';
import type * as r from './carousel.routes.ts';

/** GET /fci/ */
export const listCarousel: RouteHandler<typeof r.listCarousel, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  return c.json(await list(await contentCtx(c), q.includeInactive, q.locale), 200);
};
