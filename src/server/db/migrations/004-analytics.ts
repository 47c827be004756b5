import type { Kysely } from 'kysely';
import type { Dialect } from '../db.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** One stored analytics event (spec 7). */
export interface AnalyticsEventsTable {
  id: string;
  /** page_view, search or error. */
  name: string;
  /** The event's properties as JSON (search: query, location, override; error: error_* and session_start). */
  props: string;
  path: string;
  locale: string;
  sessionId: string;
  /** When it happened in the browser. */
  occurredAt: string;
  receivedAt: string;
  /** The client address with targeting consent, else the literal '{ip}'. */
  ip: string;
  /** At most 255 characters (spec 9). */
  userAgent: string;
  /** guest, user, admin or staff (spec 6). */
  role: string;
}

/** The analytics table, added to a database's tables (the shared schema does not list it). */
export const analyticsDb = <DB>(db: Kysely<DB>) => db.$extendTables<{ analytics_events: AnalyticsEventsTable }>();

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
