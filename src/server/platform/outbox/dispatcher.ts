import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../clock.ts';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { ContentEvents } from '../events.ts';
import { createMailer, type Mailer, type MailMessage } from '../mail/mailer.ts';
import { envEndpoints, webhookTargets } from '../../modules/webhooks/content-webhooks.ts';
import { webhookDeliverer } from '../../modules/webhooks/deliver-webhook.ts';
import { backoffDelay, PermanentDeliveryError, type OutboxDelivery } from './outbox.ts';

/** Delivers one claimed message; throwing makes the attempt a failure (retried unless `PermanentDeliveryError`). */
export type Deliverer = (delivery: OutboxDelivery) => Promise<void>;

/** How a dispatcher is set up; everything but `db` and `deliverers` has a default. */
export interface DispatcherOptions {
  db: Kysely<Database>;
  /** One deliverer per message kind (`webhook`, `email`). */
  deliverers: Record<string, Deliverer>;
  clock?: Clock;
  /** 0 ≤ n < 1, for the retry jitter; tests fix it. */
  random?: () => number;
  /** How long a claim holds a message; a dispatcher that died lets it go after this. Longer than any one delivery. */
  leaseMs?: number;
  /** Messages claimed per round. */
  batchSize?: number;
  /** How often a started dispatcher looks for due messages when nobody woke it. */
  pollMs?: number;
  /** Who this dispatcher is in `claimedBy`. */
  owner?: string;
  /** Where failures of the dispatcher itself (not of a delivery) are reported. */
  onError?: (error: unknown) => void;
  /** Runs once `stop()` has waited for the last round (closing a mailer's connections). */
  onStop?: () => void;
}

/** What one round did. */
export interface RoundResult {
  delivered: number;
  retrying: number;
  failed: number;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'Unknown error';

/**
 * The one dispatcher for everything in the outbox. Each round claims due messages with a
 * compare-and-set on the row (safe with several dispatchers, on SQLite and PostgreSQL), delivers
 * them, and records the outcome: delivered; or the error and the next attempt (exponential
 * backoff with jitter, capped); or failed once the message's 24 hours are over. A claim expires
 * after `leaseMs`, so messages a crashed process held are delivered by the next round anywhere;
 * a message marked delivered is never claimed again.
 */
export class OutboxDispatcher {
  private readonly db: Kysely<Database>;
  private readonly deliverers: Record<string, Deliverer>;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly onError: (error: unknown) => void;
  private readonly onStop: (() => void) | undefined;
  /** This dispatcher's name in `claimedBy`. */
  readonly owner: string;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> = Promise.resolve();
  private wakeAgain = false;

  constructor(o: DispatcherOptions) {
    this.db = o.db;
    this.deliverers = o.deliverers;
    this.clock = o.clock ?? systemClock;
    this.random = o.random ?? Math.random;
    this.leaseMs = o.leaseMs ?? 120_000;
    this.batchSize = o.batchSize ?? 20;
    this.pollMs = o.pollMs ?? 1000;
    this.owner = o.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.onError = o.onError ?? ((error) => console.error('Outbox dispatcher:', error));
    this.onStop = o.onStop;
  }

  /** Claims the messages due now and delivers them, all at once; answers what became of them. */
  async runOnce(): Promise<RoundResult> {
    const result: RoundResult = { delivered: 0, retrying: 0, failed: 0 };
    const claimed = await this.claim();
    await Promise.all(
      claimed.map(async (d) => {
        result[await this.deliver(d)] += 1;
      }),
    );
    return result;
  }

  /** Starts delivering in the background: a round every `pollMs`, and at once after `wake()`. */
  start(): this {
    if (this.running) return this;
    this.running = true;
    this.schedule(0);
    return this;
  }

  /** Asks a started dispatcher for a round now (something was just committed to the outbox). */
  wake(): void {
    if (!this.running) return;
    if (this.timer) {
      this.schedule(0);
    } else {
      this.wakeAgain = true;
    }
  }

  /** Stops after the round in progress; messages it did not reach wait in the outbox for the next start. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.round;
    this.onStop?.();
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.round = this.loop();
    }, delayMs);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    let busy = false;
    try {
      const r = await this.runOnce();
      busy = r.delivered + r.retrying + r.failed >= this.batchSize;
    } catch (error) {
      this.onError(error);
    }
    if (!this.running) return;
    const again = busy || this.wakeAgain;
    this.wakeAgain = false;
    this.schedule(again ? 0 : this.pollMs);
  }

  /** Takes up to `batchSize` due messages: each with an update that only succeeds if nobody holds it and it has not changed. */
  private async claim(): Promise<OutboxDelivery[]> {
    const db = this.db;
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const due = await db
      .selectFrom('outbox')
      .select(['id', 'kind', 'topic', 'payload', 'attempts', 'endpointId'])
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', nowIso)
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', nowIso)]))
      .orderBy('nextAttemptAt')
      .orderBy('id')
      .limit(this.batchSize)
      .execute();
    const claimed: OutboxDelivery[] = [];
    for (const row of due) {
      const attempt = row.attempts + 1;
      const r = await db
        .updateTable('outbox')
        .set({ claimedBy: this.owner, claimedUntil: new Date(now.getTime() + this.leaseMs).toISOString(), attempts: attempt, lastAttemptAt: nowIso })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', row.attempts)
        .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', nowIso)]))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) continue; // another dispatcher took it
      let payload: unknown;
      try {
        payload = JSON.parse(row.payload);
      } catch {
        payload = null;
      }
      claimed.push({ id: row.id, kind: row.kind, topic: row.topic, attempt, endpointId: row.endpointId, payload });
    }
    return claimed;
  }

  /** Delivers one claimed message and records the outcome, if the claim is still ours. */
  private async deliver(d: OutboxDelivery): Promise<keyof RoundResult> {
    const db = this.db;
    // Only while the claim is ours: a dispatcher that outlived its lease must not overwrite the next one's record.
    const record = (set: { status?: string; deliveredAt?: string; lastError?: string; nextAttemptAt: string | null }) =>
      db
        .updateTable('outbox')
        .set({ ...set, claimedBy: null, claimedUntil: null })
        .where('id', '=', d.id)
        .where('claimedBy', '=', this.owner)
        .where('attempts', '=', d.attempt)
        .execute();
    let error: unknown;
    try {
      const deliverer = this.deliverers[d.kind];
      if (!deliverer) throw new PermanentDeliveryError(`Nothing delivers messages of kind ${d.kind}.`);
      await deliverer(d);
    } catch (e) {
      error = e ?? new Error('Delivery failed.');
    }
    const now = this.clock.now();
    if (error === undefined) {
      await record({ status: 'delivered', deliveredAt: now.toISOString(), nextAttemptAt: null });
      return 'delivered';
    }
    const row = await db.selectFrom('outbox').select('giveUpAt').where('id', '=', d.id).executeTakeFirst();
    const giveUpAt = new Date(row?.giveUpAt ?? 0).getTime();
    if (error instanceof PermanentDeliveryError || now.getTime() >= giveUpAt) {
      await record({ status: 'failed', lastError: errorText(error), nextAttemptAt: null });
      return 'failed';
    }
    // The last retry happens at the 24-hour mark rather than a backoff step after it.
    const next = Math.min(now.getTime() + backoffDelay(d.attempt, this.random), giveUpAt);
    await record({ lastError: errorText(error), nextAttemptAt: new Date(next).toISOString() });
    return 'retrying';
  }
}

/** Sends queued emails through a mailer. */
export const emailDeliverer =
  (mailer: Mailer): Deliverer =>
  async (d) => {
    const m = d.payload as MailMessage | null;
    if (!m || typeof m.subject !== 'string' || typeof m.text !== 'string' || !m.to)
      throw new PermanentDeliveryError('The stored email has no recipient, subject or text.');
    await mailer.send(m, d.id);
  };

/** The process's dispatcher: webhooks over HTTP, emails through the mailer the environment names; woken by every content change. */
export function createOutbox(deps: { db: Db; env: Env; events?: ContentEvents; clock?: Clock }, options: Partial<DispatcherOptions> = {}) {
  const clock = deps.clock ?? systemClock;
  const mailer = createMailer(deps.env, clock);
  // The operator's own endpoints (CONTENT_WEBHOOK_URL) are trusted wherever they point; every other
  // message (administrators' endpoints, partners' lead endpoints) only reaches public addresses.
  const operator = new Set(envEndpoints(deps.env).map((t) => `${t.id} ${t.url}`));
  const allowPrivate = (d: OutboxDelivery, url: string) => deps.env.ALLOW_PRIVATE_WEBHOOK_TARGETS || operator.has(`${d.endpointId ?? ''} ${url}`);
  const dispatcher = new OutboxDispatcher({
    db: deps.db.kysely,
    clock,
    deliverers: {
      webhook: webhookDeliverer(clock, async (id) => (await webhookTargets(deps.db.kysely, deps.env)).find((t) => t.id === id)?.secret, { allowPrivate }),
      email: emailDeliverer(mailer),
    },
    onStop: () => {
      unsubscribe?.();
      mailer.close();
    },
    ...options,
  });
  const unsubscribe = deps.events?.on(() => dispatcher.wake());
  return dispatcher;
}
