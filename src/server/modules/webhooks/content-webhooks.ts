import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ContentChangedPayload, WebhookEndpoint, WebhookTestPayload } from '../../../domain/webhooks.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { enqueue } from '../../platform/outbox/outbox.ts';

/** The environment's part of the webhook configuration. */
export type WebhookEnv = Pick<Env, 'CONTENT_WEBHOOK_URL' | 'CONTENT_WEBHOOK_SECRET'>;

/** An endpoint with its signing secret, as the server uses it. */
export interface WebhookTarget extends WebhookEndpoint {
  secret: string;
}

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The CONTENT_WEBHOOK_URL endpoints; each id derives from its URL, so it stays the same across restarts and replicas. */
export function envEndpoints(env: WebhookEnv | undefined): WebhookTarget[] {
  const secret = env?.CONTENT_WEBHOOK_SECRET;
  if (!env || !secret) return [];
  return env.CONTENT_WEBHOOK_URL.map((url) => ({
    id: `env-${createHash('sha256').update(url).digest('hex').slice(0, 12)}`,
    url,
    description: 'CONTENT_WEBHOOK_URL',
    source: 'env',
    createdAt: null,
    secret,
  }));
}

/** Every endpoint content changes go to: the environment's, then the administrators' in the order they were added. */
export async function webhookTargets(db: Kysely<Database>, env: WebhookEnv | undefined): Promise<WebhookTarget[]> {
  const rows = await db.selectFrom('webhook_endpoints').selectAll().orderBy('createdAt').orderBy('id').execute();
  return [
    ...envEndpoints(env),
    ...rows.map((r) => ({ id: r.id, url: r.url, description: r.description, source: 'admin' as const, createdAt: r.createdAt, secret: r.secret })),
  ];
}

/** One committed content change, as content_events holds it. */
export interface ContentEventRecord {
  /** content_events.id */
  eventId: number | string;
  type: string;
  ids: readonly string[];
  action: string;
  time: string;
}

/** The webhook body of a content change (the same for every endpoint and retry). */
export const contentChangedPayload = (e: ContentEventRecord): ContentChangedPayload => ({
  type: 'content.changed',
  id: `evt_${e.eventId}`,
  timestamp: e.time,
  data: { entityType: e.type, ids: [...e.ids], action: e.action, updatedAt: e.time },
});

/**
 * Queues one signed webhook per endpoint for a content change, in the transaction that records the
 * change's event, so the event and its deliveries commit together.
 */
export async function enqueueContentWebhooks(
  tx: Transaction<Database>,
  event: ContentEventRecord,
  env: WebhookEnv | undefined,
  clock: Clock = systemClock,
): Promise<string[]> {
  const body = contentChangedPayload(event);
  const ids: string[] = [];
  for (const target of await webhookTargets(tx, env)) {
    ids.push(await enqueue(tx, { kind: 'webhook', topic: body.type, endpointId: target.id, webhook: { url: target.url, body } }, clock));
  }
  return ids;
}

/** Queues a test delivery to one endpoint; answers the message id. */
export async function enqueueTestWebhook(tx: Transaction<Database>, target: WebhookTarget, clock: Clock = systemClock): Promise<string> {
  const now = clock.now().toISOString();
  const body: WebhookTestPayload = {
    type: 'webhook.test',
    id: `evt_test_${randomBytes(8).toString('hex')}`,
    timestamp: now,
    data: { endpointId: target.id, message: 'A test delivery from Discover: this endpoint receives content.changed events.' },
  };
  return enqueue(tx, { kind: 'webhook', topic: body.type, endpointId: target.id, webhook: { url: target.url, body } }, clock);
}
