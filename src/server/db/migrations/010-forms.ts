import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** The table of the company's forms. ISO-8601 UTC text times, which sort as time on both engines. */
export function forms(_dialect: Dialect) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('form_submissions')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('email', 'text')
        .addColumn('subject', 'text')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('userId', 'text')
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('handledAt', 'text')
        .addColumn('handledBy', 'text')
        .execute();
      await db.schema.createIndex('form_submissions_kind_created_idx').on('form_submissions').columns(['kind', 'createdAt']).execute();
      await db.schema.createIndex('form_submissions_ip_created_idx').on('form_submissions').columns(['ip', 'createdAt']).execute();
      await db.schema.createIndex('form_submissions_user_created_idx').on('form_submissions').columns(['userId', 'createdAt']).execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('form_submissions').execute();
    },
  };
}
