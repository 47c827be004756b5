/**
 * Plain rules of the console's search insights (issue 25), without zod: the server's report and
 * the console's period picker share them. Days are UTC calendar days (`YYYY-MM-DD`).
 */

/** The preset periods of the picker, in days ending today. */
export const SEARCH_INSIGHT_PERIODS = [7, 30, 90] as const;
/** The period the screen opens with. */
export const DEFAULT_SEARCH_INSIGHT_DAYS = 30;
/** The longest period one report covers. */
export const MAX_SEARCH_INSIGHT_DAYS = 366;
/** Rows in each of the report's tables. */
export const SEARCH_INSIGHT_ROWS = 50;
/** Queries listed under each clicked result. */
export const QUERIES_PER_RESULT = 5;

/**
 * The form under which searches count together: accents and case ignored, runs of whitespace one
 * space, trimmed ("  Château  Noir" and "chateau noir" are one query).
 */
export function normalizeQuery(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The UTC day `days - 1` days before `last` (a period of `days` days ending with `last`). */
export function periodStart(last: string, days: number): string {
  const d = new Date(`${last}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() - (days - 1));
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / 86_400_000) + 1;
}
