import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { clockOf } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { requireUser } from '../auth/guards.ts';
import { queueProcessing, readUploads, usedBytes } from './captures.queries.ts';
import type * as r from './captures.routes.ts';

/** GET /api/captures/ */
export const listCaptures: RouteHandler<typeof r.listCaptures, AppEnv> = async (c) => {
  const user = requireUser(c);
  const deps = c.get('deps');
  const items = await readUploads(deps.db.kysely, user.id);
  return c.json({ items, quota: { usedBytes: await usedBytes(deps.db.kysely, user.id), limitBytes: deps.env.CAPTURE_UPLOAD_QUOTA_BYTES } }, 200);
};

/** GET /api/captures/{id}/ */
export const getCapture: RouteHandler<typeof r.getCapture, AppEnv> = async (c) => {
  const user = requireUser(c);
  const [item] = await readUploads(c.get('deps').db.kysely, user.id, c.req.valid('param').id);
  if (!item) throw notFound('Upload');
  return c.json(item, 200);
};

/** POST /api/captures/{id}/retry/ */
export const retryCapture: RouteHandler<typeof r.retryCapture, AppEnv> = async (c) => {
  const user = requireUser(c);
  const deps = c.get('deps');
  const { id } = c.req.valid('param');
  const [item] = await readUploads(deps.db.kysely, user.id, id);
  if (!item) throw notFound('Upload');
  if (item.status !== 'failed') throw conflict('id', 'Only a failed upload can be tried again.');
  await queueProcessing(deps.db.kysely, id, clockOf(deps));
  const [again] = await readUploads(deps.db.kysely, user.id, id);
  return c.json(again ?? item, 200);
};
