import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * Owners' own captures (issue 24): the durable job table every background task shares (claimed
 * with a lease, retried with backoff, resumed at the step it reached) and the uploads people make
 * through tus, each bound to its owner and, once complete, to the job that processes it.
 */
export function captures(_dialect: Dialect) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('step', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('maxAttempts', 'integer', (c) => c.notNull())
        .addColumn('runAt', 'text', (c) => c.notNull())
        .addColumn('leaseOwner', 'text')
        .addColumn('leaseUntil', 'text')
        .addColumn('lastError', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addColumn('finishedAt', 'text')
        .execute();
      // The worker's question: what is queued and due, or running on a lease that ran out?
      await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'runAt']).execute();
      await db.schema
        .createTable('capture_uploads')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('ownerUserId', 'text', (c) => c.notNull())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('fileName', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('jobId', 'text')
        .addColumn('spaceId', 'text')
        .addColumn('error', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('capture_uploads_owner_idx').on('capture_uploads').columns(['ownerUserId', 'createdAt']).execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('capture_uploads').execute();
      await db.schema.dropTable('jobs').execute();
    },
  };
}
