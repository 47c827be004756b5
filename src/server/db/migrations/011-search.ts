import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * PostgreSQL full-text search over spaces, the counterpart of SQLite's FTS5 table (migration 001):
 * `spaces.search_vector`, kept by a trigger on the searched fields, with a GIN index. Words are
 * lexemes of the `discover` text search configuration: the `simple` dictionary (no stemming, like
 * FTS5's unicode61 tokenizer) behind `unaccent` when the server has that extension (diacritics fold
 * like FTS5's `remove_diacritics 2`). Weights rank a hit in the name first, then tags, summary and
 * location, then the description: A, B, C, D (see src/server/content/fts.ts). SQLite: nothing.
 */
export function search(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect !== 'postgres') return;
      let unaccent = true;
      try {
        await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
      } catch {
        unaccent = false;
      }
      await sql`CREATE TEXT SEARCH CONFIGURATION discover (COPY = simple)`.execute(db);
      if (unaccent) {
        await sql`ALTER TEXT SEARCH CONFIGURATION discover ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple`.execute(db);
      }
      await sql`ALTER TABLE spaces ADD COLUMN search_vector tsvector`.execute(db);
      await sql
        .raw(
          `CREATE FUNCTION spaces_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('discover', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('discover', translate(coalesce(NEW.tags, ''), '[]",', '    ')), 'B') ||
    setweight(to_tsvector('discover', coalesce(NEW.summary, '')), 'C') ||
    setweight(to_tsvector('discover', concat_ws(' ', NEW.address, NEW.city, NEW.region, NEW."countryName")), 'C') ||
    setweight(to_tsvector('discover', coalesce(NEW.description, '')), 'D');
  RETURN NEW;
END $$`,
        )
        .execute(db);
      await sql`CREATE TRIGGER spaces_search_vector BEFORE INSERT OR UPDATE OF name, summary, description, tags, address, city, region, "countryName" ON spaces FOR EACH ROW EXECUTE FUNCTION spaces_search_vector()`.execute(
        db,
      );
      await sql`UPDATE spaces SET name = name`.execute(db);
      await sql`CREATE INDEX spaces_search ON spaces USING gin (search_vector)`.execute(db);
    },
  };
}
