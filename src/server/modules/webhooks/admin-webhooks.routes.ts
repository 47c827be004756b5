import { createRoute, z } from '@hono/zod-openapi';
import { pageOf } from '../../../domain/page.ts';
import {
  CreatedWebhookEndpoint,
  QueuedDelivery,
  WebhookDelivery,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointInput,
} from '../../../domain/webhooks.ts';
import { jsonBody, ok } from '../../platform/content/openapi.ts';
import { adminErrors, adminMiddleware, noContent } from '../../platform/admin/openapi.ts';

const tags = ['Admin webhooks'];
const params = z.object({ id: z.string().min(1).max(64).meta({ description: 'Endpoint id' }) });
/** A page of the webhook delivery log. */
export const WebhookDeliveryPage = pageOf(WebhookDelivery, 'WebhookDeliveryPage');

const SIGNING =
  'Each committed content change is posted to every endpoint as `{ type: "content.changed", id, timestamp, data: { entityType, ids, action, updatedAt } }`, signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`), and retried with exponential backoff for 24 hours.';

/** GET /admin/api/webhook/ */
export const listWebhooks = createRoute({
  method: 'get',
  path: '/admin/api/webhook/',
  tags,
  summary: 'List content-webhook endpoints',
  description: `The environment's endpoints (CONTENT_WEBHOOK_URL, read-only) first, then the ones administrators added. Secrets are never listed. ${SIGNING}`,
  middleware: adminMiddleware,
  responses: { ...ok(z.array(WebhookEndpoint), 'The endpoints'), ...adminErrors() },
});

/** POST /admin/api/webhook/ */
export const createWebhook = createRoute({
  method: 'post',
  path: '/admin/api/webhook/',
  tags,
  summary: 'Add a content-webhook endpoint',
  description: `Answers the endpoint with its signing secret (the one given, or a new \`whsec_…\`), shown this once. 409 when the URL is already an endpoint. ${SIGNING}`,
  middleware: adminMiddleware,
  request: jsonBody(WebhookEndpointInput),
  responses: { ...ok(CreatedWebhookEndpoint, 'The new endpoint and its secret'), ...adminErrors(409) },
});

/** DELETE /admin/api/webhook/{id}/ */
export const deleteWebhook = createRoute({
  method: 'delete',
  path: '/admin/api/webhook/{id}/',
  tags,
  summary: 'Remove a content-webhook endpoint',
  description: 'Its pending deliveries are cancelled; the log keeps them. 409 for an endpoint set by CONTENT_WEBHOOK_URL (change the environment instead).',
  middleware: adminMiddleware,
  request: { params },
  responses: { ...noContent('Removed'), ...adminErrors(404, 409) },
});

/** POST /admin/api/webhook/{id}/test/ */
export const testWebhook = createRoute({
  method: 'post',
  path: '/admin/api/webhook/{id}/test/',
  tags,
  summary: 'Send a test event',
  description:
    'Queues a signed `{ type: "webhook.test" }` delivery to the endpoint; follow it in the delivery log by the id answered. It is retried like any other delivery.',
  middleware: adminMiddleware,
  request: { params },
  responses: { 202: { description: 'Queued', content: { 'application/json': { schema: QueuedDelivery } } }, ...adminErrors(404) },
});

/** GET /admin/api/webhook/delivery/ */
export const listDeliveries = createRoute({
  method: 'get',
  path: '/admin/api/webhook/delivery/',
  tags,
  summary: 'Webhook delivery log',
  description:
    'Every webhook message, newest first, with its status, attempts and last error; filter by `status` or `endpointId`. Pages of 50 by default; `page` is 1-based.',
  middleware: adminMiddleware,
  request: { query: WebhookDeliveryQuery },
  responses: { ...ok(WebhookDeliveryPage, 'A page of deliveries'), ...adminErrors() },
});
