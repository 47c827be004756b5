/**
 * The one rate limiter (src/server/platform/rate-limit.ts): its memory and database stores decide
 * alike (fixed windows, points, retry-after), and the database store holds concurrent calls to
 * the limit on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/server/platform/clock.ts';
import { openTestDatabase, type TestDatabase } from '../../src/server/db/test-databases.ts';
import { databaseRateLimits, memoryRateLimits, type RateLimitStore } from '../../src/server/platform/rate-limit.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const RULE = { window: 60, max: 5 };
const stores: [string, (clock: TestClock) => RateLimitStore][] = [
  ['memory', (clock) => memoryRateLimits(clock)],
  ['database', (clock) => databaseRateLimits(database.db, clock)],
];

describe.each(stores)('the %s store', (name, make) => {
  it('allows max points per key and window, then refuses until the window is over', async () => {
    const clock = new TestClock('2030-01-01T00:00:00.000Z');
    const store = make(clock);
    const key = `${name}:a`;
    for (let i = 0; i < RULE.max; i++) expect(await store.consume(key, RULE)).toEqual({ allowed: true, retryAfter: null });
    clock.advance(20_000);
    expect(await store.consume(key, RULE)).toEqual({ allowed: false, retryAfter: 40 });
    // Another key counts on its own.
    expect((await store.consume(`${name}:b`, RULE)).allowed).toBe(true);
    // The window began at the first point: 60 s later the key starts afresh.
    clock.advance(40_000);
    expect((await store.consume(key, RULE)).allowed).toBe(true);
  });

  it('counts a call of several points as that many (refused calls count too)', async () => {
    const clock = new TestClock('2030-01-01T00:00:00.000Z');
    const store = make(clock);
    const key = `${name}:batch`;
    expect((await store.consume(key, RULE, 4)).allowed).toBe(true);
    expect((await store.consume(key, RULE, 2)).allowed).toBe(false);
    expect((await store.consume(key, RULE, 1)).allowed).toBe(false);
  });

  it('lets exactly max of many concurrent calls through', async () => {
    const store = make(new TestClock('2030-01-01T00:00:00.000Z'));
    const results = await Promise.all(Array.from({ length: 12 }, () => store.consume(`${name}:race`, RULE)));
    expect(results.filter((r) => r.allowed)).toHaveLength(RULE.max);
  });
});
