import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../../db/schema.ts';
import { timeOrderedId } from '../ids.ts';

/** A job's first retry waits about this long; each further one twice as long. */
export const JOB_BACKOFF_BASE_MS = 15_000;
/** No retry waits longer than this. */
export const JOB_BACKOFF_CAP_MS = 30 * 60 * 1000;
/** Claims a job gets before it is failed for good (a crashed claim counts too). */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** A job to queue. */
export interface NewJob {
  kind: string;
  payload: unknown;
  maxAttempts?: number;
}

/** A claimed job as a handler sees it. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  /** This claim, from 1. */
  attempt: number;
  maxAttempts: number;
  /** The results of the steps finished by earlier claims, by step name. */
  done: Record<string, unknown>;
}

/**
 * Queues a job in the caller's transaction (or on the database handle): it exists if and only if
 * the change that asked for it committed, like an outbox message.
 */
export async function enqueueJob(db: Kysely<Database>, job: NewJob, clock: Clock = systemClock): Promise<string> {
  const now = clock.now().toISOString();
  const id = `job_${timeOrderedId(clock.now().getTime())}`;
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      status: 'queued',
      step: null,
      state: JSON.stringify({ done: {} }),
      attempts: 0,
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      runAt: now,
      leaseOwner: null,
      leaseUntil: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    })
    .execute();
  return id;
}

/** How long to wait after the `attempt`-th failed claim: 15 s doubling, at most 30 minutes, ±20 % jitter. */
export function jobBackoff(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(JOB_BACKOFF_CAP_MS, JOB_BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.min(JOB_BACKOFF_CAP_MS, Math.round(exponential * (0.8 + 0.4 * random())));
}

/** A failure retrying cannot fix (the input is bad): the job fails at once with this message. */
export class PermanentJobError extends Error {}
