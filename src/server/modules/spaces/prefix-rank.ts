import { sql, type RawBuilder } from 'kysely';
import type { ContentCtx } from '../../platform/content/context.ts';

/**
 * SQLite: bm25 of a typed prefix as one term, without FTS5's prefix query.
 *
 * FTS5 answers `"loft"*` by merging the full lists of every word it begins, once to match and once
 * more for bm25's IDF count (2–5 ms for a common word at 100,000 spaces). Scored as its words
 * (`"loft" OR "lofts"`), a rare completion outweighs the word ("The Old Xu Factory", whose
 * description says "lofts", came first for "loft"). FTS5's bm25 (fts5_aux.c) of one phrase is
 * `idf × F (k1 + 1) / (F + K)`, where F sums the phrase's hits weighted by column and K = k1 (1 − b
 * + b D / avgdl) depends on the row alone; so from each completion's own bm25 on a row, its
 * `x = F / K` is `y / (1 − y)` with `y = score / (idf (k1 + 1))`, and the prefix's score is
 * `idf(prefix) (k1 + 1) X / (X + 1)` with X the sum of the row's x: the prefix's bm25, whose order
 * {@link prefixPoolCtes} keeps. Each completion's statement walks only its part of the pool
 * (`rowid >=` the pool's last key), and the IDFs come from the vocabulary's row counts.
 */

/** FTS5's bm25 constants (fts5_aux.c). */
const K1 = 1.2;
/** A composed rank counts whole units of 1e-12 (cheaper than SQL's round()). */
const RANK_UNITS = 1e12;

/** FTS5's IDF of a phrase held by `hits` of `rows` rows (fts5_aux.c: never below 1e-6). */
export function bm25Idf(rows: number, hits: number): number {
  const idf = Math.log((rows - hits + 0.5) / (hits + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/** Reads an SQLite varint (as FTS5 stores its counts) at `at`: the value and the bytes it took. */
export function readVarint(bytes: Uint8Array, at = 0): [number, number] {
  let value = 0;
  for (let i = 0; i < 9; i++) {
    const b = bytes[at + i] ?? 0;
    if (i === 8) return [value * 256 + b, 9];
    value = value * 128 + (b & 0x7f);
    if (!(b & 0x80)) return [value, i + 1];
  }
  return [value, 9];
}

/** SQL: how many index rows hold any of the words, from each one's rows and the rows holding several (inclusion–exclusion). */
export function unionRows(terms: readonly { word: string; rows: number }[]): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`${terms.reduce((n, t) => n + t.rows, 0)}`];
  for (let mask = 1; mask < 1 << terms.length; mask++) {
    const chosen = terms.filter((_, i) => mask & (1 << i));
    if (chosen.length < 2) continue;
    const both = chosen.map((t) => `"${t.word}"`).join(' ');
    const n = sql`(SELECT count(*) FROM spaces_fts WHERE spaces_fts MATCH ${both})`;
    parts.push(chosen.length % 2 ? sql` + ${n}` : sql` - ${n}`);
  }
  return sql.join(parts, sql``);
}

/** Counts kept per database while it is unchanged (its stamp), by word list; started over when this many. */
const MAX_KEPT_COUNTS = 5000;
const kept = new WeakMap<object, { stamp: string; counts: Map<string, Promise<{ union: number; rows: number }>> }>();

/**
 * The rows holding any of the words (`union`) and the rows of spaces_fts (`rows`, as bm25 counts
 * them: FTS5's averages record, id 1 of its data table), in one statement; kept while the database
 * is at `stamp` (the vocabulary's row counts hold for it too), like PostgreSQL's prefix counts
 * (space_word_prefixes): the intersections cost 0.1–0.6 ms for a common word at 100,000 spaces.
 */
export function prefixCounts(ctx: ContentCtx, terms: readonly { word: string; rows: number }[], stamp: string): Promise<{ union: number; rows: number }> {
  let state = kept.get(ctx.db);
  if (!state || state.stamp !== stamp) kept.set(ctx.db, (state = { stamp, counts: new Map() }));
  const key = terms.map((t) => t.word).join(' ');
  const known = state.counts.get(key);
  if (known) return known;
  if (state.counts.size >= MAX_KEPT_COUNTS) state.counts.clear();
  const counting = sql<{ n: number; block: Uint8Array | null }>`SELECT ${unionRows(terms)} AS n,
    (SELECT block FROM spaces_fts_data WHERE id = 1) AS block`
    .execute(ctx.db)
    .then((r) => {
      const block = r.rows[0]?.block;
      return { union: Number(r.rows[0]?.n ?? 0), rows: block?.length ? readVarint(block)[0] : 0 };
    });
  const counts = state.counts;
  state.counts.set(key, counting);
  counting.catch(() => counts.delete(key));
  return counting;
}

/**
 * SQL: the CTEs `lim`, `pN` and `f(k, rank)` (the pool: the first `pool` keys matching `match`) for a
 * prefix standing for `terms` (its indexed words and the rows holding each), of `rows` rows in all;
 * `f` is stored when `reused` (a statement reading it twice), else read as it is made.
 * The rank orders the pool as the prefix's bm25 does: that is `idf(prefix) (k1 + 1) X / (X + 1)`,
 * and the prefix's IDF is the same on every row, so the rank is `−X / (X + 1)`, in whole units of
 * 1e-12 (what FTS5 scores alike, such as "loft loft" and "loft lofts", stays alike).
 */
export function prefixPoolCtes(
  match: string,
  terms: readonly { word: string; rows: number }[],
  rows: number,
  weights: RawBuilder<unknown>,
  pool: number,
  reused = true,
): RawBuilder<unknown> {
  const limit = sql`lim AS MATERIALIZED (SELECT min(k) AS m FROM (SELECT rowid AS k FROM spaces_fts WHERE spaces_fts MATCH ${match} ORDER BY rowid DESC LIMIT ${sql.lit(pool)}))`;
  // One FTS5 scan per word (bm25 needs its own), scaled to y = score / (idf (k1 + 1)); each is read once, as it
  // comes (not stored first: 50–150 µs of the statement at 100,000 spaces), as is `f` unless the statement reads it twice.
  const parts = terms.map(
    (t, i) =>
      sql`${sql.raw(`p${i}`)} AS NOT MATERIALIZED (SELECT rowid AS k, -bm25(spaces_fts, ${weights}) / ${bm25Idf(rows, t.rows) * (K1 + 1)} AS y
        FROM spaces_fts WHERE spaces_fts MATCH ${`"${t.word}"`} AND rowid >= (SELECT m FROM lim))`,
  );
  const all = sql.join(
    terms.map((_, i) => sql`SELECT k, y FROM ${sql.raw(`p${i}`)}`),
    sql` UNION ALL `,
  );
  return sql`${limit}, ${sql.join(parts, sql`, `)},
    f AS ${sql.raw(reused ? 'MATERIALIZED' : 'NOT MATERIALIZED')} (SELECT k, CAST(${-RANK_UNITS} * x / (x + 1) AS INTEGER) AS rank FROM (SELECT k, sum(y / (1 - y)) AS x FROM (${all}) GROUP BY k))`;
}
