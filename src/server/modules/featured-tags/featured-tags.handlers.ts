import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { listFeaturedTagNames as names, listFeaturedTags as list, readFeaturedTag } from './featured-tags.queries.ts';
import type * as r from './featured-tags.routes.ts';

/** GET /featuredTag/ */
export const listFeaturedTags: RouteHandler<typeof r.listFeaturedTags, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  return c.json(await list(await contentCtx(c), q), 200);
};

/** GET /featuredTag/listNames */
export const listFeaturedTagNames: RouteHandler<typeof r.listFeaturedTagNames, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  return c.json(await names(await contentCtx(c), q.filterInactive, q.filterEmpty, q.locale), 200);
};

/** GET /featuredTag/{id}/ */
export const getFeaturedTag: RouteHandler<typeof r.getFeaturedTag, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  return c.json(await readFeaturedTag(await contentCtx(c), c.req.valid('param').id, q.spacesLimit, q.locale), 200);
};
