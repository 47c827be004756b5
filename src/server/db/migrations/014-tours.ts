import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * The tours of spaces (issue 23). A tour model is what a model's maker made once: its stored files
 * (keys under the media store: the model, the poster, a plan per floor) and its layout (JSON).
 * A space's tour names its model and holds the tags pinned in it (JSON). Demo spaces share the
 * models of a small pool (a layout is 5-15 kB: once per model, not once per space); a captured
 * space has a model of its own.
 */
export function tours(_dialect: Dialect) {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('tour_models')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('modelKey', 'text')
        .addColumn('modelBytes', 'integer')
        .addColumn('posterKey', 'text', (c) => c.notNull())
        .addColumn('posterWidth', 'integer', (c) => c.notNull())
        .addColumn('posterHeight', 'integer', (c) => c.notNull())
        .addColumn('plans', 'text', (c) => c.notNull())
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('space_tours')
        .addColumn('spaceId', 'text', (c) => c.notNull().primaryKey().references('spaces.id').onDelete('cascade'))
        .addColumn('tourModelId', 'text', (c) => c.notNull().references('tour_models.id'))
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('space_tours_model').on('space_tours').column('tourModelId').execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('space_tours').execute();
      await db.schema.dropTable('tour_models').execute();
    },
  };
}
