import { describe, expect, it } from 'vitest';
import { addDays, countdown, dayParts, formatAppointment, formatMoney, formatSize, formatTime } from './format.ts';

describe('capture formats', () => {
  it('writes money from minor units', () => {
    expect(formatMoney({ amount: 34900, currency: 'USD' })).toBe('$349.00');
    expect(formatMoney({ amount: -1250, currency: 'USD' })).toBe('-$12.50');
    expect(formatMoney({ amount: 34900, currency: 'USD' }, { whole: true })).toBe('$349');
    expect(formatMoney({ amount: 34950, currency: 'USD' }, { whole: true })).toBe('$349.50');
  });

  it('writes sizes with the spec units', () => {
    expect(formatSize(1200, 'SQUARE_FT')).toBe('1,200 ft²');
    expect(formatSize(85.5, 'SQUARE_METER', 'long')).toBe('85.5 sq. meters');
  });

  it("shows times in the property's time zone, not the browser's", () => {
    const a = { start: '2026-11-26T22:00:00.000Z', end: '2026-11-27T00:00:00.000Z', timeZone: 'America/Los_Angeles' };
    expect(formatTime(a.start, a.timeZone)).toBe('2:00 PM');
    expect(formatAppointment(a)).toBe('Thursday, November 26, 2026, 2:00 PM – 4:00 PM PST');
    expect(formatTime(a.start, 'Asia/Tokyo')).toBe('7:00 AM');
  });

  it('walks calendar days and splits them for the day picker', () => {
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('2026-03-08', -7)).toBe('2026-03-01');
    expect(dayParts('2026-11-26')).toEqual({ weekday: 'Thu', day: '26', month: 'Nov', long: 'Thursday, November 26' });
  });

  it('counts the hold down and stops at zero', () => {
    const until = '2026-11-26T10:10:00.000Z';
    expect(countdown(until, Date.parse('2026-11-26T10:00:19.000Z'))).toBe('9:41');
    expect(countdown(until, Date.parse('2026-11-26T10:11:00.000Z'))).toBe('0:00');
  });
});
