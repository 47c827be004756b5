import type { RouteHandler } from '@hono/zod-openapi';
import { clockOf } from '../../platform/clock.ts';
import type { AppEnv } from '../../context.ts';
import { listPros } from './pros.queries.ts';
import type * as r from './pros.routes.ts';

/** GET /api/capture/pros/ */
export const getPros: RouteHandler<typeof r.getPros, AppEnv> = async (c) =>
  c.json({ pros: await listPros(c.get('deps').db.kysely, clockOf(c.get('deps')).now()) }, 200);
