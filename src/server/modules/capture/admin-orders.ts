import type { Kysely } from 'kysely';
import type { CheckedAddress, OrderStatus } from '../../../domain/capture.ts';
import type { AdminOrder, AdminOrderList, AdminOrderQuery, OrderHistoryEntry } from '../../../domain/capture-delivery.ts';
import { DELIVERY_HOURS } from '../../../domain/capture-rules.ts';
import type { Deps, SessionUser } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { CaptureOrdersTable } from '../../db/schema/capture.ts';
import { ApiError, fieldError, notFound } from '../../platform/errors.ts';
import { enqueueEmail } from '../../platform/outbox/outbox.ts';
import { recordAudit } from '../../platform/audit.ts';
import { completeCells } from './availability.ts';
import { deliveryView, isOverdue } from './delivery-view.ts';
import { reassignedEmails } from './emails.ts';
import { orderView, withStatus } from './orders.ts';
import { captureServices } from './services.ts';
import { parseJson } from './store.ts';

/**
 * The administrators' orders screen (issue 24): every order with filters, the statuses' history,
 * late deliveries flagged, and reassigning the visit to another technician (the customer is told).
 */

type Row = CaptureOrdersTable & {
  accountName: string | null;
  customerEmail: string | null;
  areaName: string | null;
  techFirst: string | null;
  techLast: string | null;
};

const DAY_MS = 86_400_000;

/** Orders with their account, customer and technician, filtered as the screen asks (overdue is applied after). */
function filtered(db: Kysely<Database>, query: AdminOrderQuery) {
  let q = db
    .selectFrom('capture_orders as o')
    .leftJoin('accounts as a', 'a.id', 'o.accountId')
    .leftJoin('users as u', 'u.id', 'o.userId')
    .leftJoin('capture_technicians as t', 't.id', 'o.technicianId')
    .selectAll('o')
    .select(['a.name as accountName', 'u.email as customerEmail', 't.areaName as areaName', 't.firstName as techFirst', 't.lastName as techLast']);
  if (query.status) q = q.where('o.status', '=', query.status);
  if (query.area) q = q.where('t.areaName', '=', query.area);
  if (query.technicianId) q = q.where('o.technicianId', '=', query.technicianId);
  if (query.from) q = q.where('o.start', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) q = q.where('o.start', '<', new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS).toISOString());
  return q;
}

async function adminOrderView(db: Kysely<Database>, row: Row, now: Date): Promise<AdminOrder> {
  const address = parseJson<CheckedAddress>(row.address);
  return {
    id: row.id,
    number: row.number,
    status: row.status as OrderStatus,
    accountId: row.accountId,
    accountName: row.accountName ?? '',
    customerEmail: row.customerEmail ?? '',
    areaName: row.areaName ?? '',
    technicianId: row.technicianId,
    technicianName: row.techFirst ? `${row.techFirst} ${row.techLast ?? ''}`.trim() : '',
    start: row.start,
    end: row.end,
    timeZone: row.timeZone,
    address: address.formatted.join(', '),
    total: { amount: Number(row.total), currency: row.currency },
    delivery: await deliveryView(db, row, now),
    history: parseJson<OrderHistoryEntry[]>(row.statusHistory),
    createdAt: row.createdAt,
  };
}

/** The orders screen: a page of orders (visit time, newest first), the count of late deliveries, and the filters' choices. */
export async function listAdminOrders(deps: Deps, query: AdminOrderQuery): Promise<AdminOrderList> {
  const db = deps.db.kysely;
  const now = captureServices(deps).clock.now();
  // Late: delivered after the due time, or not delivered and the due time passed. The due time
  // follows the visit, so the candidates are the orders whose visit ended DELIVERY_HOURS ago.
  const lateBefore = new Date(now.getTime() - DELIVERY_HOURS * 3_600_000).toISOString();
  const candidates = await filtered(db, { page: 1, pageSize: 1 })
    .where('o.status', '!=', 'CANCELLED')
    .where((eb) => eb.or([eb('o.end', '<', lateBefore), eb('o.capturedAt', '<', lateBefore), eb('o.deliveredAt', 'is not', null)]))
    .execute();
  const lateIds = new Set(candidates.filter((r) => isOverdue(r, now)).map((r) => r.id));
  let rows = await filtered(db, query).orderBy('o.start', 'desc').orderBy('o.id').execute();
  if (query.overdue === 'true') rows = rows.filter((r) => lateIds.has(r.id));
  const page = rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  const techs = await db.selectFrom('capture_technicians').select(['id', 'firstName', 'lastName', 'areaName']).orderBy('areaName').orderBy('id').execute();
  return {
    orders: await Promise.all(page.map((r) => adminOrderView(db, r, now))),
    total: rows.length,
    overdueCount: lateIds.size,
    areas: [...new Set(techs.map((t) => t.areaName))].sort((a, b) => a.localeCompare(b)),
    technicians: techs.map((t) => ({ id: t.id, name: `${t.firstName} ${t.lastName}`, areaName: t.areaName })),
  };
}

/** One order for the screen's details. */
export async function getAdminOrder(deps: Deps, orderId: string): Promise<AdminOrder> {
  const db = deps.db.kysely;
  const row = await filtered(db, { page: 1, pageSize: 1 }).where('o.id', '=', orderId).executeTakeFirst();
  if (!row) throw notFound('Order');
  return adminOrderView(db, row, captureServices(deps).clock.now());
}

/**
 * Gives the visit to another technician at the same time: their cells must be free (409 otherwise);
 * the history notes the change, the customer and site contact are emailed and the audit log keeps
 * who moved it from whom to whom, in one transaction.
 */
export async function reassignOrder(deps: Deps, orderId: string, technicianId: string, admin: SessionUser): Promise<AdminOrder> {
  const db = deps.db.kysely;
  const { clock } = captureServices(deps);
  const now = clock.now();
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('capture_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!row) throw notFound('Order');
    if (row.technicianId === technicianId) return;
    if (['CAPTURED', 'DELIVERED', 'CANCELLED'].includes(row.status))
      throw new ApiError('CONFLICT', 'Only a visit that has not happened yet can be given to another technician.');
    const tech = await tx.selectFrom('capture_technicians').selectAll().where('id', '=', technicianId).executeTakeFirst();
    if (!tech || !tech.isActive) throw fieldError('json.technicianId', 'Choose an active technician.');
    await tx.deleteFrom('capture_technician_cells').where('appointmentId', '=', row.appointmentId).execute();
    await tx.updateTable('capture_appointments').set({ technicianId, updatedAt: now.toISOString() }).where('id', '=', row.appointmentId).execute();
    const free = await completeCells(tx, row.appointmentId, technicianId, new Date(row.start), Number(row.visitMinutes), Number(tech.travelBufferMinutes));
    if (!free) throw new ApiError('CONFLICT', `${tech.firstName} ${tech.lastName} already has a visit at that time.`);
    const stamp = now.toISOString();
    const next = {
      ...row,
      technicianId,
      statusHistory: withStatus(row, 'TECHNICIAN_ASSIGNED', stamp, `Technician changed to ${tech.firstName} ${tech.lastName}`),
      status: row.status === 'RECEIVED' ? 'TECHNICIAN_ASSIGNED' : row.status,
      updatedAt: stamp,
    };
    await tx
      .updateTable('capture_orders')
      .set({ technicianId, status: next.status, statusHistory: next.statusHistory, updatedAt: stamp })
      .where('id', '=', orderId)
      .execute();
    const account = await tx.selectFrom('accounts').select(['id', 'name', 'isPersonal']).where('id', '=', row.accountId).executeTakeFirstOrThrow();
    const customer = await tx.selectFrom('users').select(['email', 'firstName']).where('id', '=', row.userId).executeTakeFirstOrThrow();
    const order = await orderView(
      tx,
      next,
      { accountId: account.id, name: account.name, isPersonal: Boolean(account.isPersonal), role: 'OWNER' },
      now,
      row.userId,
    );
    for (const email of reassignedEmails(order, customer, { publicOrigin: deps.env.publicOrigin }))
      await enqueueEmail(tx, 'capture.order.reassigned', email, clock);
    await recordAudit(
      tx,
      {
        type: 'CAPTURE_ORDER',
        action: 'REASSIGN',
        userId: admin.id,
        isAdmin: true,
        from: { id: orderId, technicianId: row.technicianId },
        to: { id: orderId, technicianId },
      },
      now,
    );
  });
  return getAdminOrder(deps, orderId);
}
