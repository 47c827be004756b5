import type { Kysely } from 'kysely';
import type { Dialect } from '../db.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** One message sent through Contact Us, Send feedback or Nominate a space (issue 14). */
export interface FormSubmissionsTable {
  id: string;
  /** CONTACT, FEEDBACK or NOMINATION. */
  kind: string;
  name: string | null;
  email: string | null;
  /** The topic, or the nominated space's name. */
  subject: string | null;
  message: string;
  /** The nominated space's link, or the page feedback is about. */
  url: string | null;
  /** The signed-in sender, if any. */
  userId: string | null;
  /** Where it was sent from: the rate limit counts per address as well as per person. */
  ip: string;
  createdAt: string;
  handledAt: string | null;
  /** The administrator who marked it handled. */
  handledBy: string | null;
}

/** The forms' tables, added to a database's tables (the shared schema does not list them). */
export type FormTables = { form_submissions: FormSubmissionsTable };

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
