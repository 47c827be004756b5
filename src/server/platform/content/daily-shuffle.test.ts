import { expect, test } from 'vitest';
import { dailyShuffle } from './daily-shuffle.ts';

const items = Array.from({ length: 20 }, (_, i) => ({ id: `t${i}` }));

test('the same day gives the same order; it keeps every item', () => {
  const a = dailyShuffle(items, (x) => x.id, new Date('2026-11-22T01:00:00Z'));
  const b = dailyShuffle(items, (x) => x.id, new Date('2026-11-22T23:00:00Z'));
  expect(a).toEqual(b);
  expect([...a].sort((x, y) => Number(x.id.slice(1)) - Number(y.id.slice(1)))).toEqual(items);
});

test('another day gives another order', () => {
  const a = dailyShuffle(items, (x) => x.id, new Date('2026-11-22T12:00:00Z'));
  const b = dailyShuffle(items, (x) => x.id, new Date('2026-11-23T12:00:00Z'));
  expect(a).not.toEqual(b);
});
