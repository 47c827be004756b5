import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely, Selectable } from 'kysely';
import { systemClock, type Clock } from '../clock.ts';
import { dialectOf } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import { jobBackoff, PermanentJobError, type ClaimedJob } from './jobs.ts';

type JobRow = Selectable<Database['jobs']>;

/** What a handler gets: the job, and `step()` to run a named step once across claims. */
export interface JobContext {
  job: ClaimedJob;
  /**
   * Runs `fn` as the step `name` unless an earlier claim finished it, in which case it answers that
   * claim's stored result (so results must be JSON). The step is recorded before it runs (the
   * owner sees it) and its result after it.
   */
  step: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
}

/** One kind of job: how to run it and what to do when it has failed for good. */
export interface JobKind {
  run(ctx: JobContext): Promise<void>;
  /** Called once, after the final failure (a permanent error or the last attempt). */
  onFailed?(job: ClaimedJob, message: string): Promise<void>;
}

/** How a worker is set up; everything but `db` and `kinds` has a default. */
export interface JobWorkerOptions {
  db: Kysely<Database>;
  kinds: Record<string, JobKind>;
  clock?: Clock;
  random?: () => number;
  /** How long a claim holds a job without a sign of life; a crashed worker's job is taken again after it. */
  leaseMs?: number;
  /** How often a started worker looks for due jobs when nobody woke it. */
  pollMs?: number;
  /** Jobs run at once by one worker. */
  concurrency?: number;
  owner?: string;
  onError?: (error: unknown) => void;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'Unknown error';

/**
 * Runs durable jobs from the `jobs` table. A claim is one statement: PostgreSQL picks the row with
 * `FOR UPDATE SKIP LOCKED` (replicas never wait on, nor take, each other's row), SQLite with an
 * `UPDATE … WHERE id = (SELECT …) RETURNING` (writes are serialised, so it is atomic). The claim
 * sets a lease that the worker renews while the job runs; a job whose lease ran out (its worker
 * died) is claimed again and resumes after the last step it finished.
 */
export class JobWorker {
  private readonly db: Kysely<Database>;
  private readonly kinds: Record<string, JobKind>;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly onError: (error: unknown) => void;
  /** This worker's name in `leaseOwner`. */
  readonly owner: string;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly active = new Set<Promise<unknown>>();

  constructor(o: JobWorkerOptions) {
    this.db = o.db;
    this.kinds = o.kinds;
    this.clock = o.clock ?? systemClock;
    this.random = o.random ?? Math.random;
    this.leaseMs = o.leaseMs ?? 60_000;
    this.pollMs = o.pollMs ?? 1000;
    this.concurrency = o.concurrency ?? 1;
    this.owner = o.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.onError = o.onError ?? ((error) => console.error('Job worker:', error));
  }

  /** Claims one due job and runs it to its end (done, retry later, or failed); false when none was due. */
  async runOnce(): Promise<boolean> {
    const row = await this.claim();
    if (!row) return false;
    await this.execute(row);
    return true;
  }

  /** Starts running jobs in the background (a look every `pollMs`, at once after `wake()`). */
  start(): this {
    if (this.running) return this;
    this.running = true;
    this.schedule(0);
    return this;
  }

  /** Asks a started worker to look for jobs now (one was just queued). */
  wake(): void {
    if (this.running) this.schedule(0);
  }

  /** Stops taking jobs and waits for those running; a job cut off later is resumed by the next claim. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.active]);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.fill();
    }, delayMs);
    this.timer.unref();
  }

  /** Claims jobs until the worker is full or none is due. */
  private async fill(): Promise<void> {
    try {
      while (this.running && this.active.size < this.concurrency) {
        const row = await this.claim();
        if (!row) break;
        const run = this.execute(row)
          .catch((error: unknown) => this.onError(error))
          .finally(() => {
            this.active.delete(run);
            if (this.running) this.schedule(0);
          });
        this.active.add(run);
      }
    } catch (error) {
      this.onError(error);
    }
    if (this.running && !this.timer) this.schedule(this.pollMs);
  }

  /** Takes the oldest due job in one atomic statement, or answers null. */
  private async claim(): Promise<JobRow | null> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + this.leaseMs).toISOString();
    const postgres = dialectOf(this.db) === 'postgres';
    const row = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        leaseOwner: this.owner,
        leaseUntil: until,
        updatedAt: nowIso,
      }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where((w) =>
            w.or([w.and([w('status', '=', 'queued'), w('runAt', '<=', nowIso)]), w.and([w('status', '=', 'running'), w('leaseUntil', '<=', nowIso)])]),
          )
          .orderBy('runAt')
          .orderBy('id')
          .limit(1)
          .$if(postgres, (q) => q.forUpdate().skipLocked()),
      )
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Runs a claimed job and records how it ended, if the claim is still ours. */
  private async execute(row: JobRow): Promise<void> {
    const state = parse<{ done?: Record<string, unknown> }>(row.state) ?? {};
    const job: ClaimedJob = {
      id: row.id,
      kind: row.kind,
      payload: parse(row.payload),
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      done: { ...(state.done ?? {}) },
    };
    const mine = () => this.db.updateTable('jobs').where('id', '=', job.id).where('leaseOwner', '=', this.owner).where('attempts', '=', job.attempt);
    const renew = () =>
      mine()
        .set({ leaseUntil: new Date(this.clock.now().getTime() + this.leaseMs).toISOString() })
        .execute();
    const kind = this.kinds[job.kind];
    // Claimed once too often (crashes count): fail it rather than crash a worker forever.
    if (job.attempt > job.maxAttempts || !kind) {
      const message = kind ? 'The job was interrupted too many times.' : `Nothing runs jobs of kind ${job.kind}.`;
      await this.finish(job, 'failed', message);
      await kind?.onFailed?.(job, message);
      return;
    }
    const heartbeat = setInterval(() => void renew().catch(this.onError), Math.max(1000, this.leaseMs / 3));
    heartbeat.unref();
    const ctx: JobContext = {
      job,
      step: async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
        if (name in job.done) return job.done[name] as T;
        const now = this.clock.now();
        await mine()
          .set({ step: name, updatedAt: now.toISOString(), leaseUntil: new Date(now.getTime() + this.leaseMs).toISOString() })
          .execute();
        const result = await fn();
        job.done[name] = result ?? null;
        await mine()
          .set({ state: JSON.stringify({ done: job.done }), updatedAt: this.clock.now().toISOString() })
          .execute();
        return result;
      },
    };
    let error: unknown;
    try {
      await kind.run(ctx);
    } catch (e) {
      error = e ?? new Error('The job failed.');
    } finally {
      clearInterval(heartbeat);
    }
    if (error === undefined) {
      await this.finish(job, 'done', null);
      return;
    }
    const message = errorText(error);
    if (error instanceof PermanentJobError || job.attempt >= job.maxAttempts) {
      if (await this.finish(job, 'failed', message)) await kind.onFailed?.(job, message);
      return;
    }
    const now = this.clock.now();
    await mine()
      .set({
        status: 'queued',
        lastError: message,
        leaseOwner: null,
        leaseUntil: null,
        runAt: new Date(now.getTime() + jobBackoff(job.attempt, this.random)).toISOString(),
        updatedAt: now.toISOString(),
      })
      .execute();
  }

  /** Marks the job final while the claim is ours; answers whether it was. */
  private async finish(job: ClaimedJob, status: 'done' | 'failed', lastError: string | null): Promise<boolean> {
    const now = this.clock.now().toISOString();
    const r = await this.db
      .updateTable('jobs')
      .set({ status, leaseOwner: null, leaseUntil: null, finishedAt: now, updatedAt: now, ...(lastError === null ? {} : { lastError }) })
      .where('id', '=', job.id)
      .where('leaseOwner', '=', this.owner)
      .where('attempts', '=', job.attempt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}

function parse<T = unknown>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
