import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { rowsOf } from './020-search-words.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** SQL: the space_words rows of the spaces in `table` (a transition table) that `changed` keeps. */
const rowsOfTable = (table: string, changed = 'true') =>
  `${rowsOf('s').replace('FROM unnest(s.search_vector) l', `FROM ${table} s, unnest(s.search_vector) l`)} WHERE ${changed}`;

/** SQL: whether no row of `other` is the space `s` with the same searched text, views and visibility. */
const differsFrom = (other: string) =>
  `NOT EXISTS (SELECT 1 FROM ${other} o WHERE o.id = s.id AND o.search_vector IS NOT DISTINCT FROM s.search_vector
     AND o.views IS NOT DISTINCT FROM s.views AND o.visibility IS NOT DISTINCT FROM s.visibility)`;

/** SQL: deletes the space_words rows of the spaces in `table` that `changed` keeps, through the primary key. */
const deleteRowsOf = (table: string, changed = 'true') =>
  `DELETE FROM space_words w USING (
     SELECT l.word, s.visibility = 'PUBLIC' AS public, s.views, s.id FROM ${table} s, unnest(tsvector_to_array(s.search_vector)) l(word) WHERE ${changed}
   ) r WHERE w.word = r.word AND w.public = r.public AND w.views = r.views AND w.space_id = r.id`;

const FUNCTIONS: [name: string, body: string][] = [
  ['space_words_added', `INSERT INTO space_words (word, public, views, space_id, score) ${rowsOfTable('added')};`],
  ['space_words_removed', `${deleteRowsOf('removed')};`],
  [
    'space_words_changed',
    `${deleteRowsOf('before', differsFrom('after'))};
  INSERT INTO space_words (word, public, views, space_id, score) ${rowsOfTable('after', differsFrom('before'))};`,
  ],
];

const TRIGGERS: [name: string, event: string, tables: string, fn: string][] = [
  ['space_words_insert', 'INSERT', 'NEW TABLE AS added', 'space_words_added'],
  ['space_words_delete', 'DELETE', 'OLD TABLE AS removed', 'space_words_removed'],
  ['space_words_update', 'UPDATE', 'OLD TABLE AS before NEW TABLE AS after', 'space_words_changed'],
];

/**
 * space_words kept once per statement on spaces instead of once per row (issue 25). Migration 020's
 * row triggers inserted a space's words in a statement of their own, so space_word_prefixes' statement
 * trigger upserted every prefix of the space's words once per space: a statement of 300 spaces
 * updated a common prefix's row 300 times, and in one transaction each update walks the row's
 * versions the transaction made before (they cannot be pruned while it runs). A 100,000-space seed
 * (one transaction) ran for more than 25 minutes without finishing. Now each statement on spaces
 * writes the words of all its rows in one statement (an update only those of the rows whose searched
 * text, views, visibility or id changed), so each prefix's count changes once per statement.
 */
export function searchWordsPerStatement(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const [name] of TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)} ON spaces`.execute(db);
      await sql`DROP FUNCTION IF EXISTS space_words_sync()`.execute(db);
      for (const [name, body] of FUNCTIONS)
        await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  ${body}\n  RETURN NULL;\nEND $$`).execute(db);
      for (const [name, event, tables, fn] of TRIGGERS)
        await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON spaces REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`).execute(db);
    },
    async down(db: Db): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const [name] of TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)} ON spaces`.execute(db);
      for (const [name] of FUNCTIONS) await sql`DROP FUNCTION IF EXISTS ${sql.raw(name)}()`.execute(db);
    },
  };
}
