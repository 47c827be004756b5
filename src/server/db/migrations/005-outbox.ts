import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** The outbox table and the admin-managed webhook endpoints. */
export function outbox(_dialect: Dialect) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('endpointId', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('nextAttemptAt', 'text')
        .addColumn('giveUpAt', 'text', (c) => c.notNull())
        .addColumn('claimedBy', 'text')
        .addColumn('claimedUntil', 'text')
        .addColumn('lastAttemptAt', 'text')
        .addColumn('lastError', 'text')
        .addColumn('deliveredAt', 'text')
        .execute();
      // The dispatcher's question: what is pending and due?
      await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'nextAttemptAt']).execute();
      // The delivery log: newest first, per kind or endpoint.
      await db.schema.createIndex('outbox_log_idx').on('outbox').columns(['kind', 'createdAt']).execute();
      await db.schema.createIndex('outbox_endpoint_idx').on('outbox').columns(['endpointId', 'status']).execute();
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('url', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text')
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text')
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('webhook_endpoints').execute();
      await db.schema.dropTable('outbox').execute();
    },
  };
}
