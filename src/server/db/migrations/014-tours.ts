import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * The tour of a space (issue 23): one row per space that has one, naming its stored files (the
 * model, the poster, a plan per floor: keys under the media store) and holding what the model's
 * maker knew of it (the layout) and the tags pinned in it, both as JSON.
 */
export function tours(_dialect: Dialect) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('space_tours')
        .addColumn('spaceId', 'text', (c) => c.notNull().primaryKey().references('spaces.id').onDelete('cascade'))
        .addColumn('modelKey', 'text')
        .addColumn('modelBytes', 'integer')
        .addColumn('posterKey', 'text', (c) => c.notNull())
        .addColumn('posterWidth', 'integer', (c) => c.notNull())
        .addColumn('posterHeight', 'integer', (c) => c.notNull())
        .addColumn('plans', 'text', (c) => c.notNull())
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('space_tours').execute();
    },
  };
}
