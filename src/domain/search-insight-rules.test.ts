import { describe, expect, it } from 'vitest';
import { normalizeQuery, periodDays, periodStart } from './search-insight-rules.ts';

describe('search insight rules', () => {
  it('counts spellings that differ in case, accents or spaces as one query', () => {
    for (const q of ['Château Noir', '  chateau   noir ', 'CHÂTEAU\tNOIR', 'château noir']) expect(normalizeQuery(q)).toBe('chateau noir');
    expect(normalizeQuery('Zürich')).toBe(normalizeQuery('zurich'));
    expect(normalizeQuery('castle')).not.toBe(normalizeQuery('castles'));
  });

  it('counts both ends of a period', () => {
    expect(periodStart('2030-03-10', 7)).toBe('2030-03-04');
    expect(periodStart('2030-03-01', 30)).toBe('2030-01-31');
    expect(periodDays('2030-03-04', '2030-03-10')).toBe(7);
    expect(periodDays('2030-03-10', '2030-03-10')).toBe(1);
  });
});
