import type { Insertable, Kysely } from 'kysely';
import type { CheckedAddress } from '../../../domain/capture.ts';
import type { Database } from '../../db/schema.ts';
import type { CaptureSalesContactsTable } from '../../db/schema/capture.ts';
import { newId } from '../../platform/ids.ts';

/** A "notify me" request as the form gives it. */
export interface NotifyRequest {
  userId: string | null;
  firstName: string;
  lastName: string;
  /** Lower-cased. */
  email: string;
  address: CheckedAddress;
}

/**
 * Stores a "notify me" request at `now`, unless one is already pending for this email and place:
 * signing up twice does not email twice.
 */
export async function addNotifyRequest(db: Kysely<Database>, request: NotifyRequest, now: Date): Promise<void> {
  const { email, address } = request;
  const existing = await db
    .selectFrom('capture_notify_requests')
    .select('id')
    .where('email', '=', email)
    .where('notifiedAt', 'is', null)
    .where('lat', '=', address.location.lat)
    .where('long', '=', address.location.long)
    .executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('capture_notify_requests')
      .values({
        id: newId(),
        userId: request.userId,
        firstName: request.firstName,
        lastName: request.lastName,
        email,
        address: JSON.stringify(address),
        countryCode: address.countryCode,
        lat: address.location.lat,
        long: address.location.long,
        notifiedAt: null,
        notifiedTechnicianId: null,
        createdAt: now.toISOString(),
      })
      .execute();
  }
}

/** Stores a sales contact request (a new id is given here). */
export async function insertSalesContact(db: Kysely<Database>, row: Omit<Insertable<CaptureSalesContactsTable>, 'id'>): Promise<void> {
  await db
    .insertInto('capture_sales_contacts')
    .values({ id: newId(), ...row })
    .execute();
}

/** The ids of a person's live holds. */
export async function listHoldIds(db: Kysely<Database>, userId: string): Promise<{ id: string }[]> {
  return db.selectFrom('capture_appointments').select('id').where('userId', '=', userId).where('status', '=', 'HOLD').execute();
}

/** One appointment's id, person and status, or undefined. */
export async function findAppointment(db: Kysely<Database>, id: string): Promise<{ id: string; userId: string; status: string } | undefined> {
  return db.selectFrom('capture_appointments').select(['id', 'userId', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Whether a technician with this id exists. */
export async function technicianExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const exists = await db.selectFrom('capture_technicians').select('id').where('id', '=', id).executeTakeFirst();
  return exists !== undefined;
}

/** One invoice's id, account and order, or undefined. */
export async function findInvoiceRef(db: Kysely<Database>, invoiceId: string): Promise<{ id: string; accountId: string; orderId: string } | undefined> {
  return db.selectFrom('capture_invoices').select(['id', 'accountId', 'orderId']).where('id', '=', invoiceId).executeTakeFirst();
}

/** An order's stored address JSON, start and time zone (the order must exist). */
export async function findOrderVisit(db: Kysely<Database>, orderId: string): Promise<{ address: string; start: string; timeZone: string }> {
  return db.selectFrom('capture_orders').select(['address', 'start', 'timeZone']).where('id', '=', orderId).executeTakeFirstOrThrow();
}
