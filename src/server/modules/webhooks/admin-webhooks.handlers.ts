import type { RouteHandler } from '@hono/zod-openapi';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '../../../domain/webhooks.ts';
import { withAudit } from '../../platform/audit.ts';
import { requireAdmin } from '../auth/guards.ts';
import { clockOf } from '../../platform/clock.ts';
import type { AppEnv } from '../../context.ts';
import { notFound, conflict } from '../../platform/errors.ts';
import { enqueueTestWebhook, newWebhookSecret, webhookTargets, type WebhookTarget } from './content-webhooks.ts';
import { assertPublicWebhookUrl } from './address-policy.ts';
import { insertWebhookEndpoint, listWebhookDeliveries, removeWebhookEndpoint } from './admin-webhooks.queries.ts';
import type * as r from './admin-webhooks.routes.ts';
import { newId } from '../../platform/ids.ts';

/** An endpoint as answered: never its secret. */
const publicEndpoint = ({ secret: _secret, ...e }: WebhookTarget): WebhookEndpoint => e;

/** GET /webhook/ */
export const listWebhooks: RouteHandler<typeof r.listWebhooks, AppEnv> = async (c) => {
  const { db, env } = c.get('deps');
  return c.json((await webhookTargets(db.kysely, env)).map(publicEndpoint), 200);
};

/** POST /webhook/ */
export const createWebhook: RouteHandler<typeof r.createWebhook, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const deps = c.get('deps');
  const input = c.req.valid('json');
  assertPublicWebhookUrl(deps.env, input.url, 'json.url');
  const created = await withAudit(deps, admin, { type: 'SETTING', action: 'WEBHOOK_CREATE' }, async (tx) => {
    const targets = await webhookTargets(tx, deps.env);
    if (targets.some((t) => t.url === input.url)) throw conflict('json.url', `${input.url} is already a webhook endpoint.`);
    const row = {
      id: `whk_${newId()}`,
      url: input.url,
      description: input.description || null,
      secret: input.secret ?? newWebhookSecret(),
      createdAt: clockOf(deps).now().toISOString(),
      createdBy: admin.id,
    };
    await insertWebhookEndpoint(tx, row);
    const out: CreatedWebhookEndpoint = {
      id: row.id,
      url: row.url,
      description: row.description,
      source: 'admin',
      createdAt: row.createdAt,
      secret: row.secret,
    };
    // The audit entry never holds the secret.
    return { from: null, to: publicEndpoint(out), result: out };
  });
  return c.json(created, 200);
};

/** DELETE /webhook/{id}/ */
export const deleteWebhook: RouteHandler<typeof r.deleteWebhook, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const deps = c.get('deps');
  const { id } = c.req.valid('param');
  await withAudit(deps, admin, { type: 'SETTING', action: 'WEBHOOK_DELETE' }, async (tx) => {
    const target = (await webhookTargets(tx, deps.env)).find((t) => t.id === id);
    if (!target) throw notFound('Webhook endpoint');
    if (target.source === 'env') throw conflict('param.id', 'This endpoint is set by CONTENT_WEBHOOK_URL; change the environment to remove it.');
    // Nothing more goes to a removed endpoint; its log entries stay.
    await removeWebhookEndpoint(tx, id);
    return { from: publicEndpoint(target), to: null, result: null };
  });
  return c.body(null, 204);
};

/** POST /webhook/{id}/test/ */
export const testWebhook: RouteHandler<typeof r.testWebhook, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const deps = c.get('deps');
  const { id } = c.req.valid('param');
  const messageId = await withAudit(deps, admin, { type: 'SETTING', action: 'WEBHOOK_TEST' }, async (tx) => {
    const target = (await webhookTargets(tx, deps.env)).find((t) => t.id === id);
    if (!target) throw notFound('Webhook endpoint');
    const queued = await enqueueTestWebhook(tx, target, clockOf(deps));
    return { from: null, to: { endpointId: id, url: target.url, deliveryId: queued }, result: queued };
  });
  return c.json({ id: messageId }, 202);
};

/** GET /webhook/delivery/ */
export const listDeliveries: RouteHandler<typeof r.listDeliveries, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const w = resolveWindow(q, 50);
  const { results, total } = await listWebhookDeliveries(c.get('deps').db.kysely, {
    status: q.status,
    endpointId: q.endpointId,
    limit: w.limit,
    offset: w.offset,
  });
  return c.json(makePage(results, total, w), 200);
};
