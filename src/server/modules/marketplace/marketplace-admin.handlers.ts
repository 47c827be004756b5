import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import * as m from './admin.ts';
import { storeMarketplaceUpload } from './media.ts';
import type * as r from './marketplace-admin.routes.ts';

type H<R extends RouteConfig> = RouteHandler<R, AppEnv>;

// ---------------------------------------------------------------- apps

/** GET /admin/api/marketplace/apps/ */
export const listApps: H<typeof r.apps.list> = async (c) => c.json({ apps: await m.listAdminApps(c.get('deps'), c.req.valid('query')) }, 200);
/** GET /admin/api/marketplace/apps/{id}/ */
export const readApp: H<typeof r.apps.read> = async (c) => c.json(await m.readAdminApp(c.get('deps'), c.req.valid('param').id), 200);
/** POST /admin/api/marketplace/apps/ */
export const createApp: H<typeof r.apps.create> = async (c) => c.json(await m.createApp(c.get('deps'), requireAdmin(c), c.req.valid('json')), 201);
/** PUT /admin/api/marketplace/apps/{id}/ */
export const updateApp: H<typeof r.apps.update> = async (c) =>
  c.json(await m.updateApp(c.get('deps'), requireAdmin(c), c.req.valid('param').id, c.req.valid('json')), 200);
/** DELETE /admin/api/marketplace/apps/{id}/ */
export const deleteApp: H<typeof r.apps.remove> = async (c) => {
  await m.deleteApp(c.get('deps'), requireAdmin(c), c.req.valid('param').id);
  return c.body(null, 204);
};
/** PUT /admin/api/marketplace/apps/activate/ */
export const activateApps: H<typeof r.apps.activate> = async (c) => {
  const { ids, active } = c.req.valid('json');
  return c.json(await m.setActive(c.get('deps'), requireAdmin(c), 'marketplace_apps', ids, active), 200);
};
/** PATCH /admin/api/marketplace/apps/{id}/reorder/ */
export const reorderApp: H<typeof r.apps.reorder> = async (c) => {
  await m.moveTo(c.get('deps'), requireAdmin(c), 'marketplace_apps', c.req.valid('param').id, c.req.valid('json').position);
  return c.json({ apps: await m.listAdminApps(c.get('deps'), {}) }, 200);
};

// ---------------------------------------------------------------- partners

/** GET /admin/api/marketplace/partners/ */
export const listPartners: H<typeof r.partners.list> = async (c) => c.json({ partners: await m.listPartners(c.get('deps'), c.req.valid('query')) }, 200);
/** GET /admin/api/marketplace/partners/{id}/ */
export const readPartner: H<typeof r.partners.read> = async (c) => c.json(await m.readPartner(c.get('deps'), c.req.valid('param').id), 200);
/** POST /admin/api/marketplace/partners/ */
export const createPartner: H<typeof r.partners.create> = async (c) => c.json(await m.createPartner(c.get('deps'), requireAdmin(c), c.req.valid('json')), 201);
/** PUT /admin/api/marketplace/partners/{id}/ */
export const updatePartner: H<typeof r.partners.update> = async (c) =>
  c.json(await m.updatePartner(c.get('deps'), requireAdmin(c), c.req.valid('param').id, c.req.valid('json')), 200);
/** DELETE /admin/api/marketplace/partners/{id}/ */
export const deletePartner: H<typeof r.partners.remove> = async (c) => {
  await m.deletePartner(c.get('deps'), requireAdmin(c), c.req.valid('param').id);
  return c.body(null, 204);
};
/** POST /admin/api/marketplace/partners/{id}/rotate-secret/ */
export const rotateSecret: H<typeof r.partners.rotateSecret> = async (c) =>
  c.json(await m.rotatePartnerSecret(c.get('deps'), requireAdmin(c), c.req.valid('param').id), 200);
/** PUT /admin/api/marketplace/partners/activate/ */
export const activatePartners: H<typeof r.partners.activate> = async (c) => {
  const { ids, active } = c.req.valid('json');
  return c.json(await m.setActive(c.get('deps'), requireAdmin(c), 'marketplace_partners', ids, active), 200);
};
/** PATCH /admin/api/marketplace/partners/{id}/reorder/ */
export const reorderPartner: H<typeof r.partners.reorder> = async (c) => {
  await m.moveTo(c.get('deps'), requireAdmin(c), 'marketplace_partners', c.req.valid('param').id, c.req.valid('json').position);
  return c.json({ partners: await m.listPartners(c.get('deps'), {}) }, 200);
};

// ---------------------------------------------------------------- collections

/** GET /admin/api/marketplace/collections/ */
export const listCollections: H<typeof r.collections.list> = async (c) =>
  c.json({ collections: await m.listAdminCollections(c.get('deps'), c.req.valid('query')) }, 200);
/** GET /admin/api/marketplace/collections/{id}/ */
export const readCollection: H<typeof r.collections.read> = async (c) => c.json(await m.readAdminCollection(c.get('deps'), c.req.valid('param').id), 200);
/** POST /admin/api/marketplace/collections/ */
export const createCollection: H<typeof r.collections.create> = async (c) =>
  c.json(await m.createCollection(c.get('deps'), requireAdmin(c), c.req.valid('json')), 201);
/** PUT /admin/api/marketplace/collections/{id}/ */
export const updateCollection: H<typeof r.collections.update> = async (c) =>
  c.json(await m.updateCollection(c.get('deps'), requireAdmin(c), c.req.valid('param').id, c.req.valid('json')), 200);
/** DELETE /admin/api/marketplace/collections/{id}/ */
export const deleteCollection: H<typeof r.collections.remove> = async (c) => {
  await m.deleteCollection(c.get('deps'), requireAdmin(c), c.req.valid('param').id);
  return c.body(null, 204);
};
/** PUT /admin/api/marketplace/collections/activate/ */
export const activateCollections: H<typeof r.collections.activate> = async (c) => {
  const { ids, active } = c.req.valid('json');
  return c.json(await m.setActive(c.get('deps'), requireAdmin(c), 'marketplace_collections', ids, active), 200);
};
/** PATCH /admin/api/marketplace/collections/{id}/reorder/ */
export const reorderCollection: H<typeof r.collections.reorder> = async (c) => {
  await m.moveTo(c.get('deps'), requireAdmin(c), 'marketplace_collections', c.req.valid('param').id, c.req.valid('json').position);
  return c.json({ collections: await m.listAdminCollections(c.get('deps'), {}) }, 200);
};

// ---------------------------------------------------------------- media and leads

/** POST /admin/api/marketplace/media/ */
export const postMedia: H<typeof r.postMedia> = async (c) => {
  requireAdmin(c);
  const { file, kind, alt } = c.req.valid('form');
  return c.json(await storeMarketplaceUpload(c.get('deps'), kind, file, alt), 201);
};

/** GET /admin/api/marketplace/leads/ */
export const getLeads: H<typeof r.getLeads> = async (c) => c.json(await m.listLeads(c.get('deps'), c.req.valid('query')), 200);

/** GET /admin/api/marketplace/leads/{id}/ */
export const getLead: H<typeof r.getLead> = async (c) => c.json(await m.readLead(c.get('deps'), c.req.valid('param').id), 200);
