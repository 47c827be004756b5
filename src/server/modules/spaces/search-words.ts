import { sql, type RawBuilder } from 'kysely';
import type { PageWindow } from '../../../domain/page.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { searchTokens, typingLastWord } from './fts.ts';
import { foldWord, MAX_COMPLETIONS, type SearchPlan } from './typos.ts';

/**
 * PostgreSQL's fast search (issue 25) over `space_words` (migration 020): one row per word of a
 * space, keyed `(word, public, views, space_id)` with the word's score in the space. A search of
 * plain words reads the matches of its rarest word from the key most viewed first, keeps those the
 * other words also match (key lookups), and:
 *
 * - relevance ranks the first {@link POOL} public matches by the sum of their words' scores (ties by
 *   views), the rest following in views order, as SQLite ranks its pool (spaces.queries.ts);
 * - views walks the key and stops after the page;
 * - the count reads the keys alone (an index-only scan), never a space.
 *
 * Only for what it can answer exactly: words of ASCII letters and digits, every field searched, no
 * other condition, the last word (while typed) a prefix of at most {@link MAX_COMPLETIONS} indexed
 * words. Anything else takes the GIN search (fts.ts `pgTextSearch`).
 */

/** How {@link pgWordRows} orders its window. */
export interface WordRowsQuery {
  order: 'relevance' | 'views';
  /** The most matches relevance ranks (spaces.queries.ts `RELEVANCE_POOL`). */
  pool: number;
  /** How the other words are matched: chosen by their rows (the default), or one way for all (tests compare them). */
  others?: 'lookup' | 'join';
}

const PLAIN = /^[a-z0-9]+$/;

/**
 * SQL: the ids of spaces hidden whatever their visibility: moderated, or of a disabled or moderated
 * organization (keep in step with viewer.ts `listedSpace`).
 */
const HIDDEN = sql`SELECT "itemId" FROM moderation_records WHERE "itemType" = 'SPACE'
  UNION SELECT h.id FROM spaces h WHERE h."organizationId" IN (SELECT id FROM accounts WHERE status <> 'ACTIVE' UNION SELECT "itemId" FROM moderation_records WHERE "itemType" = 'ACCOUNT')`;

/** The indexed words beginning with `prefix` (a loose scan of the key: one lookup per word), or null when more than {@link MAX_COMPLETIONS}. */
async function completions(ctx: ContentCtx, prefix: string): Promise<string[] | null> {
  const end = `${prefix}\u{10FFFF}`;
  const r = await sql<{ word: string }>`WITH RECURSIVE c(word) AS (
      SELECT (SELECT min(word) FROM space_words WHERE word >= ${prefix} AND word < ${end})
      UNION ALL SELECT (SELECT min(word) FROM space_words WHERE word > c.word AND word < ${end}) FROM c WHERE c.word IS NOT NULL)
    SELECT word FROM c WHERE word IS NOT NULL LIMIT ${MAX_COMPLETIONS + 1}`.execute(ctx.db);
  return r.rows.length > MAX_COMPLETIONS ? null : r.rows.map((x) => x.word);
}

/** The indexed words each typed word stands for, and the last word's prefix when it is matched as one. */
export interface WordTerms {
  terms: string[][];
  prefix: string | null;
}

/** The indexed words each typed word stands for, or null when the search is not one this module answers. */
export async function wordTerms(ctx: ContentCtx, text: string, plan: SearchPlan | null): Promise<WordTerms | null> {
  if (ctx.dialect !== 'postgres' || !plan || plan.mixed) return null;
  const tokens = searchTokens(text);
  if (!tokens.length || tokens.length !== plan.words.length) return null;
  const typing = typingLastWord(text);
  const out: string[][] = [];
  let typedPrefix: string | null = null;
  for (const [i, typed] of tokens.entries()) {
    const word = plan.words[i];
    const folded = foldWord(typed);
    if (!word || !PLAIN.test(folded)) return null;
    const prefix = i === tokens.length - 1 && typing && folded.length >= 2;
    if (prefix) {
      if (word.alternatives.length) return null;
      const list = await completions(ctx, folded);
      if (!list) return null;
      out.push(list);
      typedPrefix = folded;
    } else {
      const terms = [folded, ...word.alternatives];
      if (!terms.every((t) => PLAIN.test(t))) return null;
      out.push(terms);
    }
  }
  return { terms: out.some((t) => !t.length) ? [] : out, prefix: typedPrefix };
}

const row = (t: string) => sql`SELECT views, space_id, score FROM space_words WHERE word = ${t} AND public`;

/**
 * SQL: the public matches of one word (any of its terms) in views order, `(views, space_id, score)`
 * with the best score of its terms: the terms' key ranges merged (a merge, not a hash of them all, so
 * a walk stops after the pool).
 */
function wordMatches(terms: readonly string[]): RawBuilder<unknown> {
  if (terms.length === 1) return row(terms[0] as string);
  const each = terms.map((t) => sql`(${row(t)} ORDER BY views DESC, space_id DESC)`);
  return sql`SELECT DISTINCT ON (views, space_id) views, space_id, score FROM (${sql.join(each, sql` UNION ALL `)}) u ORDER BY views DESC, space_id DESC, score DESC`;
}

/**
 * SQL: whether a public space (`alias`.views, `alias`.space_id columns named `views`, `id`) holds one
 * of the terms: a key lookup per space. As `EXISTS`, the planner made it a semi-join that read every
 * match of the word to find the two hidden spaces (7.4 ms of a 8.9 ms statement for "museum" at
 * 100,000 spaces); a subquery with `LIMIT` is not turned into a join.
 */
const holds = (list: readonly string[], views: RawBuilder<unknown>, id: RawBuilder<unknown>) =>
  sql`(SELECT 1 FROM space_words y WHERE y.word IN (${sql.join([...list])}) AND y.public AND y.views = ${views} AND y.space_id = ${id} LIMIT 1) IS NOT NULL`;

/** Shortest prefix space_word_prefixes counts (migration 020). */
const COUNTED_PREFIX = 4;

/**
 * SQL: the number of public spaces matching one word: for a prefix of 4+ letters, space_word_prefixes;
 * else the first term's rows, plus each other term's rows not already counted under an earlier one,
 * from the key alone.
 */
function wordCount(terms: readonly string[], prefix: string | null): RawBuilder<unknown> {
  if (prefix && [...prefix].length >= COUNTED_PREFIX) return sql`coalesce((SELECT docs FROM space_word_prefixes WHERE prefix = ${prefix}), 0)`;
  const parts = terms.map((t, i) => {
    const before = terms.slice(0, i);
    if (!before.length) return sql`(SELECT count(*) FROM space_words x WHERE x.word = ${t} AND x.public)`;
    // A lookup per row (a subquery with LIMIT is not turned into a join that reads the other terms in full).
    const counted = sql`(SELECT 1 FROM space_words y WHERE y.word IN (${sql.join(before)}) AND y.public AND y.views = x.views AND y.space_id = x.space_id LIMIT 1)`;
    return sql`(SELECT count(*) FROM space_words x WHERE x.word = ${t} AND x.public AND ${counted} IS NULL)`;
  });
  return sql.join(parts, sql` + `);
}

/**
 * How many rows of a list read in key order cost as much as one key lookup of one term (measured at
 * 10,000 spaces: ~1.1 µs a lookup, ~0.25–0.35 µs a row merged and deduplicated).
 */
const LOOKUP_ROWS = 4;

/**
 * SQL: the public matches of every word, as `(views, space_id, score)` with the scores summed; the
 * rarest word (fewest rows by `docs`) drives. Each other word is either looked up by key for every
 * row of the driver (when it is much more common: "lighthouse the") or joined as its own matches in
 * key order (a merge or hash join reading each list once: "modern off" looked up each of the 3,657
 * rows of "modern" for the prefix's four words, ~170 ms at 100,000 spaces). The scores are summed
 * in the same order either way (real sums are not associative).
 */
function allMatches(terms: readonly (readonly string[])[], docs: (word: string) => number, others?: WordRowsQuery['others']): RawBuilder<unknown> {
  const weight = (list: readonly string[]) => list.reduce((n, t) => n + docs(t), 0);
  const order = [...terms].sort((a, b) => weight(a) - weight(b));
  const [first, ...rest] = order as [readonly string[], ...(readonly string[])[]];
  if (!rest.length) return wordMatches(first);
  const joined = rest.map((list) => (others ? others === 'join' : weight(list) < LOOKUP_ROWS * weight(first) * list.length));
  const alias = (i: number) => sql.raw(`o${i}`);
  const scores = rest.map((list, i) =>
    joined[i]
      ? sql`${alias(i)}.score AS s${sql.raw(String(i))}`
      : sql`(SELECT max(x.score) FROM space_words x WHERE x.word IN (${sql.join([...list])}) AND x.public AND x.views = d.views AND x.space_id = d.space_id) AS s${sql.raw(String(i))}`,
  );
  const joins = rest.flatMap((list, i) =>
    joined[i] ? [sql` JOIN (${wordMatches(list)}) ${alias(i)} ON ${alias(i)}.views = d.views AND ${alias(i)}.space_id = d.space_id`] : [],
  );
  const total = sql.join(
    rest.map((_, i) => sql.raw(`e.s${i}`)),
    sql` + `,
  );
  const looked = rest.flatMap((_, i) => (joined[i] ? [] : [sql.raw(`e.s${i} IS NOT NULL`)]));
  const present = looked.length ? sql` WHERE ${sql.join(looked, sql` AND `)}` : sql``;
  // OFFSET 0: the lookups are made once per row (pulled up, each was made again for its IS NOT NULL).
  return sql`SELECT e.views, e.space_id, e.score + ${total} AS score FROM (SELECT d.views, d.space_id, d.score, ${sql.join(scores, sql`, `)} FROM (${wordMatches(first)}) d${sql.join(joins, sql``)} OFFSET 0) e${present}`;
}

/** A window of matches (their rows as `columns` reads them, in order) and the listed total. */
export interface WordRows<T> {
  rows: T[];
  total: number;
}

/**
 * One window of a search answered from space_words (see the module's comment), with the listed count,
 * in one statement: `columns` are read from the window's spaces (alias `s`).
 */
export async function pgWordRows<T>(
  ctx: ContentCtx,
  words: WordTerms,
  q: WordRowsQuery,
  w: PageWindow,
  docs: (word: string) => number,
  columns: RawBuilder<unknown>,
): Promise<WordRows<T>> {
  const { terms } = words;
  if (!terms.length) return { rows: [], total: 0 };
  // Several words: their matches are found once (the count needs them all) and the window cut from them;
  // one word's are counted from the key or space_word_prefixes and walked only as far as the window.
  const several = terms.length > 1;
  const matches = several ? sql`SELECT * FROM matched` : allMatches(terms, docs);
  const found = several ? sql`matched AS MATERIALIZED (${allMatches(terms, docs, q.others)}), ` : sql``;
  // Public matches, less the hidden ones among them (few: looked up by id).
  const all = several ? sql`(SELECT count(*) FROM matched)` : wordCount(terms[0] as string[], words.prefix);
  const hidden = sql`(SELECT count(*) FROM spaces h WHERE h.id IN (${HIDDEN}) AND h.visibility = 'PUBLIC' AND ${sql.join(
    terms.map((list) => holds(list, sql.raw('h.views'), sql.raw('h.id'))),
    sql` AND `,
  )})`;
  let window: RawBuilder<unknown>;
  if (q.order === 'views') {
    window = sql`SELECT m.space_id FROM (${matches}) m WHERE m.space_id NOT IN (${HIDDEN}) ORDER BY m.views DESC, m.space_id DESC LIMIT ${w.limit} OFFSET ${w.offset}`;
  } else {
    // The pool: the first `pool` public matches in views order (hidden ones included, then left out, as on SQLite);
    // past it, enough of the rest for the window, in views order.
    const take = q.pool + w.offset + w.limit;
    window = sql`SELECT p.space_id FROM (
        SELECT m.views, m.space_id, m.score, row_number() OVER (ORDER BY m.views DESC, m.space_id DESC) AS rn
        FROM (SELECT * FROM (${matches}) m0 ORDER BY m0.views DESC, m0.space_id DESC LIMIT ${take}) m) p
      WHERE p.space_id NOT IN (${HIDDEN})
      ORDER BY p.rn > ${q.pool}, CASE WHEN p.rn <= ${q.pool} THEN p.score END DESC, p.views DESC, p.space_id DESC
      LIMIT ${w.limit} OFFSET ${w.offset}`;
  }
  // `row_number() OVER ()` numbers the window's rows as its ORDER BY gave them; the total comes along even for an empty window.
  const r = await sql<T & { _total: string; _o: string | null }>`WITH ${found}ids AS (SELECT w.space_id, row_number() OVER () AS o FROM (${window}) w)
    SELECT t.n AS "_total", ids.o AS "_o", ${columns} FROM (SELECT ${all} - ${hidden} AS n) t
    LEFT JOIN (ids JOIN spaces s ON s.id = ids.space_id) ON true ORDER BY ids.o`.execute(ctx.db);
  return { rows: r.rows.filter((row) => row._o !== null), total: Number(r.rows[0]?._total ?? 0) };
}
