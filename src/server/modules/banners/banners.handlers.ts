import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { listActiveBanners } from './banners.queries.ts';
import { contentCtx } from '../../platform/content/context.ts';
import type * as r from './banners.routes.ts';

/** GET /banner/ */
export const listBanners: RouteHandler<typeof r.listBanners, AppEnv> = async (c) =>
  c.json(await listActiveBanners(await contentCtx(c), c.req.valid('query').locale), 200);
