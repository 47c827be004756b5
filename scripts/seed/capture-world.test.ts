import { describe, expect, it } from 'vitest';
import { demoVisitStart } from './capture-world.ts';

const HOUR = 3_600_000;
const LA = 'America/Los_Angeles';
const dateIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

describe("the demo technician's visit of today", () => {
  it('starts two hours from now, on the half hour, when that is still today in San Francisco', () => {
    const now = new Date('2026-11-27T20:10:00Z'); // 12:10 there
    expect(demoVisitStart(now, 2 * HOUR, LA).toISOString()).toBe('2026-11-27T22:00:00.000Z');
  });

  it('takes the last half hour of the day there when two hours from now is already tomorrow there', () => {
    const now = new Date('2026-11-27T06:20:00Z'); // 22:20 on the 26th there
    const start = demoVisitStart(now, 2 * HOUR, LA);
    expect(dateIn(start, LA)).toBe(dateIn(now, LA));
    expect(start.toISOString()).toBe('2026-11-27T07:30:00.000Z'); // 23:30 there
  });

  it('has begun already when the world is seeded in the day’s last minutes there', () => {
    const now = new Date('2026-11-27T07:55:00Z'); // 23:55 there
    const start = demoVisitStart(now, 2 * HOUR, LA);
    expect(dateIn(start, LA)).toBe('2026-11-26');
    expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('leaves the other visits where the offset puts them', () => {
    const now = new Date('2026-11-27T06:20:00Z');
    expect(demoVisitStart(now, 3 * 24 * HOUR, null).toISOString()).toBe('2026-11-30T06:30:00.000Z');
  });
});
