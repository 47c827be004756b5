import { sql } from 'kysely';
import { systemClock, type Clock } from './clock.ts';
import type { Db } from '../db/db.ts';
import { newId } from './ids.ts';

/** A limit: at most `max` points (attempts, events) per key in `window` seconds. */
export interface RateRule {
  window: number;
  max: number;
}

/** What a store decided: allowed, or refused with the seconds until the key's window ends. */
export interface RateDecision {
  allowed: boolean;
  retryAfter: number | null;
}

/**
 * Where rate-limit counters live. Fixed windows: a key's window starts at its first point and lasts
 * `rule.window` seconds; a call adds its points (refused ones too) and is allowed while the window's
 * total stays within `rule.max`. The shape is better-auth's `rateLimit.customStorage`, so sign-in
 * counts in the same store as everything else.
 */
export interface RateLimitStore {
  consume(key: string, rule: RateRule, points?: number): Promise<RateDecision>;
}

/** The longest window a rule may have; counters older than this are deleted. */
export const MAX_WINDOW_SECONDS = 24 * 60 * 60;
/** How often a store deletes the counters of windows long over (ms). */
const PRUNE_EVERY_MS = 60_000;

/** The decision for a window that started at `start` and now holds `count` points. */
function decide(count: number, start: number, rule: RateRule, now: number): RateDecision {
  if (count <= rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((start + rule.window * 1000 - now) / 1000)) };
}

function checkRule(rule: RateRule): void {
  if (!(rule.window > 0 && rule.window <= MAX_WINDOW_SECONDS)) throw new Error(`Rate-limit window ${rule.window} s: use 1 s to ${MAX_WINDOW_SECONDS} s.`);
}

/** Counters in this process's memory: for a single process that need not keep them across restarts. */
export function memoryRateLimits(clock: Clock = systemClock): RateLimitStore {
  const windows = new Map<string, { start: number; end: number; count: number }>();
  let nextPrune = 0;
  return {
    consume(key, rule, points = 1) {
      checkRule(rule);
      const now = clock.now().getTime();
      if (now >= nextPrune) {
        nextPrune = now + PRUNE_EVERY_MS;
        for (const [k, w] of windows) if (w.end <= now) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || now - w.start >= rule.window * 1000) {
        w = { start: now, end: now + rule.window * 1000, count: 0 };
        windows.set(key, w);
      }
      w.count += points;
      return Promise.resolve(decide(w.count, w.start, rule, now));
    },
  };
}

/**
 * Counters in the database (the `auth_rate_limit` table), so limits hold across restarts and for
 * every API replica on the same database. One statement per call counts and decides: concurrent
 * calls cannot all pass on a stale read (PostgreSQL locks the row; SQLite writes serially).
 */
export function databaseRateLimits(db: Db, clock: Clock = systemClock): RateLimitStore {
  // better-auth's table (migration 002); `lastRequest` holds the window's start, in ms.
  const counters = db.kysely;
  let nextPrune = 0;
  return {
    async consume(key, rule, points = 1) {
      checkRule(rule);
      const now = clock.now().getTime();
      const expired = sql<boolean>`${sql.ref('auth_rate_limit.lastRequest')} <= ${now - rule.window * 1000}`;
      const row = await counters
        .insertInto('auth_rate_limit')
        .values({ id: newId(), key, count: points, lastRequest: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`CASE WHEN ${expired} THEN ${points} ELSE ${sql.ref('auth_rate_limit.count')} + ${points} END`,
            lastRequest: sql<number>`CASE WHEN ${expired} THEN ${now} ELSE ${sql.ref('auth_rate_limit.lastRequest')} END`,
          }),
        )
        .returning(['count', 'lastRequest'])
        .executeTakeFirstOrThrow();
      if (now >= nextPrune) {
        nextPrune = now + PRUNE_EVERY_MS;
        await counters
          .deleteFrom('auth_rate_limit')
          .where('lastRequest', '<', now - MAX_WINDOW_SECONDS * 1000)
          .execute();
      }
      return decide(Number(row.count), Number(row.lastRequest), rule, now);
    },
  };
}

const stores = new WeakMap<Db, RateLimitStore>();

/**
 * The one store every rate limit of an app counts in (sign-in, sign-up, forms, analytics): the
 * database's, so API replicas share it (ARCHITECTURE.md, "Scale-out plan"). One per database.
 */
export function rateLimitsOf(deps: { db: Db; clock?: Clock | undefined }): RateLimitStore {
  let store = stores.get(deps.db);
  if (!store) {
    store = databaseRateLimits(deps.db, deps.clock);
    stores.set(deps.db, store);
  }
  return store;
}
