import type { Kysely, Transaction } from 'kysely';
import type {
  CancelResult,
  CheckedAddress,
  CheckedContact,
  Order,
  OrderInput,
  OrderList,
  OrderStatus,
  Plan,
  PropertySummary,
  RescheduleInput,
  RescheduleResult,
} from '../../../domain/capture.ts';
import { CHANGE_CUTOFF_HOURS } from '../../../domain/capture-rules.ts';
import type { Deps, SessionUser } from '../../context.ts';
import type { CaptureOrdersTable } from '../../db/schema/capture.ts';
import { ApiError, invalid, notFound } from '../../platform/errors.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { enqueueEmail } from '../../platform/outbox/outbox.ts';
import { accountRoles, accountView, canSeeInvoices, defaultAccount, planOf, type AccountRole } from './accounts.ts';
import { claim, completeCells, releaseAppointment, type Claim } from './availability.ts';
import { assertOrderAllowed, captureLimits, lockScopes } from './limits.ts';
import { checkContact } from './contact.ts';
import { checkProperty, coveredAddress } from './coverage.ts';
import { deliveryView } from './delivery-view.ts';
import { attachmentsOf } from './order-attachments.ts';
import { cancellationEmails, confirmationEmails, rescheduleEmails } from './emails.ts';
import { INVOICE_METHOD_ID, invoicesOf } from './payments.ts';
import { money, planAllowsCapture, priceOrder } from './pricing.ts';
import { captureServices } from './services.ts';
import { nextNumber, parseJson } from './store.ts';
import { activeTechnicians, covering, technicianView } from './technicians.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../platform/ids.ts';

/**
 * Orders: Confirm books the time, matches the technician and bills the account in one
 * transaction; reschedule and cancel are open until 24 hours before the visit (by the injectable
 * clock); every change queues its emails in the same transaction.
 */

/** Statuses after which an order can no longer change. */
const FINAL: readonly OrderStatus[] = ['CAPTURED', 'DELIVERED', 'CANCELLED'];

const slotUnavailable = () => new ApiError('SLOT_UNAVAILABLE', 'This time was just booked by someone else. Please choose another time.');
const holdExpired = () => new ApiError('HOLD_EXPIRED', 'Your 10-minute hold on this time has ended. Please choose a time again.');
const windowClosed = () =>
  new ApiError('CHANGE_WINDOW_CLOSED', `Orders can only be rescheduled or cancelled until ${CHANGE_CUTOFF_HOURS} hours before the appointment.`);
const upgradeRequired = () =>
  new ApiError('PLAN_UPGRADE_REQUIRED', 'Capture services are available on the Professional and Business plans. Upgrade your plan to place this order.');

async function queueEmails(tx: Transaction<Database>, topic: string, emails: readonly MailMessage[], deps: Deps): Promise<void> {
  for (const email of emails) await enqueueEmail(tx, topic, email, captureServices(deps).clock);
}

/** First name and last initial of a technician. */
async function technicianName(db: Kysely<Database>, technicianId: string): Promise<string> {
  const t = await db.selectFrom('capture_technicians').select(['firstName', 'lastName']).where('id', '=', technicianId).executeTakeFirst();
  return t ? `${t.firstName} ${t.lastName.charAt(0)}.` : 'Your technician';
}

/** An order row as the API answers it to someone with this role in its account. */
export async function orderView(db: Kysely<Database>, row: CaptureOrdersTable, role: AccountRole, now: Date, viewerId: string): Promise<Order> {
  const seesInvoices = canSeeInvoices(role.role);
  const deadline = new Date(Date.parse(row.start) - CHANGE_CUTOFF_HOURS * 3_600_000);
  const history = parseJson<{ status: OrderStatus; at: string }[]>(row.statusHistory);
  const account = await db.selectFrom('accounts').select('name').where('id', '=', row.accountId).executeTakeFirst();
  const accountName = account?.name ?? role.name;
  return {
    id: row.id,
    number: row.number,
    accountId: row.accountId,
    accountName,
    status: row.status as OrderStatus,
    statusHistory: history,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    address: parseJson<CheckedAddress>(row.address),
    property: parseJson<PropertySummary>(row.property),
    appointment: {
      start: row.start,
      end: row.end,
      timeZone: row.timeZone,
      visitMinutes: row.visitMinutes,
      technicianName: await technicianName(db, row.technicianId),
    },
    contact: parseJson<CheckedContact>(row.contact),
    attachments: await attachmentsOf(db, parseJson<string[]>(row.attachmentIds)),
    plan: row.plan as Plan,
    price: {
      subtotal: money(row.subtotal, row.currency),
      tax: money(row.tax, row.currency),
      total: money(row.total, row.currency),
      creditApplied: money(row.creditApplied, row.currency),
      amountDue: money(row.amountDue, row.currency),
    },
    paymentMethod: { id: row.paymentMethodId, kind: 'INVOICE', label: `Invoice billing to ${accountName}`, isDefault: true },
    invoices: seesInvoices ? await invoicesOf(db, { orderIds: [row.id] }) : null,
    canSeeInvoices: seesInvoices,
    // Per viewer: the window is open and this person may change it (who placed it, or an Owner).
    canChange: (row.userId === viewerId || role.role === 'OWNER') && !FINAL.includes(row.status as OrderStatus) && now.getTime() < deadline.getTime(),
    changeDeadline: deadline.toISOString(),
    calendarUrl: `/api/capture/orders/${row.id}/appointment.ics`,
    delivery: await deliveryView(db, row, now),
  };
}

/** An order the user may see (a member of its account, any role), with their role; 404 otherwise. */
async function visibleOrder(db: Kysely<Database>, user: SessionUser, orderId: string): Promise<{ row: CaptureOrdersTable; role: AccountRole }> {
  const row = await db.selectFrom('capture_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row) throw notFound('Order');
  const role = (await accountRoles(db, user.id)).find((r) => r.accountId === row.accountId);
  if (!role) throw notFound('Order');
  return { row, role };
}

/** The order as its viewer sees it. */
export async function getOrder(deps: Deps, user: SessionUser, orderId: string): Promise<Order> {
  const db = deps.db.kysely;
  const { row, role } = await visibleOrder(db, user, orderId);
  return orderView(db, row, role, captureServices(deps).clock.now(), user.id);
}

/** The dashboard: orders of every account the user belongs to, newest first, and the accounts with their credit. */
export async function listOrders(deps: Deps, user: SessionUser): Promise<OrderList> {
  const db = deps.db.kysely;
  const roles = await accountRoles(db, user.id);
  const now = captureServices(deps).clock.now();
  const rows = roles.length
    ? await db
        .selectFrom('capture_orders')
        .selectAll()
        .where(
          'accountId',
          'in',
          roles.map((r) => r.accountId),
        )
        .orderBy('createdAt', 'desc')
        .limit(200)
        .execute()
    : [];
  const byId = new Map(roles.map((r) => [r.accountId, r]));
  const orders: Order[] = [];
  for (const row of rows) orders.push(await orderView(db, row, byId.get(row.accountId) as AccountRole, now, user.id));
  const accounts = [];
  for (const r of roles) accounts.push(await accountView(db, r));
  return { orders, accounts };
}

/** The caller's hold, still theirs and still claimed, converted to a booking; 409 otherwise. */
async function takeHold(tx: Transaction<Database>, holdId: string, userId: string, minutes: number, technicianIds: Set<string>, now: Date): Promise<Claim> {
  const hold = await tx.selectFrom('capture_appointments').selectAll().where('id', '=', holdId).executeTakeFirst();
  if (!hold || hold.userId !== userId || hold.status !== 'HOLD') throw holdExpired();
  // A lapsed hold whose cells nobody has reclaimed yet (claims release lapsed holds first) still holds the time.
  if (hold.expiresAt && hold.expiresAt <= now.toISOString()) {
    const cells = await tx
      .selectFrom('capture_technician_cells')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('appointmentId', '=', hold.id)
      .executeTakeFirst();
    if (!Number(cells?.n ?? 0)) throw holdExpired();
  }
  if ((Date.parse(hold.end) - Date.parse(hold.start)) / 60_000 !== minutes || !technicianIds.has(hold.technicianId)) {
    throw new ApiError('SLOT_UNAVAILABLE', 'The address or size changed since you chose this time. Please choose a time again.');
  }
  await tx.updateTable('capture_appointments').set({ status: 'BOOKED', expiresAt: null, updatedAt: now.toISOString() }).where('id', '=', hold.id).execute();
  const tech = await tx.selectFrom('capture_technicians').selectAll().where('id', '=', hold.technicianId).executeTakeFirstOrThrow();
  if (!(await completeCells(tx, hold.id, tech.id, new Date(hold.start), minutes, tech.travelBufferMinutes))) throw slotUnavailable();
  return {
    appointmentId: hold.id,
    technician: technicianView({ ...tech, signInEmail: null }),
    start: new Date(hold.start),
    end: new Date(hold.end),
    expiresAt: null,
  };
}

/** Confirm: checks everything again, then books, matches and bills in one transaction. */
export async function placeOrder(deps: Deps, user: SessionUser, input: OrderInput): Promise<Order> {
  const db = deps.db.kysely;
  const { clock, payments } = captureServices(deps);
  const roles = await accountRoles(db, user.id);
  const role = input.accountId ? roles.find((r) => r.accountId === input.accountId) : defaultAccount(roles);
  if (!role) throw notFound('Account');
  const plan = await planOf(db, role.accountId);
  if (!planAllowsCapture(plan)) throw upgradeRequired();
  const located = await coveredAddress(deps, user, input.address, 'json.address');
  const property = checkProperty(input.property);
  const contact = checkContact(input.contact, located.address.countryCode, 'json.contact');
  if (input.paymentMethodId !== INVOICE_METHOD_ID && !payments.methods(role.name).some((m) => m.id === input.paymentMethodId)) {
    throw invalid('json.paymentMethodId', 'Choose a payment method');
  }
  const attachmentIds = [...new Set(input.attachmentIds)];
  if (attachmentIds.length) {
    const mine = await db
      .selectFrom('capture_attachments')
      .select('id')
      .where('id', 'in', attachmentIds)
      .where('userId', '=', user.id)
      .where('orderId', 'is', null)
      .execute();
    if (mine.length !== attachmentIds.length) throw invalid('json.attachmentIds', 'An uploaded file was not found. Upload it again.');
  }
  const price = priceOrder(property, located.address.countryCode);
  const orderId = newId();

  const orderRow = await db.transaction().execute(async (tx) => {
    const now = clock.now();
    await lockScopes(tx, user.id, [role.accountId]);
    await assertOrderAllowed(tx, captureLimits(deps.env), user.id, role, now);
    const booked = input.holdId
      ? await takeHold(tx, input.holdId, user.id, property.visitMinutes, new Set(located.technicians.map((t) => t.id)), now)
      : await claim(tx, located.technicians, {
          start: new Date(input.start as string),
          minutes: property.visitMinutes,
          userId: user.id,
          now,
          status: 'BOOKED',
          orderId,
          request: { address: input.address, property: input.property },
        });
    if (!booked) throw slotUnavailable();
    const number = `CAP-${String(await nextNumber(tx, 'order')).padStart(6, '0')}`;
    const stamp = now.toISOString();
    const row: CaptureOrdersTable = {
      id: orderId,
      number,
      accountId: role.accountId,
      userId: user.id,
      status: 'RECEIVED',
      statusHistory: JSON.stringify([{ status: 'RECEIVED', at: stamp }]),
      address: JSON.stringify(located.address),
      property: JSON.stringify(property),
      contact: JSON.stringify(contact),
      attachmentIds: JSON.stringify(attachmentIds),
      plan,
      appointmentId: booked.appointmentId,
      technicianId: booked.technician.id,
      start: booked.start.toISOString(),
      end: booked.end.toISOString(),
      timeZone: located.address.timeZone,
      visitMinutes: property.visitMinutes,
      currency: price.total.currency,
      subtotal: price.subtotal.amount,
      tax: price.tax.amount,
      total: price.total.amount,
      creditApplied: 0,
      amountDue: price.total.amount,
      paymentMethodId: input.paymentMethodId,
      cancelledAt: null,
      arrivedAt: null,
      capturedAt: null,
      deliveredAt: null,
      spaceId: null,
      uploadId: null,
      createdAt: stamp,
      updatedAt: stamp,
    };
    await tx.insertInto('capture_orders').values(row).execute();
    await tx.updateTable('capture_appointments').set({ orderId }).where('id', '=', booked.appointmentId).execute();
    if (attachmentIds.length) await tx.updateTable('capture_attachments').set({ orderId }).where('id', 'in', attachmentIds).execute();
    const charge = await payments.charge(tx, {
      accountId: role.accountId,
      orderId,
      lines: price.lines,
      subtotal: price.subtotal,
      taxLines: price.taxLines,
      total: price.total,
      now,
    });
    row.creditApplied = charge.creditApplied.amount;
    row.amountDue = charge.amountDue.amount;
    await tx.updateTable('capture_orders').set({ creditApplied: row.creditApplied, amountDue: row.amountDue }).where('id', '=', orderId).execute();
    const order = await orderView(tx, row, role, now, user.id);
    await queueEmails(tx, 'capture.order.confirmed', confirmationEmails(order, user, { publicOrigin: deps.env.publicOrigin }), deps);
    return row;
  });
  return orderView(db, orderRow, role, clock.now(), user.id);
}

/** Who may change an order: whoever placed it, or an Owner of its account. */
function mayChange(user: SessionUser, row: CaptureOrdersTable, role: AccountRole): boolean {
  return row.userId === user.id || role.role === 'OWNER';
}

function assertChangeable(row: CaptureOrdersTable, now: Date): void {
  if (FINAL.includes(row.status as OrderStatus)) throw windowClosed();
  if (now.getTime() >= Date.parse(row.start) - CHANGE_CUTOFF_HOURS * 3_600_000) throw windowClosed();
}

/** The order's history with one more entry (a note says what happened beyond the status: arrived, reassigned…). */
export const withStatus = (row: Pick<CaptureOrdersTable, 'statusHistory'>, status: OrderStatus, at: string, note?: string) =>
  JSON.stringify([...parseJson<{ status: OrderStatus; at: string; note?: string }[]>(row.statusHistory), note ? { status, at, note } : { status, at }]);

/**
 * The appointment of an order the user is about to reschedule (its own time does not block the
 * new one): 404 when they cannot see the order, 403 when they may not change it.
 */
export async function appointmentToMove(deps: Deps, user: SessionUser, orderId: string): Promise<string> {
  const db = deps.db.kysely;
  const { row, role } = await visibleOrder(db, user, orderId);
  if (!mayChange(user, row, role)) throw new ApiError('FORBIDDEN', 'Only the person who placed this order or an account Owner can change it.');
  return row.appointmentId;
}

/** Moves the visit to a hold made for this order, or to a start; answers the prior and the new appointment. */
export async function rescheduleOrder(deps: Deps, user: SessionUser, orderId: string, input: RescheduleInput): Promise<RescheduleResult> {
  const db = deps.db.kysely;
  const { clock } = captureServices(deps);
  const { row, role } = await visibleOrder(db, user, orderId);
  if (!mayChange(user, row, role)) throw new ApiError('FORBIDDEN', 'Only the person who placed this order or an account Owner can change it.');
  assertChangeable(row, clock.now());
  const address = parseJson<CheckedAddress>(row.address);
  const candidates = covering(await activeTechnicians(db), address.location);
  const before = await orderView(db, row, role, clock.now(), user.id);

  const updated = await db.transaction().execute(async (tx) => {
    const now = clock.now();
    const current = await tx.selectFrom('capture_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    assertChangeable(current, now);
    // Free the current time first, so the new time may overlap it; a failure below rolls this back.
    await releaseAppointment(tx, current.appointmentId, now);
    const booked = input.holdId
      ? await takeHold(tx, input.holdId, user.id, current.visitMinutes, new Set(candidates.map((t) => t.id)), now)
      : await claim(tx, candidates, {
          start: new Date(input.start as string),
          minutes: current.visitMinutes,
          userId: user.id,
          now,
          status: 'BOOKED',
          orderId,
          request: { orderId },
        });
    if (!booked) throw slotUnavailable();
    const stamp = now.toISOString();
    const next: CaptureOrdersTable = {
      ...current,
      appointmentId: booked.appointmentId,
      technicianId: booked.technician.id,
      start: booked.start.toISOString(),
      end: booked.end.toISOString(),
      updatedAt: stamp,
    };
    await tx
      .updateTable('capture_orders')
      .set({
        appointmentId: next.appointmentId,
        technicianId: next.technicianId,
        start: next.start,
        end: next.end,
        updatedAt: stamp,
      })
      .where('id', '=', orderId)
      .execute();
    await tx.updateTable('capture_appointments').set({ orderId }).where('id', '=', booked.appointmentId).execute();
    const order = await orderView(tx, next, role, now, user.id);
    const customer = await tx.selectFrom('users').select(['email', 'firstName']).where('id', '=', current.userId).executeTakeFirstOrThrow();
    await queueEmails(tx, 'capture.order.rescheduled', rescheduleEmails(order, before.appointment, customer, { publicOrigin: deps.env.publicOrigin }), deps);
    return next;
  });
  const order = await orderView(db, updated, role, clock.now(), user.id);
  return { order, previousAppointment: before.appointment, newAppointment: order.appointment };
}

/** Cancels an order: frees the time, credits the whole order to the account with a credit note. */
export async function cancelOrder(deps: Deps, user: SessionUser, orderId: string): Promise<CancelResult> {
  const db = deps.db.kysely;
  const { clock, payments } = captureServices(deps);
  const { row, role } = await visibleOrder(db, user, orderId);
  if (!mayChange(user, row, role)) throw new ApiError('FORBIDDEN', 'Only the person who placed this order or an account Owner can change it.');
  assertChangeable(row, clock.now());
  const result = await db.transaction().execute(async (tx) => {
    const now = clock.now();
    const current = await tx.selectFrom('capture_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    assertChangeable(current, now);
    const stamp = now.toISOString();
    await releaseAppointment(tx, current.appointmentId, now);
    const invoice = await tx.selectFrom('capture_invoices').select('id').where('orderId', '=', orderId).where('kind', '=', 'INVOICE').executeTakeFirstOrThrow();
    const credit = await payments.credit(tx, { accountId: current.accountId, orderId, invoiceId: invoice.id, now });
    const next: CaptureOrdersTable = {
      ...current,
      status: 'CANCELLED',
      statusHistory: withStatus(current, 'CANCELLED', stamp),
      cancelledAt: stamp,
      updatedAt: stamp,
    };
    await tx
      .updateTable('capture_orders')
      .set({ status: next.status, statusHistory: next.statusHistory, cancelledAt: stamp, updatedAt: stamp })
      .where('id', '=', orderId)
      .execute();
    const order = await orderView(tx, next, role, now, user.id);
    const customer = await tx.selectFrom('users').select(['email', 'firstName']).where('id', '=', current.userId).executeTakeFirstOrThrow();
    await queueEmails(
      tx,
      'capture.order.cancelled',
      cancellationEmails(order, credit.credited.amount, customer, { publicOrigin: deps.env.publicOrigin }),
      deps,
    );
    return { next, credit };
  });
  const order = await orderView(db, result.next, role, clock.now(), user.id);
  const creditNote = order.invoices?.find((i) => i.id === result.credit.creditNoteId) ?? null;
  const account = await accountView(db, role);
  return { order, creditNote, credited: result.credit.credited, creditBalance: account.creditBalance };
}

/**
 * Administrators advance an order (technician assigned → scheduled → captured); DELIVERED only comes
 * from a processed capture. Runs on `db` (the audit's transaction); answers the order and the status it left.
 */
export async function setOrderStatus(deps: Deps, orderId: string, status: OrderStatus, db: Kysely<Database>): Promise<{ order: Order; from: OrderStatus }> {
  const now = captureServices(deps).clock.now();
  const row = await db.selectFrom('capture_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row) throw notFound('Order');
  if (row.status === 'CANCELLED' || status === 'CANCELLED')
    throw new ApiError('CONFLICT', 'Cancel an order through its cancel call (it credits the account); a cancelled order stays cancelled.');
  // The promise is measured from real deliveries: only a processed capture makes an order DELIVERED.
  if (status === 'DELIVERED' || row.status === 'DELIVERED')
    throw new ApiError('CONFLICT', 'An order is delivered only when the capture the technician uploaded has been processed into its space.');
  const stamp = now.toISOString();
  const next = { ...row, status, statusHistory: withStatus(row, status, stamp), updatedAt: stamp };
  await db.updateTable('capture_orders').set({ status, statusHistory: next.statusHistory, updatedAt: stamp }).where('id', '=', orderId).execute();
  const account = await db.selectFrom('accounts').select(['id', 'name', 'isPersonal']).where('id', '=', row.accountId).executeTakeFirstOrThrow();
  const order = await orderView(
    db,
    next,
    { accountId: account.id, name: account.name, isPersonal: Boolean(account.isPersonal), role: 'OWNER' },
    now,
    row.userId,
  );
  return { order, from: row.status as OrderStatus };
}
