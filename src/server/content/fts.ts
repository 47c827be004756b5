/** Columns of the spaces_fts table, in their declared order (bm25 weights follow it). */
export const FTS_COLUMNS = ['name', 'summary', 'description', 'tags', 'location'] as const;
/** @see FTS_COLUMNS */
export type FtsColumn = (typeof FTS_COLUMNS)[number];

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

/**
 * Turns free text into a safe FTS5 MATCH expression: every word quoted (so no operator, bracket,
 * quote or star the visitor types means anything), all words required, the last one matched as a
 * prefix while it is being typed. Limited to `columns` when not all of them. Null when the text has
 * no word at all (the caller answers no matches).
 */
export function ftsMatchExpression(text: string, columns: readonly FtsColumn[] = FTS_COLUMNS): string | null {
  const tokens = searchTokens(text);
  if (!tokens.length || !columns.length) return null;
  const typingLastWord = /[\p{L}\p{N}\p{M}]$/u.test(text.normalize('NFKC'));
  const terms = tokens.map((t, i) => {
    const quoted = `"${t.replaceAll('"', '""')}"`;
    return i === tokens.length - 1 && typingLastWord && [...t].length >= 2 ? `${quoted}*` : quoted;
  });
  const body = terms.join(' ');
  return columns.length === FTS_COLUMNS.length ? body : `{${columns.join(' ')}} : (${body})`;
}
