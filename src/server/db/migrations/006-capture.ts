import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<any, any>;

/**
 * Tables of capture-services ordering (issue 12). Portable between SQLite and PostgreSQL: text ids,
 * ISO-8601 UTC text times (which sort as time), JSON as text, money as integer minor units.
 *
 * Double booking is impossible by construction: a hold or booking claims its technician's time as
 * 15-minute cells (`capture_technician_cells`, primary key technician + cell start) in the same
 * transaction that creates it, so a second claim on any overlapping time violates the key and
 * rolls back, on both engines, without locks.
 */

/** Stamps. */
const stamps = (t: Table) => t.addColumn('createdAt', 'text', (c) => c.notNull()).addColumn('updatedAt', 'text', (c) => c.notNull());

/** The capture-services tables. */
export function capture(dialect: Dialect) {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Db) {
      await stamps(
        db.schema
          .createTable('capture_technicians')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('firstName', 'text', (c) => c.notNull())
          .addColumn('lastName', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('areaName', 'text', (c) => c.notNull())
          .addColumn('countryCode', 'text', (c) => c.notNull())
          .addColumn('continent', 'text', (c) => c.notNull())
          .addColumn('lat', real, (c) => c.notNull())
          .addColumn('long', real, (c) => c.notNull())
          .addColumn('radiusKm', real, (c) => c.notNull())
          .addColumn('timeZone', 'text', (c) => c.notNull())
          .addColumn('workingHours', 'text', (c) => c.notNull())
          .addColumn('travelBufferMinutes', 'integer', (c) => c.notNull())
          .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1)),
      ).execute();

      await stamps(
        db.schema
          .createTable('capture_appointments')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('technicianId', 'text', (c) => c.notNull().references('capture_technicians.id'))
          .addColumn('userId', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('orderId', 'text')
          .addColumn('start', 'text', (c) => c.notNull())
          .addColumn('end', 'text', (c) => c.notNull())
          .addColumn('expiresAt', 'text')
          .addColumn('request', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('capture_appointments_tech_start').on('capture_appointments').columns(['technicianId', 'status', 'start']).execute();
      await db.schema.createIndex('capture_appointments_user').on('capture_appointments').columns(['userId', 'status']).execute();

      await db.schema
        .createTable('capture_technician_cells')
        .addColumn('technicianId', 'text', (c) => c.notNull())
        .addColumn('cellStart', 'text', (c) => c.notNull())
        .addColumn('appointmentId', 'text', (c) => c.notNull().references('capture_appointments.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('capture_technician_cells_pk', ['technicianId', 'cellStart'])
        .execute();
      await db.schema.createIndex('capture_technician_cells_appt').on('capture_technician_cells').column('appointmentId').execute();

      await stamps(
        db.schema
          .createTable('capture_orders')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('number', 'text', (c) => c.notNull().unique())
          .addColumn('accountId', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('userId', 'text', (c) => c.notNull().references('users.id'))
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('statusHistory', 'text', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('property', 'text', (c) => c.notNull())
          .addColumn('contact', 'text', (c) => c.notNull())
          .addColumn('attachmentIds', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('plan', 'text', (c) => c.notNull())
          .addColumn('appointmentId', 'text', (c) => c.notNull())
          .addColumn('technicianId', 'text', (c) => c.notNull())
          .addColumn('start', 'text', (c) => c.notNull())
          .addColumn('end', 'text', (c) => c.notNull())
          .addColumn('timeZone', 'text', (c) => c.notNull())
          .addColumn('visitMinutes', 'integer', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('subtotal', 'integer', (c) => c.notNull())
          .addColumn('tax', 'integer', (c) => c.notNull())
          .addColumn('total', 'integer', (c) => c.notNull())
          .addColumn('creditApplied', 'integer', (c) => c.notNull())
          .addColumn('amountDue', 'integer', (c) => c.notNull())
          .addColumn('paymentMethodId', 'text', (c) => c.notNull())
          .addColumn('cancelledAt', 'text'),
      ).execute();
      await db.schema.createIndex('capture_orders_account').on('capture_orders').columns(['accountId', 'createdAt']).execute();
      await db.schema.createIndex('capture_orders_user').on('capture_orders').columns(['userId', 'createdAt']).execute();

      await stamps(
        db.schema
          .createTable('capture_invoices')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('number', 'text', (c) => c.notNull().unique())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('accountId', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('orderId', 'text', (c) => c.notNull().references('capture_orders.id'))
          .addColumn('creditsInvoiceId', 'text')
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('lines', 'text', (c) => c.notNull())
          .addColumn('taxLines', 'text', (c) => c.notNull())
          .addColumn('subtotal', 'integer', (c) => c.notNull())
          .addColumn('taxTotal', 'integer', (c) => c.notNull())
          .addColumn('total', 'integer', (c) => c.notNull())
          .addColumn('creditApplied', 'integer', (c) => c.notNull())
          .addColumn('amountDue', 'integer', (c) => c.notNull())
          .addColumn('issuedAt', 'text', (c) => c.notNull())
          .addColumn('dueAt', 'text'),
      ).execute();
      await db.schema.createIndex('capture_invoices_account').on('capture_invoices').columns(['accountId', 'issuedAt']).execute();
      await db.schema.createIndex('capture_invoices_order').on('capture_invoices').column('orderId').execute();

      await db.schema
        .createTable('capture_credit_entries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('invoiceId', 'text')
        .addColumn('orderId', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('capture_credit_entries_account').on('capture_credit_entries').column('accountId').execute();

      await db.schema
        .createTable('capture_counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('capture_account_plans')
        .addColumn('accountId', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('updatedBy', 'text')
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('capture_notify_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text')
        .addColumn('firstName', 'text', (c) => c.notNull())
        .addColumn('lastName', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('countryCode', 'text', (c) => c.notNull())
        .addColumn('lat', real, (c) => c.notNull())
        .addColumn('long', real, (c) => c.notNull())
        .addColumn('notifiedAt', 'text')
        .addColumn('notifiedTechnicianId', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('capture_notify_requests_pending').on('capture_notify_requests').columns(['notifiedAt', 'countryCode']).execute();

      await db.schema
        .createTable('capture_sales_contacts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text')
        .addColumn('firstName', 'text', (c) => c.notNull())
        .addColumn('lastName', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('company', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('totalSquareFeet', 'integer')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('capture_attachments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull())
        .addColumn('orderId', 'text')
        .addColumn('fileName', 'text', (c) => c.notNull())
        .addColumn('contentType', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('variants', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Db) {
      for (const t of [
        'capture_attachments',
        'capture_sales_contacts',
        'capture_notify_requests',
        'capture_account_plans',
        'capture_counters',
        'capture_credit_entries',
        'capture_invoices',
        'capture_orders',
        'capture_technician_cells',
        'capture_appointments',
        'capture_technicians',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
