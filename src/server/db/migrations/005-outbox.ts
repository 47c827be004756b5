import type { Kysely } from 'kysely';
import type { Dialect } from '../db.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * One message that leaves the process after a commit (a webhook call, an email), and its delivery
 * log: the row is written in the transaction of the change that caused it and updated by the
 * dispatcher on every attempt. Times are ISO-8601 UTC text, so they compare as text on both engines.
 */
export interface OutboxTable {
  id: string;
  /** `webhook` or `email`: which deliverer handles it. */
  kind: string;
  /** What it is about, for the log: `content.changed`, `webhook.test`, an email's purpose. */
  topic: string;
  /** Where it goes, for the log: the URL or the recipients. */
  target: string;
  /** The admin-managed or environment endpoint a webhook goes to (null for others). */
  endpointId: string | null;
  /** What the deliverer needs, as JSON (webhook: the signed body and secret; email: the message). */
  payload: string;
  /** pending, delivered, failed (gave up) or cancelled (its endpoint was removed). */
  status: string;
  attempts: number;
  createdAt: string;
  /** When the next attempt is due; null once finished. */
  nextAttemptAt: string | null;
  /** After this time a failed attempt is the last one. */
  giveUpAt: string;
  /** The dispatcher working on it, until `claimedUntil`; an expired claim is taken over. */
  claimedBy: string | null;
  claimedUntil: string | null;
  lastAttemptAt: string | null;
  /** The most recent failure, kept after a later success so the log shows what happened. */
  lastError: string | null;
  deliveredAt: string | null;
}

/** A content-webhook endpoint an administrator added (environment endpoints are not stored). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string | null;
  /** The Standard Webhooks signing secret, `whsec_…`. */
  secret: string;
  createdAt: string;
  createdBy: string | null;
}

/** The outbox tables, added to a database's tables (the shared schema does not list them). */
export type OutboxTables = { outbox: OutboxTable; webhook_endpoints: WebhookEndpointsTable };

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
