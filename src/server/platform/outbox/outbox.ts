import type { Transaction } from 'kysely';
import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { timeOrderedId } from '../ids.ts';

/** How long a message is retried before it is marked failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** The first retry waits about this long; each further one twice as long. */
export const BACKOFF_BASE_MS = 10_000;
/** No retry waits longer than this. */
export const BACKOFF_CAP_MS = 60 * 60 * 1000;

/**
 * A webhook as stored: the exact body to sign and post, so every retry sends the same bytes. A
 * message to a content-webhook endpoint stores no secret: it is looked up by `endpointId` at each
 * attempt, so a changed secret signs the retries too and removed endpoints leave no secret behind.
 */
export interface WebhookPayload {
  url: string;
  secret?: string;
  body: string;
}

/** A message to put in the outbox. */
export type OutboxMessage =
  | { kind: 'webhook'; topic: string; endpointId?: string | null; webhook: { url: string; secret?: string; body: unknown } }
  | { kind: 'email'; topic: string; email: MailMessage };

/** A claimed message as a deliverer gets it. */
export interface OutboxDelivery {
  id: string;
  kind: string;
  topic: string;
  /** The attempt being made, from 1. */
  attempt: number;
  /** The content-webhook endpoint, for webhooks that go to one. */
  endpointId: string | null;
  payload: unknown;
}

/**
 * Puts one message in the outbox inside the caller's transaction: it leaves the process only if the
 * transaction commits, and it is retried until delivered or 24 hours have passed.
 */
export async function enqueue(tx: Transaction<Database>, message: OutboxMessage, clock: Clock = systemClock): Promise<string> {
  const now = clock.now();
  const id = `msg_${timeOrderedId(now.getTime())}`;
  const [target, payload] =
    message.kind === 'webhook'
      ? [
          message.webhook.url,
          {
            url: message.webhook.url,
            ...(message.webhook.secret === undefined ? {} : { secret: message.webhook.secret }),
            body: JSON.stringify(message.webhook.body),
          } satisfies WebhookPayload,
        ]
      : [[message.email.to].flat().join(', '), message.email];
  await tx
    .insertInto('outbox')
    .values({
      id,
      kind: message.kind,
      topic: message.topic,
      target,
      endpointId: message.kind === 'webhook' ? (message.endpointId ?? null) : null,
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      createdAt: now.toISOString(),
      nextAttemptAt: now.toISOString(),
      giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER_MS).toISOString(),
      claimedBy: null,
      claimedUntil: null,
      lastAttemptAt: null,
      lastError: null,
      deliveredAt: null,
    })
    .execute();
  return id;
}

/** Queues an email in the caller's transaction; the dispatcher hands it to the configured `Mailer`. */
export const enqueueEmail = (tx: Transaction<Database>, topic: string, email: MailMessage, clock?: Clock): Promise<string> =>
  enqueue(tx, { kind: 'email', topic, email }, clock);

/**
 * How long to wait after the `attempt`-th failed attempt: 10 s doubling per attempt up to an hour,
 * with ±20 % jitter so endpoints that failed together are not retried in lockstep.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.min(BACKOFF_CAP_MS, Math.round(exponential * (0.8 + 0.4 * random())));
}

/** A failure that retrying cannot fix (the message is malformed): marked failed at once. */
export class PermanentDeliveryError extends Error {}
