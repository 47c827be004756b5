import type { RouteHandler } from '@hono/zod-openapi';
import { requireUser } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import { ApiError } from '../../platform/errors.ts';
import { listApps, listCollections, loadCatalog, readApp, readCollection, vocabularies } from './catalog.ts';
import { createLead, myLeads } from './leads.ts';
import { listAuthorizedSpaces } from './spaces.ts';
import type * as r from './marketplace.routes.ts';

const catalog = (c: { get(key: 'deps'): AppEnv['Variables']['deps'] }) => loadCatalog(c.get('deps').db.kysely);

/** GET /api/marketplace/apps/ */
export const getApps: RouteHandler<typeof r.getApps, AppEnv> = async (c) => c.json(listApps(await catalog(c), c.req.valid('query')), 200);

/** GET /api/marketplace/apps/{slug}/ */
export const getApp: RouteHandler<typeof r.getApp, AppEnv> = async (c) => c.json(readApp(await catalog(c), c.req.valid('param').slug), 200);

/** GET /api/marketplace/collections/ */
export const getCollections: RouteHandler<typeof r.getCollections, AppEnv> = async (c) => c.json({ collections: listCollections(await catalog(c)) }, 200);

/** GET /api/marketplace/collections/{slug}/ */
export const getCollection: RouteHandler<typeof r.getCollection, AppEnv> = async (c) =>
  c.json(readCollection(await catalog(c), c.req.valid('param').slug), 200);

/** GET /api/marketplace/vocabularies/ */
export const getVocabularies: RouteHandler<typeof r.getVocabularies, AppEnv> = async (c) => c.json(vocabularies(await catalog(c)), 200);

/** GET /api/marketplace/spaces/ */
export const getSpaces: RouteHandler<typeof r.getSpaces, AppEnv> = async (c) =>
  c.json(await listAuthorizedSpaces(c.get('deps').db.kysely, requireUser(c), c.req.valid('query')), 200);

/** POST /api/marketplace/apps/{slug}/leads/ */
export const postLead: RouteHandler<typeof r.postLead, AppEnv> = async (c) => {
  const user = requireUser(c);
  try {
    return c.json(await createLead(c.get('deps'), user, c.req.valid('param').slug, c.req.valid('json')), 201);
  } catch (err) {
    // The body says when to come back; the header says it to HTTP clients and proxies too.
    if (err instanceof ApiError && err.code === 'RATE_LIMITED') {
      const after = (err.extra as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (after) c.header('Retry-After', String(after));
    }
    throw err;
  }
};

/** GET /api/marketplace/apps/{slug}/leads/ */
export const getMyLeads: RouteHandler<typeof r.getMyLeads, AppEnv> = async (c) =>
  c.json(await myLeads(c.get('deps'), requireUser(c), c.req.valid('param').slug), 200);
