import { sql, type RawBuilder } from 'kysely';
import type { ContentCtx } from '../../platform/content/context.ts';

/**
 * SQLite: bm25 of a search's one word (a typed prefix as one term) from stored scores, without FTS5.
 *
 * FTS5's bm25 (fts5_aux.c) of one phrase on a row is `idf × F (k1 + 1) / (F + k1 (1 − b + b D /
 * avgdl))`: F the phrase's hits weighted by column, D the row's token count, avgdl the index's mean
 * row length and idf `ln((N − n + 0.5) / (n + 0.5))` (N rows, n holding the phrase). Computing it
 * costs FTS5 a docsize lookup per ranked row and a count of the phrase's whole list for n; a prefix
 * (`"loft"*`) also merges every word it begins. Migration 023's `spaces_fts_scores` stores, per word
 * and row (key DESC), the word's weighted hits `w` and the row's size D; a prefix's F on a row is the
 * sum of its words' w (one phrase, as FTS5 scores it: scored as separate words, a rare completion
 * such as "lofts" would outweigh "loft"). n comes from the vocabulary's row counts (the union of the
 * prefix's words, counted once per database state), N and avgdl from FTS5's averages record, so the
 * pool's statement walks the first keys of the words from an index and computes FTS5's own score,
 * in FTS5's order of operations (the same doubles, so the same order and ties).
 */

/** FTS5's bm25 constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;

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
const kept = new WeakMap<object, { stamp: string; counts: Map<string, Promise<PoolStats>> }>();

/** What bm25 needs beside a row's own figures: the IDF of the word (its words' union), the index's mean row length. */
export interface PoolStats {
  /** Index rows holding any of the words. */
  union: number;
  /** FTS5's IDF of a phrase held by `union` rows (computed by SQLite's ln(), as FTS5's C log() does). */
  idf: number;
  /** The mean row length in tokens, as FTS5 divides it. */
  avgdl: number;
}

/** Reads FTS5's averages record: the row count and the total token count of every column. */
export function readAverages(block: Uint8Array | null | undefined): { rows: number; tokens: number } {
  if (!block?.length) return { rows: 0, tokens: 0 };
  const [rows, first] = readVarint(block);
  let at = first;
  let tokens = 0;
  while (at < block.length) {
    const [n, used] = readVarint(block, at);
    tokens += n;
    at += used;
  }
  return { rows, tokens };
}

/**
 * The rows holding any of the words (`union`), their IDF and the index's mean row length (FTS5's
 * averages record, id 1 of its data table), in two small statements; kept while the database is at
 * `stamp` (the vocabulary's row counts hold for it too), like PostgreSQL's prefix counts
 * (space_word_prefixes): the intersections cost 0.1–0.6 ms for a common word at 100,000 spaces.
 */
export function prefixCounts(ctx: ContentCtx, terms: readonly { word: string; rows: number }[], stamp: string): Promise<PoolStats> {
  let state = kept.get(ctx.db);
  if (!state || state.stamp !== stamp) kept.set(ctx.db, (state = { stamp, counts: new Map() }));
  const key = terms.map((t) => t.word).join(' ');
  const known = state.counts.get(key);
  if (known) return known;
  if (state.counts.size >= MAX_KEPT_COUNTS) state.counts.clear();
  const counting = (async (): Promise<PoolStats> => {
    const r = await sql<{ n: number; block: Uint8Array | null }>`SELECT ${unionRows(terms)} AS n,
      (SELECT block FROM spaces_fts_data WHERE id = 1) AS block`.execute(ctx.db);
    const union = Number(r.rows[0]?.n ?? 0);
    const { rows, tokens } = readAverages(r.rows[0]?.block);
    // FTS5: log((nRow - nHit + 0.5) / (nHit + 0.5)), never below 1e-6; SQLite's ln() is C's log(), as FTS5's (V8's Math.log may differ in the last bit).
    const l = await sql<{ idf: number | null }>`SELECT ln((${rows} - ${union} + 0.5) / (${union} + 0.5)) AS idf`.execute(ctx.db);
    const idf = Number(l.rows[0]?.idf ?? 0);
    return { union, idf: idf > 0 ? idf : 1e-6, avgdl: rows ? tokens / rows : 1 };
  })();
  const counts = state.counts;
  state.counts.set(key, counting);
  counting.catch(() => counts.delete(key));
  return counting;
}

/**
 * SQL: the CTE `f(k, rank)`, the relevance pool: the first `pool` keys
 * of the rows holding any of `terms` (a word, or the indexed words a typed prefix begins), each with
 * FTS5's bm25 of the word as one phrase (lower is better), from migration 023's stored scores.
 * `f` is stored when `reused` (a statement reading it twice), else read as it is made.
 */
export function storedPoolCtes(terms: readonly { word: string }[], stats: PoolStats, pool: number, reused = true): RawBuilder<unknown> {
  const how = sql.raw(reused ? 'MATERIALIZED' : 'NOT MATERIALIZED');
  // FTS5's expression, in its order: idf * ((F * (k1 + 1)) / (F + k1 * (1 - b + b * D / avgdl))), negated.
  const score = (f: RawBuilder<unknown>) => sql`-(${stats.idf} * ((${f} * ${K1 + 1}) / (${f} + ${K1} * (1 - ${B} + ${B} * size / ${stats.avgdl}))))`;
  const [first] = terms;
  if (terms.length === 1 && first) {
    return sql`f AS ${how} (SELECT key AS k, ${score(sql`w`)} AS rank FROM spaces_fts_scores WHERE word = ${first.word} ORDER BY key DESC LIMIT ${sql.lit(pool)})`;
  }
  // The words' key lists merged in key order (a compound SELECT with ORDER BY merges its arms, no sort), each
  // key's hits summed as its rows come (GROUP BY over rows already in its order), stopped after the pool.
  const rows = sql.join(
    terms.map((t) => sql`SELECT key AS x, w, size FROM spaces_fts_scores WHERE word = ${t.word}`),
    sql` UNION ALL `,
  );
  return sql`f AS ${how} (SELECT x AS k, ${score(sql`sum(w)`)} AS rank FROM (${rows} ORDER BY x DESC) GROUP BY x ORDER BY x DESC LIMIT ${sql.lit(pool)})`;
}

/** SQL: how many rows hold any of the words with a key meeting `keys` (a condition on `key`), from the stored scores' index. */
export function storedKeyCount(terms: readonly { word: string }[], keys: RawBuilder<unknown>): RawBuilder<unknown> {
  const each = terms.map((t) => sql`SELECT key FROM spaces_fts_scores WHERE word = ${t.word} AND ${keys}`);
  return sql`(SELECT count(*) FROM (${sql.join(each, sql` UNION `)}))`;
}
