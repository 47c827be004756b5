import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** The first-party analytics collector's table. */
export function analytics(_dialect: Dialect) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('analytics_events')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('props', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('sessionId', 'text', (c) => c.notNull())
        .addColumn('occurredAt', 'text', (c) => c.notNull())
        .addColumn('receivedAt', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('userAgent', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('analytics_events_name_received_idx').on('analytics_events').columns(['name', 'receivedAt']).execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('analytics_events').execute();
    },
  };
}
