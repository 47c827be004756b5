import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// The fields the search indexes, as migration 001 wrote them.
const row = (r: string) =>
  sql.raw(
    `${r}.name, ${r}.summary, ${r}.description, replace(replace(replace(${r}.tags, '","', ' '), '["', ''), '"]', ''), ${r}.address || ' ' || ${r}.city || ' ' || ${r}.region || ' ' || ${r}.countryName`,
  );
// A space's key in spaces_fts (src/server/modules/spaces/fts.ts): bit 62 for a PUBLIC space, its views
// (capped) in bits 32–61, its rowid below.
const key = (r: string) =>
  sql.raw(`((CASE WHEN ${r}.visibility = 'PUBLIC' THEN 4611686018427387904 ELSE 0 END) + min(coalesce(${r}.views, 0), 1073741823) * 4294967296 + ${r}.rowid)`);
const plain = (r: string) => sql.raw(`${r}.rowid`);
const TRIGGERS = ['spaces_fts_ai', 'spaces_fts_ad', 'spaces_fts_au'];

/** Refills spaces_fts and re-creates its triggers with `keyOf` as each space's FTS rowid. */
async function keyFts(db: Db, keyOf: (r: string) => ReturnType<typeof sql.raw>, views: boolean): Promise<void> {
  for (const t of TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
  await sql`DELETE FROM spaces_fts`.execute(db);
  await sql`INSERT INTO spaces_fts(rowid, name, summary, description, tags, location) SELECT ${keyOf('s')}, ${row('s')} FROM spaces s`.execute(db);
  await sql`CREATE TRIGGER spaces_fts_ai AFTER INSERT ON spaces BEGIN INSERT INTO spaces_fts(rowid, name, summary, description, tags, location) VALUES (${keyOf('new')}, ${row('new')}); END`.execute(
    db,
  );
  await sql`CREATE TRIGGER spaces_fts_ad AFTER DELETE ON spaces BEGIN DELETE FROM spaces_fts WHERE rowid = ${keyOf('old')}; END`.execute(db);
  await sql`CREATE TRIGGER spaces_fts_au AFTER UPDATE OF name, summary, description, tags, address, city, region, countryName${sql.raw(views ? ', views, visibility' : '')} ON spaces BEGIN
      DELETE FROM spaces_fts WHERE rowid = ${keyOf('old')};
      INSERT INTO spaces_fts(rowid, name, summary, description, tags, location) VALUES (${keyOf('new')}, ${row('new')}); END`.execute(db);
  await sql`INSERT INTO spaces_fts(spaces_fts) VALUES ('optimize')`.execute(db);
}

/**
 * SQLite's full-text rows keyed in popularity order (issue 25): a space's row in spaces_fts has the
 * rowid `public × 2⁶² + views × 2³² + spaces.rowid` (views capped at 2³⁰ − 1), kept by the triggers,
 * a change of views or visibility included. The index's rowid order is then public spaces first, in
 * views order, so a search walks its matches most viewed first and stops early (the views sort, the
 * relevance pool of the most viewed matches), and counts public matches in the index alone.
 * PostgreSQL's search needs no change.
 */
export function searchOrder(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect === 'sqlite') await keyFts(db, key, true);
    },
    async down(db: Db): Promise<void> {
      if (dialect === 'sqlite') await keyFts(db, plain, false);
    },
  };
}
