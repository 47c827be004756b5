import { sql, type RawBuilder } from 'kysely';
import type { SearchPlan } from './typos.ts';

/** Columns of the spaces_fts table, in their declared order (bm25 weights follow it). */
export const FTS_COLUMNS = ['name', 'summary', 'description', 'tags', 'location'] as const;
/** @see FTS_COLUMNS */
export type FtsColumn = (typeof FTS_COLUMNS)[number];

/**
 * A space's row in spaces_fts has the rowid `public × 2⁶² + views × 2³² + spaces.rowid` (migration
 * 019; views capped at 2³⁰ − 1): the index's rowid order, descending, is PUBLIC spaces first, each
 * group in the views order (`views DESC, rowid DESC`), so a search walks its matches most viewed
 * first and can stop early. SQL for the space's rowid of an FTS rowid.
 */
export function ftsSpaceRowid(column = 'rowid'): RawBuilder<unknown> {
  return sql.raw(`(${column} & 4294967295)`);
}

/** SQL: the FTS rowid of the space (alias), as migration 019's triggers compute it. */
export function ftsKey(alias: string): RawBuilder<unknown> {
  return sql.raw(
    `((CASE WHEN ${alias}.visibility = 'PUBLIC' THEN 4611686018427387904 ELSE 0 END) + min(coalesce(${alias}.views, 0), 1073741823) * 4294967296 + ${alias}.rowid)`,
  );
}

/** SQL: the FTS rowids at or above this belong to PUBLIC spaces. */
export const FTS_PUBLIC_KEY = sql.raw('4611686018427387904');

/** bm25 weights per column: a hit in the name counts most, then tags, summary, location, description. */
export const FTS_WEIGHTS: Record<FtsColumn, number> = { name: 10, summary: 4, description: 1, tags: 6, location: 3 };

const MAX_TOKENS = 12;
const MAX_TOKEN_LENGTH = 64;

/** The words of a user's search text: letters, digits and combining marks; everything else separates. */
export function searchTokens(text: string): string[] {
  const tokens =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return tokens.slice(0, MAX_TOKENS).map((t) => t.slice(0, MAX_TOKEN_LENGTH));
}

/** Whether the visitor is still typing the text's last word (no space or punctuation after it). */
export function typingLastWord(text: string): boolean {
  return /[\p{L}\p{N}\p{M}]$/u.test(text.normalize('NFKC'));
}

/**
 * Turns free text into a safe FTS5 MATCH expression: every word quoted (so no operator, bracket,
 * quote or star the visitor types means anything), all words required, the last one matched as a
 * prefix while it is being typed. Limited to `columns` when not all of them. With a search plan
 * (./typos.ts), a word with corrections matches any of them: `("lighthuose" OR "lighthouse")`; without
 * one (or with `exact`), the words as typed. A known prefix is the few indexed words it begins (fast to
 * walk) unless `completions` is false: bm25 then scores the prefix as one term, as ranking needs (as
 * separate words, a rare completion such as "lofts" would outweigh "loft" in a name). Null when the
 * text has no word at all (the caller answers no matches).
 */
export function ftsMatchExpression(
  text: string,
  columns: readonly FtsColumn[] = FTS_COLUMNS,
  plan?: SearchPlan,
  exact = false,
  completions = true,
): string | null {
  const tokens = searchTokens(text);
  if (!tokens.length || !columns.length) return null;
  const typing = typingLastWord(text);
  const quote = (t: string, prefix: boolean) => `"${t.replaceAll('"', '""')}"${prefix ? '*' : ''}`;
  const terms = tokens.map((t, i) => {
    const word = plan?.words[i];
    const prefix = word ? word.prefix : i === tokens.length - 1 && typing && [...t].length >= 2;
    const alternatives = exact ? [] : (word?.alternatives ?? []);
    // A known prefix as the few words it begins, all of them (the plan has them only while the vocabulary is current).
    if (completions && prefix && !alternatives.length && word?.completions?.length) {
      const whole = word.completions.map((c) => quote(c, false));
      return whole.length === 1 ? (whole[0] as string) : `(${whole.join(' OR ')})`;
    }
    if (!alternatives.length) return quote(t, prefix);
    return `(${[t, ...alternatives].map((a) => quote(a, prefix)).join(' OR ')})`;
  });
  // FTS5 takes no implicit AND beside a parenthesised group ('(a OR b) "c"' is a syntax error).
  const body = terms.join(terms.some((t) => t.startsWith('(')) ? ' AND ' : ' ');
  return columns.length === FTS_COLUMNS.length ? body : `{${columns.join(' ')}} : (${body})`;
}

/** ts_rank weights `{D, C, B, A}`: description; summary and location; tags; name (the bm25 weights above, scaled to 1). */
export const PG_RANK_WEIGHTS = '{0.1, 0.4, 0.6, 1.0}';

/**
 * PostgreSQL's counterpart of ftsMatchExpression: the same words (searchTokens), all required, the
 * last one a prefix while it is being typed (two letters or more). `words` is the text for
 * `websearch_to_tsquery`, every word in double quotes so nothing the visitor types ("or", "-") is an
 * operator; `prefix` the text for `to_tsquery` (`'word':*`; a word holds only letters, digits and
 * marks, so it needs no escaping). With a search plan, words with corrections go to `alternatives`,
 * a `to_tsquery` text of `('lighthuose' | 'lighthouse')` groups. Null when the text has no word at all.
 */
export function pgSearchQuery(
  text: string,
  plan?: SearchPlan,
  exact = false,
): { words: string | null; prefix: string | null; alternatives: string | null } | null {
  const tokens = searchTokens(text);
  if (!tokens.length) return null;
  const last = tokens[tokens.length - 1] as string;
  const prefixed = typingLastWord(text) && [...last].length >= 2;
  const widened = (i: number) => (exact ? [] : (plan?.words[i]?.alternatives ?? []));
  const whole = tokens.filter((_, i) => !(prefixed && i === tokens.length - 1) && !widened(i).length);
  const groups = tokens.flatMap((t, i) => {
    const alternatives = widened(i);
    if (!alternatives.length) return [];
    const star = prefixed && i === tokens.length - 1 ? ':*' : '';
    return [`(${[t, ...alternatives].map((a) => `'${a}'${star}`).join(' | ')})`];
  });
  return {
    words: whole.length ? whole.map((t) => `"${t}"`).join(' ') : null,
    prefix: prefixed && !widened(tokens.length - 1).length ? `'${last}':*` : null,
    alternatives: groups.length ? groups.join(' & ') : null,
  };
}

/** The text of each searchable field of a space (alias `s`) as the search trigger indexes it (migration 011). */
const PG_COLUMN_TEXT: Record<FtsColumn, string> = {
  name: "coalesce(s.name, '')",
  summary: "coalesce(s.summary, '')",
  description: "coalesce(s.description, '')",
  tags: `translate(coalesce(s.tags, ''), '[]",', '    ')`,
  location: `concat_ws(' ', s.address, s.city, s.region, s."countryName")`,
};

/** The tsquery of a search (see pgSearchQuery), or null when it can match nothing. */
function pgQuery(text: string, plan: SearchPlan | undefined, exact: boolean): RawBuilder<unknown> | null {
  const parts = pgSearchQuery(text, plan, exact);
  if (!parts) return null;
  const terms: RawBuilder<unknown>[] = [];
  if (parts.words) terms.push(sql`websearch_to_tsquery('discover', ${parts.words})`);
  if (parts.prefix) terms.push(sql`to_tsquery('discover', ${parts.prefix})`);
  if (parts.alternatives) terms.push(sql`to_tsquery('discover', ${parts.alternatives})`);
  return sql.join(terms, sql` && `);
}

/**
 * PostgreSQL full-text search over spaces (alias `s`): the query joined as `f.q`, the conditions (the
 * GIN-indexed `search_vector` match, and when only some fields are searched, the match over those
 * fields' text, which the index has already narrowed), the relevance (ts_rank with the field weights,
 * length-normalized like bm25; higher is better) and, when the plan widened a rare word, `exact`: 0 for
 * spaces matching the words as typed, 1 for the others. Null when the text can match nothing.
 */
export function pgTextSearch(
  text: string,
  columns: readonly FtsColumn[] = FTS_COLUMNS,
  plan?: SearchPlan,
): { from: RawBuilder<unknown>; where: RawBuilder<unknown>[]; rank: RawBuilder<unknown>; exact: RawBuilder<unknown> | null } | null {
  const query = pgQuery(text, plan, false);
  if (!query || !columns.length) return null;
  const typed = plan?.mixed ? pgQuery(text, plan, true) : null;
  const from = sql`spaces s CROSS JOIN (SELECT ${query} AS q${typed ? sql`, ${typed} AS e` : sql``}) f`;
  const where: RawBuilder<unknown>[] = [sql`s.search_vector @@ f.q`];
  if (columns.length < FTS_COLUMNS.length) {
    const chosen = sql.raw(columns.map((c) => `to_tsvector('discover', ${PG_COLUMN_TEXT[c]})`).join(' || '));
    where.push(sql`(${chosen}) @@ f.q`);
  }
  return {
    from,
    where,
    rank: sql`ts_rank(${PG_RANK_WEIGHTS}, s.search_vector, f.q, 1)`,
    exact: typed ? sql`CASE WHEN s.search_vector @@ f.e THEN 0 ELSE 1 END` : null,
  };
}
