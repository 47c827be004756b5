import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** SQL: `(search_vector, n)` rows, n = +1 for each space a statement's transition tables add and −1 for each it removes. */
const CHANGES = {
  added: `SELECT s.search_vector, 1 AS n FROM added s`,
  removed: `SELECT s.search_vector, -1 AS n FROM removed s`,
  // A row whose searched text an update left alone (views, visibility, anything else) counts for nothing.
  changed: `SELECT a.search_vector, 1 AS n FROM after a
      WHERE NOT EXISTS (SELECT 1 FROM before b WHERE b.id = a.id AND b.search_vector IS NOT DISTINCT FROM a.search_vector)
    UNION ALL SELECT b.search_vector, -1 FROM before b
      WHERE NOT EXISTS (SELECT 1 FROM after a WHERE a.id = b.id AND a.search_vector IS NOT DISTINCT FROM b.search_vector)`,
} as const;

/** SQL: adds a statement's changes to each word's count; a changed row's version goes up by one. */
const apply = (changes: string) => `INSERT INTO space_word_vocabulary AS v (word, docs, version)
    SELECT l.lexeme, sum(c.n)::int, 1 FROM (${changes}) c, unnest(c.search_vector) l GROUP BY 1 HAVING sum(c.n) <> 0 ORDER BY 1
    ON CONFLICT (word) DO UPDATE SET docs = v.docs + excluded.docs, version = v.version + 1;`;

const TRIGGERS: [name: string, event: string, tables: string, changes: keyof typeof CHANGES][] = [
  ['space_word_vocabulary_insert', 'INSERT', 'NEW TABLE AS added', 'added'],
  ['space_word_vocabulary_delete', 'DELETE', 'OLD TABLE AS removed', 'removed'],
  ['space_word_vocabulary_update', 'UPDATE', 'OLD TABLE AS before NEW TABLE AS after', 'changed'],
];

/**
 * PostgreSQL's typo vocabulary as a table kept by triggers (issue 25). The search read it every
 * minute with `ts_stat('SELECT search_vector FROM spaces')`, which reads every space's tsvector:
 * 2.5 s of a backend's CPU at 100,000 spaces, even when nothing had changed. `space_word_vocabulary`
 * holds, for each word of the spaces' search_vector, how many spaces hold it (`docs`: ts_stat's
 * `ndoc`; a word no space holds any more stays with 0), kept per statement on spaces from their
 * transition tables (an update counts only the rows whose searched text changed), and `version`, which
 * goes up by one whenever the row changes: the sum of the versions only grows, so it tells a reader
 * whether anything changed since it last read the table (src/server/modules/spaces/vocabulary.ts).
 */
export function searchVocabulary(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`CREATE TABLE space_word_vocabulary (word text COLLATE "C" PRIMARY KEY, docs integer NOT NULL, version bigint NOT NULL)`.execute(db);
      await sql`INSERT INTO space_word_vocabulary (word, docs, version) SELECT word, ndoc, 1 FROM ts_stat('SELECT search_vector FROM spaces')`.execute(db);
      for (const [name, event, tables, changes] of TRIGGERS) {
        await sql
          .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  ${apply(CHANGES[changes])}\n  RETURN NULL;\nEND $$`)
          .execute(db);
        await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON spaces REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`).execute(db);
      }
    },
    async down(db: Db): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const [name] of TRIGGERS) {
        await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)} ON spaces`.execute(db);
        await sql`DROP FUNCTION IF EXISTS ${sql.raw(name)}()`.execute(db);
      }
      await sql`DROP TABLE IF EXISTS space_word_vocabulary`.execute(db);
    },
  };
}
