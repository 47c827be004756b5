import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { searchFacets as queryFacets, searchPoints as queryPoints } from './search-facets.queries.ts';
import type * as r from './search-facets.routes.ts';

/** POST /space/search/facets/ */
export const searchFacets: RouteHandler<typeof r.searchFacets, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const ctx = await contentCtx(c);
  return c.json(await queryFacets(ctx, input), 200);
};

/** POST /space/search/points/ */
export const searchPoints: RouteHandler<typeof r.searchPoints, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const ctx = await contentCtx(c);
  return c.json(await queryPoints(ctx, input), 200);
};
