import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * The capture service delivers (issue 24): a technician row may name the person who signs in as it
 * and carries time off; an order records when the technician arrived and captured, the capture
 * upload it is waiting on, and the space its delivery made. The statuses' history stays the order's
 * JSON `statusHistory` (entries gain who changed it and a note), so no new table.
 */
export function captureDelivery(_dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('capture_technicians').addColumn('userId', 'text').execute();
      await db.schema
        .alterTable('capture_technicians')
        .addColumn('timeOff', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      for (const column of ['arrivedAt', 'capturedAt', 'deliveredAt', 'spaceId', 'uploadId'])
        await db.schema.alterTable('capture_orders').addColumn(column, 'text').execute();
      await db.schema.createIndex('capture_technicians_user_idx').on('capture_technicians').column('userId').execute();
      await db.schema.createIndex('capture_orders_technician_idx').on('capture_orders').columns(['technicianId', 'start']).execute();
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropIndex('capture_orders_technician_idx').execute();
      await db.schema.dropIndex('capture_technicians_user_idx').execute();
      for (const column of ['arrivedAt', 'capturedAt', 'deliveredAt', 'spaceId', 'uploadId'])
        await db.schema.alterTable('capture_orders').dropColumn(column).execute();
      await db.schema.alterTable('capture_technicians').dropColumn('timeOff').execute();
      await db.schema.alterTable('capture_technicians').dropColumn('userId').execute();
    },
  };
}
