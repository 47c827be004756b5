import { createRouter } from '../../router.ts';
import * as h from './admin-webhooks.handlers.ts';
import * as r from './admin-webhooks.routes.ts';

/** Content-webhook endpoints and their delivery log under /admin/api/webhook. */
export const adminWebhooksRouter = () =>
  createRouter()
    .openapi(r.listDeliveries, h.listDeliveries)
    .openapi(r.listWebhooks, h.listWebhooks)
    .openapi(r.createWebhook, h.createWebhook)
    .openapi(r.deleteWebhook, h.deleteWebhook)
    .openapi(r.testWebhook, h.testWebhook);
