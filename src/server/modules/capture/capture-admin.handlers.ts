import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../platform/errors.ts';
import { technicianExists } from './capture.queries.ts';
import { getAdminOrder as readAdminOrder, listAdminOrders, reassignOrder } from './admin-orders.ts';
import { notifyNewlyCovered } from './notify.ts';
import { setOrderStatus } from './orders.ts';
import { captureServices } from './services.ts';
import { ensureTechnicians, listTechnicians, saveTechnician } from './technicians.ts';
import type * as r from './capture-admin.routes.ts';
import { newId } from '../../platform/ids.ts';

/** GET /admin/api/capture/technicians/ */
export const getTechnicians: RouteHandler<typeof r.getTechnicians, AppEnv> = async (c) => {
  const deps = c.get('deps');
  await ensureTechnicians(deps.db.kysely, captureServices(deps).clock.now());
  return c.json({ technicians: await listTechnicians(deps.db.kysely) }, 200);
};

/** POST /admin/api/capture/technicians/ */
export const postTechnician: RouteHandler<typeof r.postTechnician, AppEnv> = async (c) => {
  const deps = c.get('deps');
  const now = captureServices(deps).clock.now();
  await ensureTechnicians(deps.db.kysely, now);
  const input = c.req.valid('json');
  const result = await deps.db.kysely.transaction().execute(async (tx) => {
    const technician = await saveTechnician(tx, `tech-${newId()}`, input, now, false);
    return { technician, notified: await notifyNewlyCovered(tx, deps, technician, now) };
  });
  return c.json(result, 200);
};

/** PUT /admin/api/capture/technicians/{technicianId}/ */
export const putTechnician: RouteHandler<typeof r.putTechnician, AppEnv> = async (c) => {
  const deps = c.get('deps');
  const now = captureServices(deps).clock.now();
  await ensureTechnicians(deps.db.kysely, now);
  const { technicianId } = c.req.valid('param');
  const input = c.req.valid('json');
  const result = await deps.db.kysely.transaction().execute(async (tx) => {
    if (!(await technicianExists(tx, technicianId))) throw notFound('Technician');
    const technician = await saveTechnician(tx, technicianId, input, now, true);
    return { technician, notified: await notifyNewlyCovered(tx, deps, technician, now) };
  });
  return c.json(result, 200);
};

/** POST /admin/api/capture/orders/{orderId}/status/ */
export const postOrderStatus: RouteHandler<typeof r.postOrderStatus, AppEnv> = async (c) =>
  c.json(await setOrderStatus(c.get('deps'), c.req.valid('param').orderId, c.req.valid('json').status), 200);

/** GET /admin/api/capture/orders/ */
export const getAdminOrders: RouteHandler<typeof r.getAdminOrders, AppEnv> = async (c) =>
  c.json(await listAdminOrders(c.get('deps'), c.req.valid('query')), 200);

/** GET /admin/api/capture/orders/{orderId}/ */
export const getAdminOrder: RouteHandler<typeof r.getAdminOrder, AppEnv> = async (c) =>
  c.json(await readAdminOrder(c.get('deps'), c.req.valid('param').orderId), 200);

/** POST /admin/api/capture/orders/{orderId}/technician/ */
export const postReassign: RouteHandler<typeof r.postReassign, AppEnv> = async (c) =>
  c.json(await reassignOrder(c.get('deps'), c.req.valid('param').orderId, c.req.valid('json').technicianId), 200);
