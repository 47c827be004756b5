import type { Transaction } from 'kysely';
import { systemClock, type Clock } from '../../platform/clock.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { enqueueEmail } from '../../platform/outbox/outbox.ts';
import { deliveredEmail } from './emails.ts';
import { orderView, withStatus } from './orders.ts';

/**
 * Delivery (issue 24): an order becomes DELIVERED only here, when the capture its technician
 * uploaded has been processed into a space. The upload pipeline (src/server/modules/captures)
 * calls {@link deliverOrder} in the transaction that finishes the job with the order id the upload
 * was started with; the space moves into the customer's account, PRIVATE, and the customer is
 * emailed "Your digital twin is ready" through the outbox in the same transaction.
 */

/** What a delivery needs of the app: where links point and the time (the job worker's deps carry both). */
export interface DeliveryContext {
  env: { publicOrigin: string };
  clock?: Clock | undefined;
}

/**
 * The upload pipeline's hook: when the upload a technician attached to an order (its `uploadId`)
 * became a space, delivers that order in the same transaction; nothing for an owner's own upload.
 * Call it in the transaction that makes the space (src/server/modules/captures/process-capture.ts,
 * step `space`).
 */
export async function deliverUploadedOrder(tx: Transaction<Database>, ctx: DeliveryContext, opts: { uploadId: string; spaceId: string }): Promise<boolean> {
  const order = await tx.selectFrom('capture_orders').select('id').where('uploadId', '=', opts.uploadId).executeTakeFirst();
  if (!order) return false;
  await deliverOrder(tx, ctx, { orderId: order.id, spaceId: opts.spaceId });
  return true;
}

/**
 * Delivers an order: its processed space goes to the customer's account as PRIVATE, the order
 * becomes DELIVERED with the time, and the customer's email is queued. Idempotent for the same
 * space (a job retried after its commit delivers nothing twice). 404 no order; 409 when the order is
 * cancelled, not captured yet, or already delivered with another space.
 */
export async function deliverOrder(tx: Transaction<Database>, ctx: DeliveryContext, opts: { orderId: string; spaceId: string }): Promise<void> {
  const clock = ctx.clock ?? systemClock;
  const now = clock.now();
  const row = await tx.selectFrom('capture_orders').selectAll().where('id', '=', opts.orderId).executeTakeFirst();
  if (!row) throw notFound('Order');
  if (row.status === 'DELIVERED') {
    if (row.spaceId === opts.spaceId) return;
    throw new ApiError('CONFLICT', 'This order was already delivered.');
  }
  if (row.status !== 'CAPTURED') throw new ApiError('CONFLICT', 'Only a captured order can be delivered.');
  const account = await tx.selectFrom('accounts').select(['id', 'name', 'isPersonal']).where('id', '=', row.accountId).executeTakeFirstOrThrow();
  const stamp = now.toISOString();
  // The customer's space: theirs (their personal account) or their organization's, private until they publish it.
  await tx
    .updateTable('spaces')
    .set({ visibility: 'PRIVATE', ownerUserId: row.userId, organizationId: account.isPersonal ? null : account.id, updatedAt: stamp })
    .where('id', '=', opts.spaceId)
    .execute();
  const next = { ...row, status: 'DELIVERED', deliveredAt: stamp, spaceId: opts.spaceId, statusHistory: withStatus(row, 'DELIVERED', stamp), updatedAt: stamp };
  await tx
    .updateTable('capture_orders')
    .set({ status: 'DELIVERED', deliveredAt: stamp, spaceId: opts.spaceId, statusHistory: next.statusHistory, updatedAt: stamp })
    .where('id', '=', row.id)
    .execute();
  const customer = await tx.selectFrom('users').select(['email', 'firstName']).where('id', '=', row.userId).executeTakeFirstOrThrow();
  const order = await orderView(
    tx,
    next,
    { accountId: account.id, name: account.name, isPersonal: Boolean(account.isPersonal), role: 'OWNER' },
    now,
    row.userId,
  );
  await enqueueEmail(tx, 'capture.order.delivered', deliveredEmail(order, customer, { publicOrigin: ctx.env.publicOrigin }), clock);
}
