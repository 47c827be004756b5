import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../platform/errors.ts';
import { changedFields, withAudit } from '../../platform/audit.ts';
import { requireAdmin } from '../auth/guards.ts';
import { getAdminOrder as readAdminOrder, listAdminOrders, reassignOrder } from './admin-orders.ts';
import { notifyNewlyCovered } from './notify.ts';
import { setOrderStatus } from './orders.ts';
import { captureServices } from './services.ts';
import { auditedTechnician, ensureTechnicians, listTechnicians, readTechnician, saveTechnician } from './technicians.ts';
import type * as r from './capture-admin.routes.ts';
import { newId } from '../../platform/ids.ts';

/** GET /admin/api/capture/technicians/ */
export const getTechnicians: RouteHandler<typeof r.getTechnicians, AppEnv> = async (c) => {
  const deps = c.get('deps');
  await ensureTechnicians(deps.db.kysely, captureServices(deps).clock.now());
  return c.json({ technicians: await listTechnicians(deps.db.kysely) }, 200);
};

/** POST /admin/api/capture/technicians/ (audited) */
export const postTechnician: RouteHandler<typeof r.postTechnician, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const deps = c.get('deps');
  const now = captureServices(deps).clock.now();
  await ensureTechnicians(deps.db.kysely, now);
  const input = c.req.valid('json');
  const result = await withAudit(deps, admin, { type: 'TECHNICIAN', action: 'CREATE' }, async (tx) => {
    const technician = await saveTechnician(tx, `tech-${newId()}`, input, now, false);
    const out = { technician, notified: await notifyNewlyCovered(tx, deps, technician, now) };
    return { from: null, to: auditedTechnician(technician), result: out };
  });
  return c.json(result, 200);
};

/** PUT /admin/api/capture/technicians/{technicianId}/ (audited: the fields that changed, e.g. service area, working hours, time off, who signs in) */
export const putTechnician: RouteHandler<typeof r.putTechnician, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const deps = c.get('deps');
  const now = captureServices(deps).clock.now();
  await ensureTechnicians(deps.db.kysely, now);
  const { technicianId } = c.req.valid('param');
  const input = c.req.valid('json');
  const result = await withAudit(deps, admin, { type: 'TECHNICIAN', action: 'UPDATE' }, async (tx) => {
    const before = await readTechnician(tx, technicianId);
    if (!before) throw notFound('Technician');
    const technician = await saveTechnician(tx, technicianId, input, now, true);
    const out = { technician, notified: await notifyNewlyCovered(tx, deps, technician, now) };
    const diff = changedFields(auditedTechnician(before), auditedTechnician(technician));
    return diff ? { ...diff, result: out } : { from: null, to: null, result: out, noop: true };
  });
  return c.json(result, 200);
};

/** POST /admin/api/capture/orders/{orderId}/status/ (audited) */
export const postOrderStatus: RouteHandler<typeof r.postOrderStatus, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { orderId } = c.req.valid('param');
  const { status } = c.req.valid('json');
  const order = await withAudit(c.get('deps'), admin, { type: 'CAPTURE_ORDER', action: 'UPDATE_STATUS' }, async (tx) => {
    const changed = await setOrderStatus(c.get('deps'), orderId, status, tx);
    return { from: { id: orderId, status: changed.from }, to: { id: orderId, status }, result: changed.order };
  });
  return c.json(order, 200);
};

/** GET /admin/api/capture/orders/ */
export const getAdminOrders: RouteHandler<typeof r.getAdminOrders, AppEnv> = async (c) =>
  c.json(await listAdminOrders(c.get('deps'), c.req.valid('query')), 200);

/** GET /admin/api/capture/orders/{orderId}/ */
export const getAdminOrder: RouteHandler<typeof r.getAdminOrder, AppEnv> = async (c) =>
  c.json(await readAdminOrder(c.get('deps'), c.req.valid('param').orderId), 200);

/** POST /admin/api/capture/orders/{orderId}/technician/ */
export const postReassign: RouteHandler<typeof r.postReassign, AppEnv> = async (c) =>
  c.json(await reassignOrder(c.get('deps'), c.req.valid('param').orderId, c.req.valid('json').technicianId, requireAdmin(c)), 200);
