import { describe, expect, it } from 'vitest';
import { filterQuery, isFiltered, matches, NO_FILTER, parseFilter, toggle, type FilterableApp } from './filter.ts';

const app: FilterableApp = {
  name: 'PlanForge',
  partnerName: 'Blueprint Labs',
  summary: 'Floor plans from any space in minutes',
  industries: ['real-estate', 'construction'],
  features: ['floor-plans', 'measurements'],
  keywords: ['Real estate', 'Floor plans'],
};

describe('marketplace filters', () => {
  it('round-trips through the query string, in a stable order', () => {
    const f = { q: ' plans ', industries: ['real-estate', 'insurance'], features: ['floor-plans'] };
    const q = filterQuery(f);
    expect(q).toBe('?q=plans&industry=insurance&industry=real-estate&feature=floor-plans');
    expect(parseFilter(q)).toEqual({ q: 'plans', industries: ['insurance', 'real-estate'], features: ['floor-plans'] });
    expect(filterQuery(NO_FILTER)).toBe('');
  });

  it('drops unknown and repeated values', () => {
    const f = parseFilter('?industry=real-estate&industry=real-estate&industry=nope&feature=x', { industries: ['real-estate'], features: [] });
    expect(f).toEqual({ q: '', industries: ['real-estate'], features: [] });
    expect(isFiltered(f)).toBe(true);
    expect(isFiltered(NO_FILTER)).toBe(false);
  });

  it('matches any chosen industry, every chosen feature and every search word', () => {
    expect(matches(app, { ...NO_FILTER, industries: ['insurance', 'construction'] })).toBe(true);
    expect(matches(app, { ...NO_FILTER, industries: ['insurance'] })).toBe(false);
    expect(matches(app, { ...NO_FILTER, features: ['floor-plans', 'measurements'] })).toBe(true);
    expect(matches(app, { ...NO_FILTER, features: ['floor-plans', 'listings'] })).toBe(false);
    expect(matches(app, { ...NO_FILTER, q: 'blueprint FLOOR' })).toBe(true);
    expect(matches(app, { ...NO_FILTER, q: 'réal estate' })).toBe(true);
    expect(matches(app, { ...NO_FILTER, q: 'rentals' })).toBe(false);
  });

  it('toggles a value', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });
});
