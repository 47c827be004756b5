import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** Directory profiles of the capture technicians and partner professionals. */
export function pros(_dialect: Dialect) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('pro_profiles')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('technicianId', 'text')
        .addColumn('partnerId', 'text')
        .addColumn('headline', 'text', (c) => c.notNull())
        .addColumn('photoPath', 'text')
        .addColumn('photoWidth', 'integer', (c) => c.notNull())
        .addColumn('photoHeight', 'integer', (c) => c.notNull())
        .addColumn('areas', 'text', (c) => c.notNull())
        .addColumn('languages', 'text', (c) => c.notNull())
        .addColumn('captures', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('pro_profiles').execute();
    },
  };
}
