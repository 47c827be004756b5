import type { OpenAPIHono } from '@hono/zod-openapi';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../context.ts';
import { createRouter } from '../../router.ts';
import * as ah from './marketplace-admin.handlers.ts';
import * as ar from './marketplace-admin.routes.ts';
import * as h from './marketplace.handlers.ts';
import * as r from './marketplace.routes.ts';

/**
 * The app marketplace (/api/marketplace/**): public catalogue reads with conditional requests (a weak
 * ETag of the body and 304, like /api/content, for the site's loaders), the signed-in space selector
 * and lead requests.
 */
export const marketplaceRouter = () => {
  const router = createRouter();
  router.use('/api/marketplace/*', etag({ weak: true }));
  return router
    .openapi(r.getApps, h.getApps)
    .openapi(r.getApp, h.getApp)
    .openapi(r.getCollections, h.getCollections)
    .openapi(r.getCollection, h.getCollection)
    .openapi(r.getVocabularies, h.getVocabularies)
    .openapi(r.getSpaces, h.getSpaces)
    .openapi(r.postLead, h.postLead)
    .openapi(r.getMyLeads, h.getMyLeads);
};

/** Administration of apps, partners, collections, media and leads (/admin/api/marketplace/**). Fixed paths before `{id}` ones. */
export const marketplaceAdminRouter = () =>
  createRouter()
    .openapi(ar.apps.list, ah.listApps)
    .openapi(ar.apps.create, ah.createApp)
    .openapi(ar.apps.activate, ah.activateApps)
    .openapi(ar.apps.read, ah.readApp)
    .openapi(ar.apps.update, ah.updateApp)
    .openapi(ar.apps.remove, ah.deleteApp)
    .openapi(ar.apps.reorder, ah.reorderApp)
    .openapi(ar.partners.list, ah.listPartners)
    .openapi(ar.partners.create, ah.createPartner)
    .openapi(ar.partners.activate, ah.activatePartners)
    .openapi(ar.partners.read, ah.readPartner)
    .openapi(ar.partners.update, ah.updatePartner)
    .openapi(ar.partners.remove, ah.deletePartner)
    .openapi(ar.partners.reorder, ah.reorderPartner)
    .openapi(ar.partners.rotateSecret, ah.rotateSecret)
    .openapi(ar.collections.list, ah.listCollections)
    .openapi(ar.collections.create, ah.createCollection)
    .openapi(ar.collections.activate, ah.activateCollections)
    .openapi(ar.collections.read, ah.readCollection)
    .openapi(ar.collections.update, ah.updateCollection)
    .openapi(ar.collections.remove, ah.deleteCollection)
    .openapi(ar.collections.reorder, ah.reorderCollection)
    .openapi(ar.postMedia, ah.postMedia)
    .openapi(ar.getLeads, ah.getLeads)
    .openapi(ar.getLead, ah.getLead);

/** Every marketplace router, for `routers()`. */
export const marketplaceRouters = (): OpenAPIHono<AppEnv>[] => [marketplaceRouter(), marketplaceAdminRouter()];
