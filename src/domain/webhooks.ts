import { z } from 'zod';
import { PageQuery } from './page.ts';

/** A Standard Webhooks signing secret: `whsec_` and base64 of at least 24 bytes. */
export const WebhookSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'A signing secret is whsec_ followed by base64 of at least 24 bytes.')
  .max(200)
  .meta({ id: 'WebhookSecret', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });

/** An http(s) URL a webhook is posted to. */
export const WebhookUrl = z
  .url({ protocol: /^https?$/, error: 'Enter an http:// or https:// URL.' })
  .max(2000)
  .meta({ example: 'https://ci.example.com/hooks/discover' });

/** What the API says of an address an administrator gives: the server refuses non-public hosts (src/server/modules/webhooks/address-policy.ts). */
export const PUBLIC_WEBHOOK_URL_NOTE =
  'A public address: loopback, private, link-local, CGNAT, multicast and cloud metadata addresses are refused with 400 (unless the server runs with ALLOW_PRIVATE_WEBHOOK_TARGETS=true), and checked again on every address the name resolves to at delivery.';

/** What an administrator gives to add an endpoint; the server makes a secret when none is given. */
export const WebhookEndpointInput = z
  .object({
    url: WebhookUrl.meta({ example: 'https://ci.example.com/hooks/discover', description: PUBLIC_WEBHOOK_URL_NOTE }),
    description: z.string().trim().max(200).optional(),
    secret: WebhookSecret.optional(),
  })
  .meta({ id: 'WebhookEndpointInput' });
/** @see WebhookEndpointInput */
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointInput>;

/** A content-webhook endpoint: added by an administrator, or set by the environment (`CONTENT_WEBHOOK_URL`, read-only). */
export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    source: z.enum(['admin', 'env']).meta({ description: '`env`: from CONTENT_WEBHOOK_URL, removed by changing the environment' }),
    createdAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
/** @see WebhookEndpoint */
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** A new endpoint with its signing secret, shown this once. */
export const CreatedWebhookEndpoint = WebhookEndpoint.extend({
  secret: WebhookSecret.meta({ description: 'Verify deliveries with it (Standard Webhooks); it is not shown again' }),
}).meta({ id: 'CreatedWebhookEndpoint' });
/** @see CreatedWebhookEndpoint */
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpoint>;

/** Where an outbox message stands. */
export const DeliveryStatus = z.enum(['pending', 'delivered', 'failed', 'cancelled']).meta({
  id: 'DeliveryStatus',
  description: '`failed`: gave up after 24 hours of retries; `cancelled`: its endpoint was removed first',
});
/** @see DeliveryStatus */
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

/** One webhook message in the delivery log. */
export const WebhookDelivery = z
  .object({
    id: z.string().meta({ description: 'The message id, sent as the `webhook-id` header' }),
    topic: z.string().meta({ description: 'The payload type: content.changed or webhook.test' }),
    url: z.string(),
    endpointId: z.string().nullable(),
    status: DeliveryStatus,
    attempts: z.number().int(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable().meta({ description: 'When the next attempt is due (pending only)' }),
    deliveredAt: z.string().nullable(),
    lastError: z.string().nullable().meta({
      description:
        'The most recent failed attempt, kept after a later success: a short class (`HTTP 500`, `timeout (no answer within 15 s)`, `connection refused`, `address not allowed (loopback)`, …), never the receiver’s answer',
    }),
  })
  .meta({ id: 'WebhookDelivery' });
/** @see WebhookDelivery */
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** Filters of the delivery log, with its page parameters. */
export const WebhookDeliveryQuery = z.object({
  status: DeliveryStatus.optional(),
  endpointId: z.string().max(100).optional(),
  ...PageQuery.pick({ page: true, limit: true, offset: true }).shape,
});

/** A message put in the outbox: its id in the delivery log. */
export const QueuedDelivery = z.object({ id: z.string() }).meta({ id: 'QueuedDelivery' });
/** @see QueuedDelivery */
export type QueuedDelivery = z.infer<typeof QueuedDelivery>;

/** The body of a content webhook: one committed content change (Standard Webhooks' `type`, `timestamp`, `data`). */
export const ContentChangedPayload = z
  .object({
    type: z.literal('content.changed'),
    id: z.string().meta({ description: 'The content event; the same for every endpoint and retry' }),
    timestamp: z.string().meta({ description: 'When the change was committed (ISO 8601)' }),
    data: z.object({
      entityType: z.string().meta({ description: 'SPACE, COLLECTION, ACCOUNT, USER, BANNER, CAROUSEL_ITEM, FEATURED_TAG or SETTING' }),
      ids: z.array(z.string()),
      action: z.string().meta({ description: 'What was done (CREATE, UPDATE, DELETE, …), or CHANGE when the change did not say' }),
      updatedAt: z.string(),
    }),
  })
  .meta({ id: 'ContentChangedPayload' });
/** @see ContentChangedPayload */
export type ContentChangedPayload = z.infer<typeof ContentChangedPayload>;

/** The body of a test delivery an administrator asked for. */
export const WebhookTestPayload = z.object({
  type: z.literal('webhook.test'),
  id: z.string(),
  timestamp: z.string(),
  data: z.object({ endpointId: z.string(), message: z.string() }),
});
/** @see WebhookTestPayload */
export type WebhookTestPayload = z.infer<typeof WebhookTestPayload>;
