/**
 * The durable job queue (src/server/platform/jobs) on the run's backend (SQLite here, PostgreSQL in
 * the pg project): two workers on two connections never run one job twice, a job whose worker died
 * mid-way is taken again once its lease runs out and resumes after its last finished step, failures
 * back off and end failed after the last attempt.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { TestClock } from '../../src/server/platform/clock.ts';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { openTestDatabase } from '../../src/server/db/test-databases.ts';
import { enqueueJob, PermanentJobError } from '../../src/server/platform/jobs/jobs.ts';
import { JobWorker, type JobKind } from '../../src/server/platform/jobs/worker.ts';

const dirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Two connections to one fresh database: two replicas of the server. */
async function twoReplicas(): Promise<[Db, Db]> {
  const dir = mkdtempSync(join(tmpdir(), 'discover-jobs-'));
  dirs.push(dir);
  const t = await openTestDatabase(process.env['TEST_POSTGRES_URL'] ? undefined : join(dir, 'jobs.sqlite'));
  cleanups.push(() => t.close());
  const other = openDb(t.url ?? join(dir, 'jobs.sqlite'));
  cleanups.push(() => other.close());
  return [t.db, other];
}

const row = (db: Db, id: string) => db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const worker = (db: Db, clock: TestClock, kinds: Record<string, JobKind>, owner: string) =>
  new JobWorker({ db: db.kysely, clock, kinds, owner, random: () => 0.5, leaseMs: 60_000, onError: (e) => expect.fail(String(e)) });

describe('jobs', () => {
  test('two workers on two connections run each of 30 jobs exactly once', async () => {
    const [a, b] = await twoReplicas();
    const clock = new TestClock('2030-05-01T10:00:00.000Z');
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await enqueueJob(a.kysely, { kind: 'count', payload: { i } }, clock));
    const runs: string[] = [];
    const kinds = (who: string): Record<string, JobKind> => ({
      count: {
        async run({ job }) {
          runs.push(`${job.id} ${who}`);
          await new Promise((r) => setTimeout(r, 2));
        },
      },
    });
    const drain = async (w: JobWorker) => {
      while (await w.runOnce());
    };
    await Promise.all([drain(worker(a, clock, kinds('a'), 'a')), drain(worker(b, clock, kinds('b'), 'b')), drain(worker(b, clock, kinds('c'), 'c'))]);
    const ran = runs.map((r) => r.split(' ')[0]);
    expect(ran.toSorted()).toEqual(ids.toSorted());
    expect(new Set(ran).size).toBe(30);
    const statuses = await a.kysely.selectFrom('jobs').select(['status', 'attempts']).execute();
    expect(statuses.every((s) => s.status === 'done' && s.attempts === 1)).toBe(true);
  });

  test('a job whose worker died mid-way is taken again after its lease and resumes at the step it reached', async () => {
    const [a, b] = await twoReplicas();
    const clock = new TestClock('2030-05-01T10:00:00.000Z');
    const id = await enqueueJob(a.kysely, { kind: 'steps', payload: null }, clock);
    const calls: string[] = [];
    let crash = true;
    const steps: JobKind = {
      async run({ step }) {
        const made = await step('validate', () => {
          calls.push('validate');
          return Promise.resolve({ vertices: 42 });
        });
        await step('optimize', async () => {
          calls.push(`optimize ${made.vertices}`);
          // The first worker "dies" here: its promise never settles and it renews no lease.
          if (crash) await new Promise(() => undefined);
        });
      },
    };
    const first = worker(a, clock, { steps }, 'first');
    void first.runOnce();
    await expect.poll(() => calls.length).toBe(2);
    expect((await row(a, id)).step).toBe('optimize');
    crash = false;
    const second = worker(b, clock, { steps }, 'second');
    expect(await second.runOnce()).toBe(false); // the lease still holds
    clock.advance(61_000);
    expect(await second.runOnce()).toBe(true);
    expect(calls).toEqual(['validate', 'optimize 42', 'optimize 42']);
    const done = await row(a, id);
    expect(done).toMatchObject({ status: 'done', attempts: 2, step: 'optimize', leaseOwner: null });
  });

  test('a failure is retried after a backoff; a permanent one fails at once and tells the kind', async () => {
    const [db] = await twoReplicas();
    const clock = new TestClock('2030-05-01T10:00:00.000Z');
    const failed: string[] = [];
    let n = 0;
    const kinds: Record<string, JobKind> = {
      flaky: {
        run: () => Promise.reject(new Error(++n < 3 ? 'busy' : 'still busy')),
        onFailed: (job, message) => Promise.resolve(void failed.push(`${job.id} ${message}`)),
      },
      bad: {
        run: () => Promise.reject(new PermanentJobError('The model’s file is damaged.')),
        onFailed: (job, m) => Promise.resolve(void failed.push(`${job.id} ${m}`)),
      },
    };
    const flaky = await enqueueJob(db.kysely, { kind: 'flaky', payload: null, maxAttempts: 3 }, clock);
    const w = worker(db, clock, kinds, 'w');
    expect(await w.runOnce()).toBe(true);
    expect(await row(db, flaky)).toMatchObject({ status: 'queued', lastError: 'busy', runAt: '2030-05-01T10:00:15.000Z' });
    expect(await w.runOnce()).toBe(false);
    clock.advance(15_000);
    expect(await w.runOnce()).toBe(true);
    clock.advance(30_000);
    expect(await w.runOnce()).toBe(true);
    expect(await row(db, flaky)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'still busy' });
    const bad = await enqueueJob(db.kysely, { kind: 'bad', payload: null }, clock);
    expect(await w.runOnce()).toBe(true);
    expect(await row(db, bad)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed).toEqual([`${flaky} still busy`, `${bad} The model’s file is damaged.`]);
  });
});
