import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The fields the search indexes and a space's key in spaces_fts, as migration 019 wrote them.
const text = (r: string) =>
  `${r}.name, ${r}.summary, ${r}.description, replace(replace(replace(${r}.tags, '","', ' '), '["', ''), '"]', ''), ${r}.address || ' ' || ${r}.city || ' ' || ${r}.region || ' ' || ${r}.countryName`;
const key = (r: string) =>
  `((CASE WHEN ${r}.visibility = 'PUBLIC' THEN 4611686018427387904 ELSE 0 END) + min(coalesce(${r}.views, 0), 1073741823) * 4294967296 + ${r}.rowid)`;
const TEXT_COLUMNS = ['name', 'summary', 'description', 'tags', 'address', 'city', 'region', 'countryName'];
// bm25's column weights (src/server/modules/spaces/fts.ts FTS_WEIGHTS when this was written), by fts5vocab's column name.
const WEIGHT = `(CASE col WHEN 'name' THEN 10 WHEN 'summary' THEN 4 WHEN 'description' THEN 1 WHEN 'tags' THEN 6 ELSE 3 END)`;
const FIELDS = 'name, summary, description, tags, location';

// The index's words changed: the stamp the search's vocabulary holds for moves (a key move leaves the words and their counts alone).
const BUMP = 'UPDATE spaces_fts_stamp SET v = v + 1 WHERE id = 1;';

/** SQL (trigger body): the words of the space `r` under `keyOf` as FTS5 tokenizes them, through the scratch index. */
const scoreRow = (r: string) => `INSERT INTO spaces_fts_scratch(rowid, ${FIELDS}) VALUES (${key(r)}, ${text(r)});
    INSERT INTO spaces_fts_scores(word, key, w, size)
      SELECT term, ${key(r)}, sum(${WEIGHT}), (SELECT count(*) FROM spaces_fts_scratch_instances) FROM spaces_fts_scratch_instances GROUP BY term;
    INSERT INTO spaces_fts_scratch(spaces_fts_scratch) VALUES ('delete-all');
    ${BUMP}`;

const TRIGGERS = ['spaces_fts_scores_ai', 'spaces_fts_scores_ad', 'spaces_fts_scores_au_text', 'spaces_fts_scores_au_key'];

/**
 * SQLite's stored scores (issue 25), the counterpart of PostgreSQL's `space_words` (migration 020):
 * `spaces_fts_scores` holds one row per word of each row of spaces_fts, keyed `(word, key DESC)` where
 * key is the row's rowid (popularity order, migration 019), with what FTS5's bm25 reads for it: `w`,
 * the word's hits weighted by column, and `size`, the row's token count. A search's relevance pool
 * walks a word's first keys from this index and composes bm25 from them (no docsize lookup per row and
 * no count over the word's whole list). The words are FTS5's own: triggers tokenize a space's text
 * through a scratch contentless FTS5 table with the same tokenizer and read its `fts5vocab` instances,
 * then empty it; a change of views or visibility only moves the rows to the new key (an index on key).
 * Filled in one pass from an instance vocabulary of spaces_fts. `spaces_fts_stamp` counts the changes
 * of the index's words (an insert, a delete, a text update; not a key move), the counterpart of
 * PostgreSQL's vocabulary versions (migration 022): what the search derives from the vocabulary holds
 * while it is unchanged, whatever else is written (analytics, sessions). PostgreSQL: nothing.
 */
export function searchScores(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql`CREATE TABLE spaces_fts_scores (word TEXT NOT NULL, key INTEGER NOT NULL, w INTEGER NOT NULL, size INTEGER NOT NULL,
        PRIMARY KEY (word, key DESC)) WITHOUT ROWID`.execute(db);
      await sql`CREATE VIRTUAL TABLE spaces_fts_scratch USING fts5(${sql.raw(FIELDS)}, content = '', tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
      await sql`CREATE VIRTUAL TABLE spaces_fts_scratch_instances USING fts5vocab(spaces_fts_scratch, instance)`.execute(db);
      // Backfill: every row's token count, then each word's weighted hits per row, from spaces_fts' instances.
      await sql`CREATE VIRTUAL TABLE temp.spaces_fts_all_instances USING fts5vocab(main, spaces_fts, instance)`.execute(db);
      await sql`CREATE TEMP TABLE spaces_fts_sizes (key INTEGER PRIMARY KEY, size INTEGER NOT NULL)`.execute(db);
      await sql`INSERT INTO spaces_fts_sizes SELECT doc, count(*) FROM temp.spaces_fts_all_instances GROUP BY doc`.execute(db);
      await sql`INSERT INTO spaces_fts_scores(word, key, w, size)
        SELECT i.term, i.doc, sum(${sql.raw(WEIGHT)}), (SELECT size FROM spaces_fts_sizes z WHERE z.key = i.doc)
        FROM temp.spaces_fts_all_instances i GROUP BY i.term, i.doc`.execute(db);
      await sql`DROP TABLE temp.spaces_fts_sizes`.execute(db);
      await sql`DROP TABLE temp.spaces_fts_all_instances`.execute(db);
      await sql`CREATE INDEX spaces_fts_scores_key ON spaces_fts_scores(key)`.execute(db);
      await sql`CREATE TABLE spaces_fts_stamp (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL)`.execute(db);
      await sql`INSERT INTO spaces_fts_stamp (id, v) VALUES (1, 0)`.execute(db);
      // The few accounts that are not active (their spaces are hidden), found without reading every account
      // (PostgreSQL's, migration 020): the search's hidden keys, read again after any write, took 0.4 ms at 100,000 spaces.
      await sql`CREATE INDEX accounts_inactive ON accounts (id) WHERE status <> 'ACTIVE'`.execute(db);

      await sql.raw(`CREATE TRIGGER spaces_fts_scores_ai AFTER INSERT ON spaces BEGIN ${scoreRow('new')} END`).execute(db);
      await sql
        .raw(`CREATE TRIGGER spaces_fts_scores_ad AFTER DELETE ON spaces BEGIN DELETE FROM spaces_fts_scores WHERE key = ${key('old')}; ${BUMP} END`)
        .execute(db);
      const changed = TEXT_COLUMNS.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
      // A text field set (changed or not, as spaces_fts' trigger: `SET name = name` rebuilds a space's rows): the rows
      // again, under the new key (the old and new keys' rows removed first, whichever of these triggers runs first).
      // Same text, another key (views, visibility): the rows move.
      await sql
        .raw(
          `CREATE TRIGGER spaces_fts_scores_au_text AFTER UPDATE OF ${TEXT_COLUMNS.join(', ')} ON spaces BEGIN
            DELETE FROM spaces_fts_scores WHERE key IN (${key('old')}, ${key('new')});
            ${scoreRow('new')} END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER spaces_fts_scores_au_key AFTER UPDATE OF views, visibility ON spaces
            WHEN NOT (${changed}) AND ${key('old')} <> ${key('new')} BEGIN
            UPDATE spaces_fts_scores SET key = ${key('new')} WHERE key = ${key('old')}; END`,
        )
        .execute(db);
    },
    async down(db: Db): Promise<void> {
      if (dialect !== 'sqlite') return;
      for (const t of TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
      await sql`DROP TABLE IF EXISTS spaces_fts_scratch_instances`.execute(db);
      await sql`DROP TABLE IF EXISTS spaces_fts_scratch`.execute(db);
      await sql`DROP TABLE IF EXISTS spaces_fts_scores`.execute(db);
      await sql`DROP TABLE IF EXISTS spaces_fts_stamp`.execute(db);
      await sql`DROP INDEX IF EXISTS accounts_inactive`.execute(db);
    },
  };
}
