import { dayRange } from '../../domain/insight-rules.ts';

/**
 * The numbers behind an insight chart, kept apart from the drawing so they can be tested: the
 * points of a period (days for a month, weeks for a year), the axis ticks and the date labels.
 */

/** One bar: the first day it covers (UTC, `YYYY-MM-DD`), how many days, and its views. */
export interface ChartPoint {
  day: string;
  days: number;
  views: number;
}

/** The bars of a daily series ending `to`: one per day, or one per 7 days counted back from `to` when `perWeek` (the oldest may be shorter). */
export function chartPoints(daily: readonly number[], to: string, perWeek = false): ChartPoint[] {
  const days = dayRange(to, daily.length);
  if (!perWeek) return daily.map((views, i) => ({ day: days[i] as string, days: 1, views }));
  const out: ChartPoint[] = [];
  for (let end = daily.length; end > 0; end -= 7) {
    const start = Math.max(0, end - 7);
    out.unshift({ day: days[start] as string, days: end - start, views: daily.slice(start, end).reduce((s, n) => s + n, 0) });
  }
  return out;
}

/** Axis ticks from 0 to a round top at or above `max` (at most five steps of 1, 2 or 5 × 10^n). */
export function niceTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude) || 1;
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => Math.round(i * step * 1e6) / 1e6);
}

/** A UTC day as the page's language writes a short date (`3 Jun`, `6月3日`); with the year when `year`. */
export function formatDay(day: string, lang: string, year = false): string {
  const format = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC', ...(year ? { year: 'numeric' } : {}) });
  return format.format(new Date(`${day}T00:00:00.000Z`));
}

/** Indexes of the points that get an x-axis label: the first, the last and evenly between, about `count` in all. */
export function labelIndexes(length: number, count: number): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const step = (length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round(i * step)))];
}
