import { test, expect } from 'vitest';
import { createRng, hashSeed } from './prng.ts';

test('same seed -> same sequence; different seed -> different', () => {
  const a = createRng(42);
  const b = createRng(42);
  const c = createRng(43);
  const sa = Array.from({ length: 20 }, () => a.next());
  expect(Array.from({ length: 20 }, () => b.next())).toEqual(sa);
  expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(sa);
  for (const v of sa) expect(v >= 0 && v < 1).toBe(true);
});

test('helpers', () => {
  const r = createRng(7);
  for (let i = 0; i < 1000; i++) {
    const v = r.int(3, 6);
    expect(v >= 3 && v <= 6 && Number.isInteger(v)).toBe(true);
  }
  const arr = [1, 2, 3, 4, 5, 6, 7, 8];
  const many = r.pickMany(arr, 5);
  expect(new Set(many).size).toBe(5);
  expect(r.pickMany(arr, 99)).toHaveLength(8);
  const sh = r.shuffle(arr);
  expect([...sh].sort()).toEqual(arr);
  expect(arr).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(r.id(12)).toMatch(/^[A-Za-z0-9]{12}$/);
  expect(r.id(6, 'ab')).toMatch(/^[ab]{6}$/);
  expect(r.chance(0)).toBe(false);
  expect(r.chance(1)).toBe(true);
  expect(() => r.pick([])).toThrow();
  expect(hashSeed('abc')).toBe(hashSeed('abc'));
});
