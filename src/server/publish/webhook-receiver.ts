import { Hono } from 'hono';
import { Webhook } from 'standardwebhooks';
import { ContentChangedPayload, WebhookTestPayload } from '../../domain/webhooks.ts';
import type { ContentHint } from '../../domain/publish-protocol.ts';
import type { Publisher, PublishResult } from './publisher.ts';
import { errorBody } from '../platform/errors.ts';

/**
 * The receiving end of the product's signed content webhooks (Standard Webhooks, sent by the
 * outbox: src/server/platform/outbox/README.md), for the standalone publisher (`npm run publisher`) and the
 * CI relay (`npm run webhook-relay`). A delivery is accepted only with a valid signature of its
 * exact bytes under the shared `whsec_…` secret and a `webhook-timestamp` within 5 minutes of this
 * machine's clock (`standardwebhooks`' `Webhook.verify`); anything else is 401 and does nothing.
 * A delivery retried by the outbox keeps its `webhook-id`, and is acknowledged without acting twice.
 */

/** What a verified delivery asks for. */
export type Delivery = { kind: 'change'; hint: ContentHint; id: string } | { kind: 'test'; id: string };

/** Verifies one delivery; `null` when the signature or timestamp is not acceptable, or the body is not ours. */
export function verifyDelivery(secret: string, body: string, headers: Headers): Delivery | null {
  const wh = new Webhook(secret);
  let parsed: unknown;
  try {
    parsed = wh.verify(body, {
      'webhook-id': headers.get('webhook-id') ?? '',
      'webhook-timestamp': headers.get('webhook-timestamp') ?? '',
      'webhook-signature': headers.get('webhook-signature') ?? '',
    });
  } catch {
    return null;
  }
  const id = headers.get('webhook-id') ?? '';
  const change = ContentChangedPayload.safeParse(parsed);
  if (change.success) return { kind: 'change', id, hint: { type: change.data.data.entityType, ids: change.data.data.ids } };
  if (WebhookTestPayload.safeParse(parsed).success) return { kind: 'test', id };
  return null;
}

/** Remembers recent delivery ids (the outbox may deliver a message again after a crash). */
export function recentIds(max = 1000) {
  const seen = new Set<string>();
  return {
    /** Whether the id was seen already; records it otherwise. */
    seenBefore(id: string): boolean {
      if (!id) return false;
      if (seen.has(id)) return true;
      seen.add(id);
      if (seen.size > max) seen.delete(seen.values().next().value as string);
      return false;
    },
  };
}

/** What the publisher service needs of a publisher. */
export type PublisherLike = Pick<Publisher, 'poke'> & { lastPublish: PublishResult | null; history: readonly PublishResult[] };

/**
 * The standalone publisher's HTTP surface: `POST /webhook` takes signed content webhooks and
 * schedules a publish (debounced, rate-bounded, coalesced by the publisher); `GET /health` says
 * how the last publishes went.
 */
export function createPublisherService(opts: { publisher: PublisherLike; secret: string; log?: (line: string) => void }) {
  const app = new Hono();
  const ids = recentIds();
  const log = opts.log ?? (() => undefined);
  app.post('/webhook', async (c) => {
    const body = await c.req.text();
    const delivery = verifyDelivery(opts.secret, body, c.req.raw.headers);
    if (!delivery) {
      log('Refused a webhook delivery: bad signature, stale timestamp or unknown payload.');
      return c.json(errorBody('UNAUTHORIZED', 'The webhook signature or timestamp is not valid.', false), 401);
    }
    if (ids.seenBefore(delivery.id)) return c.json({ accepted: true, duplicate: true }, 202);
    if (delivery.kind === 'change') opts.publisher.poke(delivery.hint);
    return c.json({ accepted: true }, 202);
  });
  app.get('/health', (c) =>
    c.json({ ok: opts.publisher.lastPublish?.ok ?? null, last: opts.publisher.lastPublish, recent: opts.publisher.history.slice(-10) }),
  );
  return app;
}
