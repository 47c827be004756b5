/**
 * Plain rules of owners' insight (issue 27), without zod: the charts in the browser and the server
 * share them. Days are UTC calendar days (`YYYY-MM-DD`); series are oldest first.
 */

/** Days in the long series (the chart's year). */
export const INSIGHT_DAYS = 365;
/** Days in the short series (the list's sparkline and the chart's month). */
export const INSIGHT_SHORT_DAYS = 30;
/** Most spaces one summary call answers. */
export const MAX_INSIGHT_IDS = 50;

const SPACE_PATH = /^\/discover\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?space\/([^/?#]+)\/?$/;

/** The model id of a space page's path (`/discover/space/{modelId}/`, any locale prefix), else null. */
export function modelIdOfSpacePath(path: string): string | null {
  const m = SPACE_PATH.exec(path);
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

/** The UTC calendar day of a time (`YYYY-MM-DD`). */
export const utcDay = (t: Date | string | number): string => new Date(t).toISOString().slice(0, 10);

/** The `count` UTC days ending with `last`, oldest first. */
export function dayRange(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, i) => utcDay(end - (count - 1 - i) * 86_400_000));
}

/** Sum of a series. */
export const total = (series: readonly number[]): number => series.reduce((s, n) => s + n, 0);
