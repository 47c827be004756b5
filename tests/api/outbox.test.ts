/**
 * The outbox dispatcher against a real database and a test clock: retries with backoff, giving up
 * after 24 hours, claims that expire when a process dies, and no second delivery of a delivered
 * message after a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { TestClock } from '../../src/server/platform/clock.ts';
import { migrate, openDb, type Db } from '../../src/server/db/db.ts';
import { dropTestDatabase, openTestDatabase } from '../../src/server/db/test-databases.ts';
import { OutboxDispatcher, type Deliverer } from '../../src/server/platform/outbox/dispatcher.ts';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  GIVE_UP_AFTER_MS,
  backoffDelay,
  enqueue,
  PermanentDeliveryError,
  type OutboxDelivery,
} from '../../src/server/platform/outbox/outbox.ts';

const T0 = '2030-03-01T12:00:00.000Z';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A database engine the dispatcher runs on: `fresh()` an empty outbox, `reopen()` a new connection (a restarted process) to the same data. */
interface Engine {
  name: string;
  fresh(): Promise<Db>;
  reopen(): Promise<Db>;
}

/** SQLite: a new file per test. */
function sqliteEngine(): Engine {
  let file = '';
  return {
    name: 'SQLite',
    async fresh() {
      const dir = mkdtempSync(join(tmpdir(), 'discover-outbox-'));
      dirs.push(dir);
      file = join(dir, 'outbox.sqlite');
      const db = track(openDb(file));
      await migrate(db);
      return db;
    },
    reopen: () => Promise.resolve(track(openDb(file))),
  };
}

/** PostgreSQL on TEST_POSTGRES_URL's server: a fresh database per test (src/server/db/test-databases.ts). */
function postgresEngine(): Engine {
  let url = '';
  return {
    name: 'PostgreSQL',
    async fresh() {
      const t = await openTestDatabase();
      const made = t.url ?? '';
      url = made;
      dropLater.push(() => dropTestDatabase(made));
      return track(t.db);
    },
    reopen: () => Promise.resolve(track(openDb(url))),
  };
}
/** The test databases to drop after each test. */
const dropLater: (() => Promise<void>)[] = [];

/** Every connection a test opened, closed after it (once, even when the test closed it to play a crash). */
const opened: Db[] = [];
function track(db: Db): Db {
  let closing: Promise<void> | undefined;
  const close = db.close.bind(db);
  const tracked = { ...db, close: () => (closing ??= close()) };
  opened.push(tracked);
  return tracked;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
  for (const drop of dropLater.splice(0)) await drop().catch(() => undefined);
});

const POSTGRES_URL = process.env['TEST_POSTGRES_URL'];
const engines: Engine[] = [sqliteEngine(), ...(POSTGRES_URL ? [postgresEngine()] : [])];

/** Queues one webhook-kind message in its own transaction. */
const queue = (db: Db, clock: TestClock, topic = 'test.message') =>
  db.kysely
    .transaction()
    .execute((tx) => enqueue(tx, { kind: 'webhook', topic, webhook: { url: 'http://127.0.0.1:9/', secret: 'whsec_x', body: { topic } } }, clock));

const row = (db: Db, id: string) => db.kysely.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A deliverer that records every call and answers as told. */
function recorder(answer: (d: OutboxDelivery, n: number) => void | Promise<void> = () => undefined) {
  const calls: OutboxDelivery[] = [];
  const deliver: Deliverer = async (d) => {
    calls.push(d);
    await answer(d, calls.length);
  };
  return { calls, deliver };
}

const dispatcher = (db: Db, clock: TestClock, webhook: Deliverer, extra: Partial<ConstructorParameters<typeof OutboxDispatcher>[0]> = {}) =>
  new OutboxDispatcher({ db: db.kysely, clock, deliverers: { webhook }, random: () => 0.5, onError: (e) => expect.fail(String(e)), ...extra });

describe('backoff', () => {
  test('doubles from 10 s per attempt and stops growing at an hour', () => {
    const mid = () => 0.5; // no jitter
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map((n) => backoffDelay(n, mid) / 1000)).toEqual([10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600]);
  });

  test('jitter stays within ±20 % and never passes the cap', () => {
    expect(backoffDelay(1, () => 0)).toBe(BACKOFF_BASE_MS * 0.8);
    expect(backoffDelay(1, () => 0.999999)).toBeLessThanOrEqual(BACKOFF_BASE_MS * 1.2);
    expect(backoffDelay(3, () => 0.999999)).toBeGreaterThan(BACKOFF_BASE_MS * 4 * 1.19);
    expect(backoffDelay(30, () => 0.999999)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(30, () => 0)).toBe(BACKOFF_CAP_MS * 0.8);
  });
});

describe.each(engines)('outbox dispatcher on $name', (engine) => {
  const freshDb = () => engine.fresh();
  test('a message queued in a transaction that rolls back never exists', async () => {
    const db = await freshDb();
    const clock = new TestClock(T0);
    await expect(
      db.kysely.transaction().execute(async (tx) => {
        await enqueue(tx, { kind: 'email', topic: 'welcome', email: { to: 'a@example.com', subject: 'Hi', text: 'Hello' } }, clock);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.kysely.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  test('a failed attempt is retried after its backoff, and the log keeps attempts and the last error', async () => {
    const db = await freshDb();
    const clock = new TestClock(T0);
    const r = recorder((_d, n) => {
      if (n < 3) throw new Error(`HTTP 503: busy (${n})`);
    });
    const d = dispatcher(db, clock, r.deliver);
    const id = await queue(db, clock);

    expect(await d.runOnce()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    let m = await row(db, id);
    expect(m).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 503: busy (1)', lastAttemptAt: T0, claimedBy: null });
    expect(m.nextAttemptAt).toBe(new Date(Date.parse(T0) + 10_000).toISOString());

    // Not due yet: nothing happens.
    clock.advance(9_999);
    expect(await d.runOnce()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(r.calls).toHaveLength(1);

    clock.advance(1);
    expect(await d.runOnce()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    m = await row(db, id);
    expect(m).toMatchObject({ attempts: 2, lastError: 'HTTP 503: busy (2)' });
    expect(Date.parse(m.nextAttemptAt ?? '') - clock.now().getTime()).toBe(20_000);

    clock.advance(20_000);
    expect(await d.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    m = await row(db, id);
    expect(m).toMatchObject({ status: 'delivered', attempts: 3, deliveredAt: clock.now().toISOString(), nextAttemptAt: null, lastError: 'HTTP 503: busy (2)' });
    expect(r.calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(new Set(r.calls.map((c) => c.id))).toEqual(new Set([id]));

    // Delivered is final.
    clock.advance(GIVE_UP_AFTER_MS);
    expect(await d.runOnce()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(r.calls).toHaveLength(3);
  });

  test('retries follow the backoff schedule for 24 hours, the last at the 24-hour mark, then the message is failed', async () => {
    const db = await freshDb();
    const clock = new TestClock(T0);
    const r = recorder(() => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:9');
    });
    const d = dispatcher(db, clock, r.deliver);
    const id = await queue(db, clock);
    const times: number[] = [];
    for (let guard = 0; guard < 100; guard++) {
      const m = await row(db, id);
      if (m.status !== 'pending') break;
      clock.set(m.nextAttemptAt ?? '');
      times.push(clock.now().getTime() - Date.parse(T0));
      await d.runOnce();
    }
    const m = await row(db, id);
    expect(m).toMatchObject({ status: 'failed', lastError: 'connect ECONNREFUSED 127.0.0.1:9', nextAttemptAt: null });
    // 10 s, 20 s, … doubling to an hour, then hourly; the last attempt exactly 24 hours after the message was queued.
    const gaps = times.slice(1).map((t, i) => (t - (times[i] as number)) / 1000);
    expect(gaps.slice(0, 10)).toEqual([10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600]);
    expect(gaps.slice(10, -1).every((g) => g === 3600)).toBe(true);
    expect(times.at(-1)).toBe(GIVE_UP_AFTER_MS);
    expect(m.attempts).toBe(times.length);
    // 10 while the wait doubles (up to 1 h 25 min in), 22 hourly, and the last at the 24-hour mark.
    expect(m.attempts).toBe(33);
    // Failed is final.
    clock.advance(GIVE_UP_AFTER_MS);
    await d.runOnce();
    expect(r.calls).toHaveLength(33);
  });

  test('a permanent error fails the message at once; an unknown kind too', async () => {
    const db = await freshDb();
    const clock = new TestClock(T0);
    const d = dispatcher(db, clock, () => Promise.reject(new PermanentDeliveryError('The stored webhook has no url.')));
    const a = await queue(db, clock);
    const b = await db.kysely
      .transaction()
      .execute((tx) => enqueue(tx, { kind: 'email', topic: 'x', email: { to: 'a@example.com', subject: 's', text: 't' } }, clock));
    expect(await d.runOnce()).toEqual({ delivered: 0, retrying: 0, failed: 2 });
    expect(await row(db, a)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'The stored webhook has no url.' });
    expect(await row(db, b)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Nothing delivers messages of kind email.' });
  });

  test('after a crash, a restarted dispatcher delivers only what was unfinished, once the dead claim expires', async () => {
    const clock = new TestClock(T0);
    let db = await freshDb();
    const done = await queue(db, clock, 'done');
    const interrupted = await queue(db, clock, 'interrupted');
    const waiting = await queue(db, clock, 'waiting');

    // The first process delivers `done`, is in the middle of `interrupted` when it dies, and never reaches `waiting`.
    const first = recorder((d) => (d.topic === 'interrupted' ? new Promise<void>(() => undefined) : undefined));
    const dead = dispatcher(db, clock, first.deliver, { batchSize: 2, leaseMs: 60_000 });
    void dead.runOnce();
    await waitUntil(async () => (await row(db, done)).status === 'delivered');
    expect(first.calls.map((c) => c.topic)).toEqual(['done', 'interrupted']);
    expect(await row(db, interrupted)).toMatchObject({ status: 'pending', attempts: 1, claimedBy: dead.owner });
    await db.close();

    // The restart: a new process on the same database.
    db = await engine.reopen();
    const second = recorder();
    const restarted = dispatcher(db, clock, second.deliver, { leaseMs: 60_000 });
    expect(await restarted.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(second.calls.map((c) => c.topic)).toEqual(['waiting']);

    clock.advance(60_000);
    expect(await restarted.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(second.calls.map((c) => c.topic)).toEqual(['waiting', 'interrupted']);
    expect(second.calls[1]?.attempt).toBe(2);

    clock.advance(GIVE_UP_AFTER_MS);
    expect(await restarted.runOnce()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(second.calls.map((c) => c.topic)).not.toContain('done');
    for (const id of [done, interrupted, waiting]) expect((await row(db, id)).status).toBe('delivered');
    await db.close();
  });

  test('a dispatcher that outlived its claim cannot overwrite the record of the one that took over', async () => {
    const clock = new TestClock(T0);
    const db = await freshDb();
    const id = await queue(db, clock);
    let release: () => void = () => undefined;
    const slow = dispatcher(db, clock, () => new Promise<void>((ok) => (release = () => ok())), { leaseMs: 1000, owner: 'slow' });
    const slowRound = slow.runOnce();
    await waitUntil(async () => (await row(db, id)).claimedBy === 'slow');
    clock.advance(1000);
    const fast = dispatcher(db, clock, () => Promise.reject(new Error('HTTP 500')), { owner: 'fast' });
    expect(await fast.runOnce()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    release();
    await slowRound;
    expect(await row(db, id)).toMatchObject({ status: 'pending', attempts: 2, lastError: 'HTTP 500' });
  });

  test('two dispatchers on one database deliver each message once', async () => {
    const clock = new TestClock(T0);
    const a = await freshDb();
    const b = await engine.reopen();
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await queue(a, clock, `m${i}`));
    const seen: string[] = [];
    const deliver: Deliverer = async (d) => {
      await new Promise((ok) => setTimeout(ok, 1));
      seen.push(d.id);
    };
    const rounds = await Promise.all([dispatcher(a, clock, deliver, { batchSize: 50 }).runOnce(), dispatcher(b, clock, deliver, { batchSize: 50 }).runOnce()]);
    expect(rounds.reduce((n, r) => n + r.delivered, 0)).toBe(30);
    expect(seen.sort()).toEqual([...ids].sort());
    await a.close();
    await b.close();
  });

  test('a started dispatcher delivers what is queued and stops cleanly', async () => {
    const db = await freshDb();
    const clock = new TestClock(T0);
    const r = recorder();
    const d = dispatcher(db, clock, r.deliver, { pollMs: 20 }).start();
    const id = await queue(db, clock);
    d.wake();
    await waitUntil(async () => (await row(db, id)).status === 'delivered');
    await d.stop();
    await queue(db, clock);
    await new Promise((ok) => setTimeout(ok, 60));
    expect(r.calls).toHaveLength(1);
  });
});

/** Polls until the condition holds (2 s at most). */
async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((ok) => setTimeout(ok, 10));
  }
  throw new Error('Timed out waiting.');
}
