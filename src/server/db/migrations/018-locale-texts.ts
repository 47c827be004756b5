import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** The curated tables whose texts may be given per locale. */
const TABLES = ['banners', 'featured_tags', 'carousel_items', 'collections'] as const;

/**
 * Curated texts per locale (issue 26): banners, featured tags, carousel slides and collections keep
 * their English texts and gain `translations`, a JSON object of variants per locale
 * (`{"de":{"text":"…"}}`); `{}` (every row so far) shows English everywhere.
 */
export function localeTexts(_dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      for (const table of TABLES)
        await db.schema
          .alterTable(table)
          .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
          .execute();
    },
    async down(db: Db): Promise<void> {
      for (const table of TABLES) await db.schema.alterTable(table).dropColumn('translations').execute();
    },
  };
}
