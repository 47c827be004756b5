import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * A word's score in a space (src/server/modules/spaces/search-words.ts): the weight of its best field
 * (name 1, tags 0.6, summary and location 0.4, description 0.1, as the ranking weights of
 * spaces_search_vector), more for repeats, less in a long text. `v` is the space's tsvector, `l` a
 * row of `unnest(v)`.
 */
export const SCORE = `(coalesce((SELECT max(CASE x WHEN 'A' THEN 1.0 WHEN 'B' THEN 0.6 WHEN 'C' THEN 0.4 ELSE 0.1 END) FROM unnest(l.weights) x), 0.1)
  * (1 + ln(greatest(cardinality(l.positions), 1))) / ln(2 + length(v)))::real`;

/** SQL: the rows of one space (`r` is NEW, OLD or a `spaces` alias) in space_words. */
export const rowsOf = (r: string) =>
  `SELECT l.lexeme, ${r}.visibility = 'PUBLIC', ${r}.views, ${r}.id, ${SCORE.replaceAll('length(v)', `length(${r}.search_vector)`)}
   FROM unnest(${r}.search_vector) l`;

/** SQL: `prefix, docs` of the public spaces among `rows` (space_words rows) by prefix of 4+ letters of their words. */
export const PREFIXES = (rows: string) =>
  `left(r.word, n) AS prefix, count(DISTINCT r.space_id)::int AS docs FROM ${rows} r, generate_series(4, length(r.word)) n WHERE r.public GROUP BY 1`;

/** SQL: deletes the rows of a space as it was (`OLD`), through the primary key. */
const DELETE_OLD = `DELETE FROM space_words WHERE word = ANY(tsvector_to_array(OLD.search_vector)) AND public = (OLD.visibility = 'PUBLIC') AND views = OLD.views AND space_id = OLD.id`;

/**
 * PostgreSQL's search index in popularity order (issue 25): `space_words` holds one row per word of a
 * space's search_vector, keyed `(word, public, views, space_id)`, so the matches of a word are read
 * from the primary key most viewed first (public ones first), stop after the relevance pool, and are
 * counted without visiting the spaces; each row carries the word's score in the space, so the pool is
 * ranked without reading a tsvector; `space_word_prefixes` holds how many public spaces hold a word
 * beginning with each prefix of 4+ letters (a one-word search, whose word is a prefix, counted without
 * reading its rows). Kept by triggers on spaces (insert, delete, and an update of the
 * searched text, views or visibility). SQLite's counterpart is migration 019's keyed spaces_fts.
 */
export function searchWords(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`CREATE TABLE space_words (word text COLLATE "C" NOT NULL, public boolean NOT NULL, views integer NOT NULL, space_id text NOT NULL, score real NOT NULL)`.execute(
        db,
      );
      await sql
        .raw(`INSERT INTO space_words ${rowsOf('s').replaceAll('FROM unnest(s.search_vector) l', 'FROM spaces s, unnest(s.search_vector) l')}`)
        .execute(db);
      await sql`ALTER TABLE space_words ADD PRIMARY KEY (word, public, views, space_id) INCLUDE (score)`.execute(db);
      // How many public spaces hold a word beginning with each prefix of 4+ letters, kept per statement from
      // the rows space_words gains and loses (a space's words come and go in one statement).
      await sql`CREATE TABLE space_word_prefixes (prefix text COLLATE "C" PRIMARY KEY, docs integer NOT NULL)`.execute(db);
      await sql.raw(`INSERT INTO space_word_prefixes SELECT ${PREFIXES('space_words')}`).execute(db);
      await sql
        .raw(
          `CREATE FUNCTION space_word_prefixes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO space_word_prefixes (prefix, docs) SELECT ${PREFIXES('added')} ORDER BY 1
      ON CONFLICT (prefix) DO UPDATE SET docs = space_word_prefixes.docs + excluded.docs;
  ELSE
    UPDATE space_word_prefixes c SET docs = c.docs - r.docs FROM (SELECT ${PREFIXES('removed')} ORDER BY 1) r WHERE c.prefix = r.prefix;
  END IF;
  RETURN NULL;
END $$`,
        )
        .execute(db);
      for (const [op, table] of [
        ['INSERT', 'NEW TABLE AS added'],
        ['DELETE', 'OLD TABLE AS removed'],
      ] as const) {
        await sql
          .raw(
            `CREATE TRIGGER space_word_prefixes_${op.toLowerCase()} AFTER ${op} ON space_words REFERENCING ${table} FOR EACH STATEMENT EXECUTE FUNCTION space_word_prefixes_sync()`,
          )
          .execute(db);
      }
      await sql
        .raw(
          `CREATE FUNCTION space_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    ${DELETE_OLD};
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO space_words (word, public, views, space_id, score) ${rowsOf('NEW')};
  END IF;
  RETURN NULL;
END $$`,
        )
        .execute(db);
      await sql`CREATE TRIGGER space_words_insert AFTER INSERT ON spaces FOR EACH ROW EXECUTE FUNCTION space_words_sync()`.execute(db);
      await sql`CREATE TRIGGER space_words_delete AFTER DELETE ON spaces FOR EACH ROW EXECUTE FUNCTION space_words_sync()`.execute(db);
      await sql`CREATE TRIGGER space_words_update AFTER UPDATE ON spaces FOR EACH ROW
        WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD.views IS DISTINCT FROM NEW.views OR OLD.visibility IS DISTINCT FROM NEW.visibility OR OLD.id IS DISTINCT FROM NEW.id)
        EXECUTE FUNCTION space_words_sync()`.execute(db);
      // The few accounts that are not active (their spaces are hidden): found without reading every account.
      await sql`CREATE INDEX accounts_inactive ON accounts (id) WHERE status <> 'ACTIVE'`.execute(db);
      await sql`ANALYZE space_words`.execute(db);
    },
    async down(db: Db): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const t of ['space_words_insert', 'space_words_delete', 'space_words_update']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)} ON spaces`.execute(db);
      await sql`DROP FUNCTION IF EXISTS space_words_sync()`.execute(db);
      await sql`DROP TABLE IF EXISTS space_words`.execute(db);
      await sql`DROP INDEX IF EXISTS accounts_inactive`.execute(db);
      await sql`DROP FUNCTION IF EXISTS space_word_prefixes_sync()`.execute(db);
      await sql`DROP TABLE IF EXISTS space_word_prefixes`.execute(db);
    },
  };
}
