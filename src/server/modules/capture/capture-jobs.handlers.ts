import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { requireUser } from '../auth/guards.ts';
import { attachUpload, getJob as readJob, jobViewer, listJobs, markArrived, markCaptured } from './jobs.ts';
import type * as r from './capture-jobs.routes.ts';

/** GET /admin/api/capture/jobs/ */
export const getJobs: RouteHandler<typeof r.getJobs, AppEnv> = async (c) => {
  const deps = c.get('deps');
  return c.json(await listJobs(deps, await jobViewer(deps.db.kysely, requireUser(c)), c.req.valid('query')), 200);
};

/** GET /admin/api/capture/jobs/{orderId}/ */
export const getJob: RouteHandler<typeof r.getJob, AppEnv> = async (c) => {
  const deps = c.get('deps');
  return c.json(await readJob(deps, await jobViewer(deps.db.kysely, requireUser(c)), c.req.valid('param').orderId), 200);
};

/** POST /admin/api/capture/jobs/{orderId}/arrived/ */
export const postArrived: RouteHandler<typeof r.postArrived, AppEnv> = async (c) => {
  const deps = c.get('deps');
  return c.json(await markArrived(deps, await jobViewer(deps.db.kysely, requireUser(c)), c.req.valid('param').orderId), 200);
};

/** POST /admin/api/capture/jobs/{orderId}/captured/ */
export const postCaptured: RouteHandler<typeof r.postCaptured, AppEnv> = async (c) => {
  const deps = c.get('deps');
  return c.json(await markCaptured(deps, await jobViewer(deps.db.kysely, requireUser(c)), c.req.valid('param').orderId), 200);
};

/** POST /admin/api/capture/jobs/{orderId}/upload/ */
export const postUpload: RouteHandler<typeof r.postUpload, AppEnv> = async (c) => {
  const deps = c.get('deps');
  return c.json(await attachUpload(deps, await jobViewer(deps.db.kysely, requireUser(c)), c.req.valid('param').orderId, c.req.valid('json').uploadId), 200);
};
