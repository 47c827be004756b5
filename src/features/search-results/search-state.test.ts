import { describe, expect, test } from 'vitest';
import { fill } from '../../shared/site/templates.ts';
import { isRefined, parseBounds, readState, writeState } from './search-state.ts';

describe('search page state in the address', () => {
  test('reads and writes every part; defaults stay out of the address', () => {
    const s = readState('?q=lighthouse&sort=views&tag=coast&tag=history&country=fr&camera=leica-blk360&view=map&page=3&area=-5,40,10,52.5');
    expect(s).toEqual({
      q: 'lighthouse',
      sort: 'views',
      tags: ['coast', 'history'],
      country: 'FR',
      camera: 'leica-blk360',
      view: 'map',
      page: 3,
      bounds: { west: -5, south: 40, east: 10, north: 52.5 },
    });
    expect(readState(writeState(s))).toEqual(s);
    expect(writeState(readState('?q=a&sort=relevance&view=grid&page=1'))).toBe('?q=a');
    expect(writeState(readState(''), '?utm=x')).toBe('?utm=x');
  });

  test('ignores what it does not know', () => {
    const s = readState('?sort=random&view=cards&page=-4&area=1,2,3&tag=&tag=a&tag=a');
    expect([s.sort, s.view, s.page, s.bounds, s.tags]).toEqual(['relevance', 'grid', 1, null, ['a']]);
    expect(parseBounds('0,10,1,5')).toBeNull();
    expect(isRefined(readState('?q=x'))).toBe(false);
    expect(isRefined(readState('?sort=newest'))).toBe(true);
  });

  test('fills templates and plural forms', () => {
    expect(fill('Did you mean {word}?', { word: 'lighthouse' })).toBe('Did you mean lighthouse?');
    const count = { one: '{n} space', other: '{n} spaces' };
    expect(fill(count, { count: 1 })).toBe('1 space');
    expect(fill(count, { count: 1234 })).toBe('1,234 spaces');
    expect(fill(count, { count: 1234 }, 'de')).toBe('1.234 spaces');
  });
});
