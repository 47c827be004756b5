import { describe, expect, it } from 'vitest';
import { chartPoints, formatDay, labelIndexes, niceTicks } from './chart-data.ts';

describe('insight chart data', () => {
  it('makes one bar per day, or per week counted back from the last day', () => {
    const daily = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(chartPoints(daily, '2026-06-10').map((p) => [p.day, p.views])).toEqual(daily.map((v, i) => [`2026-06-${String(i + 1).padStart(2, '0')}`, v]));
    expect(chartPoints(daily, '2026-06-10', true)).toEqual([
      { day: '2026-06-01', days: 3, views: 6 },
      { day: '2026-06-04', days: 7, views: 49 },
    ]);
    expect(chartPoints(new Array(365).fill(1), '2026-06-10', true)).toHaveLength(53);
  });

  it('rounds the axis up to steps of 1, 2 or 5', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('writes days in the page language, in UTC', () => {
    expect(formatDay('2026-06-03', 'en')).toBe('Jun 3');
    expect(formatDay('2026-06-03', 'de')).toBe('3. Juni');
    expect(formatDay('2026-06-03', 'en-GB', true)).toBe('3 Jun 2026');
  });

  it('labels the first and last points and some between', () => {
    expect(labelIndexes(30, 5)).toEqual([0, 7, 15, 22, 29]);
    expect(labelIndexes(3, 5)).toEqual([0, 1, 2]);
  });
});
