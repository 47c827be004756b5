import type { RouteHandler } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import type { ConstructResult } from '../../../domain/admin.ts';
import type { CollectionInput, CollectionPatch } from '../../../domain/admin-inputs.ts';
import { COLLECTION_TEXTS, type CollectionType } from '../../../domain/collection.ts';
import { cleanTranslations } from '../../../domain/locale-texts.ts';
import { makePage, resolveWindow, type PageWindow } from '../../../domain/page.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv, Deps, SessionUser } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, notFound, fieldError } from '../../platform/errors.ts';
import { buildCollections, readCollection } from './collections.queries.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { resolveSpaceId } from '../spaces/spaces.queries.ts';
import { withAudit } from '../../platform/audit.ts';
import { deleteAll, deleteOne, setFlagAll, uniqueIds, type AdminResource } from '../../platform/admin/bulk.ts';
import {
  adminCollectionConditions,
  adminCollectionRows,
  childKeys,
  childrenOf,
  collectionSnapshot,
  constructCollections,
  deleteCollections,
  insertCollection,
  parentsOf,
  resolveChildren,
  touchCollection,
  updateCollectionRow,
  writeChildren,
  type AdminCollectionFilter,
  type ChildRef,
} from './admin-collections.queries.ts';
import { adminCtx } from '../../platform/admin/context.ts';
import { findCollection } from '../../platform/admin/items.ts';
import { childrenWindow } from './collections.handlers.ts';
import type * as r from './admin-collections.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId, newSid } from '../../platform/ids.ts';

type Row = Selectable<Database['collections']>;

/**
 * Collections in the shared admin delete and flag calls: given by id or sid; a deletion also removes
 * their children rows and names the collections that held them in its event.
 */
const COLLECTIONS: AdminResource<'collections'> = {
  table: 'collections',
  label: 'Collection',
  keys: ['id', 'sid'],
  audit: 'COLLECTION',
  event: 'COLLECTION',
  snapshot: collectionSnapshot,
  alsoTouched: parentsOf,
  remove: deleteCollections,
};

/** Children shown with a single collection by default. */
const CHILDREN_PAGE = 24;

/** One collection as admins read it (every child visible). */
const readOne = async (ctx: ContentCtx, id: string, w: PageWindow = { offset: 0, limit: CHILDREN_PAGE }) =>
  readCollection(ctx, id, { window: () => w, subchildrenCount: 0, selectedSpaceId: null });

/** A page of collections under admin rules, with `cw` children each. */
async function listPage(ctx: ContentCtx, f: AdminCollectionFilter, w: PageWindow, cw: PageWindow) {
  const { rows, total } = await adminCollectionRows(ctx.db, adminCollectionConditions(f), w.offset, w.limit);
  const built = await buildCollections(ctx, rows, { window: () => cw, subchildrenCount: 0, selectedSpaceId: f.spaceId === undefined ? null : f.spaceId });
  return makePage(built, total, w);
}

/** Resolves a space key of a filter ('' when unknown, so nothing matches). */
const spaceFilter = async (ctx: ContentCtx, key: string | undefined) => (key === undefined ? undefined : ((await resolveSpaceId(ctx, key)) ?? ''));

/**
 * Writes the fields and, when given, the type and children of a collection (create, PUT, PATCH
 * share it). A type change with children of the old type left is refused.
 */
async function applyInput(tx: Parameters<typeof writeChildren>[0], row: Row, input: CollectionPatch, now: string): Promise<Row> {
  const type = (input.type ?? row.type) as CollectionType;
  let children: ChildRef[] | undefined;
  if (input.children !== undefined) children = await resolveChildren(tx, type, input.children, row.id);
  else if (type !== row.type && (await childrenOf(tx, row.id)).length) {
    throw fieldError('json.type', `The collection holds ${row.type === 'SPACE' ? 'spaces' : 'collections'}: give children of the new type, or an empty list`);
  }
  const next: Row = { ...row, type, updatedAt: now };
  if (input.name !== undefined) next.name = input.name;
  if (input.description !== undefined) next.description = input.description || null;
  if (input.translations !== undefined) next.translations = JSON.stringify(cleanTranslations(input.translations, COLLECTION_TEXTS));
  if (input.isActive !== undefined) next.isActive = input.isActive ? 1 : 0;
  if (input.metaTitle !== undefined) next.metaTitle = input.metaTitle || null;
  if (input.metaDescription !== undefined) next.metaDescription = input.metaDescription || null;
  if (input.priority !== undefined) next.priority = input.priority;
  await updateCollectionRow(tx, row.id, next);
  if (children) await writeChildren(tx, row.id, children, now);
  return next;
}

/** POST /collection/ */
export const createCollection: RouteHandler<typeof r.createCollection, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const input = c.req.valid('json');
  const id = await withAudit(c.get('deps'), admin, { type: 'COLLECTION', action: 'CREATE' }, async (tx) => {
    const now = clockOf(c.get('deps')).now().toISOString();
    const row: Row = {
      id: newId(),
      sid: newSid(),
      name: input.name,
      description: null,
      translations: '{}',
      type: input.type ?? 'SPACE',
      isActive: 1,
      isFavorite: 0,
      isUgc: 0,
      isAdmin: 1,
      priority: 0,
      metaTitle: null,
      metaDescription: null,
      ownerUserId: null,
      visibility: 'PUBLIC',
      createdAt: now,
      updatedAt: now,
    };
    await insertCollection(tx, row);
    const saved = await applyInput(tx, row, input, now);
    return { from: null, to: await collectionSnapshot(tx, saved), result: row.id, changed: { type: 'COLLECTION', ids: [row.id] } };
  });
  return c.json(await readOne(await adminCtx(c), id), 200);
};

/** GET /collection/ */
export const listCollections: RouteHandler<typeof r.listCollections, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const ctx = await adminCtx(c);
  const f: AdminCollectionFilter = {
    type: q.type,
    spaceId: await spaceFilter(ctx, q.spaceId),
    searchText: q.searchText,
    includeInactive: q.includeInactive,
    includeEmpty: q.includeEmpty,
    isAdmin: q.isAdmin,
    isUgc: q.isUgc,
  };
  return c.json(await listPage(ctx, f, resolveWindow(q, 24), childrenWindow(q, 0)), 200);
};

/** POST /collection/search/ */
export const searchCollections: RouteHandler<typeof r.searchCollections, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const ctx = await adminCtx(c);
  const f: AdminCollectionFilter = { ...body, spaceId: await spaceFilter(ctx, body.spaceId) };
  return c.json(await listPage(ctx, f, resolveWindow(c.req.valid('query'), 24), { offset: 0, limit: 0 }), 200);
};

/** GET /collection/{id}/ */
export const getCollection: RouteHandler<typeof r.getCollection, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const ctx = await adminCtx(c);
  const cw = childrenWindow(q, CHILDREN_PAGE);
  return c.json(
    await readCollection(ctx, c.req.valid('param').id, { window: () => cw, subchildrenCount: q.subchildrenCount ?? 0, selectedSpaceId: null }),
    200,
  );
};

/** PUT and PATCH /collection/{id}/ share this: PUT passes every field (defaults for those left out), PATCH only those given. */
async function update(deps: Deps, admin: SessionUser, key: string, input: CollectionPatch, action: 'REPLACE' | 'UPDATE'): Promise<string> {
  return withAudit(deps, admin, { type: 'COLLECTION', action }, async (tx) => {
    const row = await findCollection(tx, key);
    if (!row) throw notFound('Collection');
    const before = await collectionSnapshot(tx, row);
    const saved = await applyInput(tx, row, input, clockOf(deps).now().toISOString());
    const parents = await parentsOf(tx, [row.id]);
    return { from: before, to: await collectionSnapshot(tx, saved), result: row.id, changed: { type: 'COLLECTION', ids: [row.id, ...parents] } };
  });
}

/** PUT /collection/{id}/ */
export const putCollection: RouteHandler<typeof r.putCollection, AppEnv> = async (c) => {
  const input: CollectionInput = c.req.valid('json');
  const full: CollectionPatch = { description: null, isActive: true, metaTitle: null, metaDescription: null, priority: 0, ...input };
  const id = await update(c.get('deps'), requireAdmin(c), c.req.valid('param').id, full, 'REPLACE');
  return c.json(await readOne(await adminCtx(c), id), 200);
};

/** PATCH /collection/{id}/ */
export const patchCollection: RouteHandler<typeof r.patchCollection, AppEnv> = async (c) => {
  const id = await update(c.get('deps'), requireAdmin(c), c.req.valid('param').id, c.req.valid('json'), 'UPDATE');
  return c.json(await readOne(await adminCtx(c), id), 200);
};

/** DELETE /collection/{id}/ */
export const deleteCollection: RouteHandler<typeof r.deleteCollection, AppEnv> = async (c) => {
  await deleteOne(c.get('deps'), requireAdmin(c), COLLECTIONS, c.req.valid('param').id);
  return c.body(null, 204);
};

/** DELETE /collection/ */
export const deleteCollectionsBulk: RouteHandler<typeof r.deleteCollections, AppEnv> = async (c) => {
  await deleteAll(c.get('deps'), requireAdmin(c), COLLECTIONS, c.req.valid('json'));
  return c.body(null, 204);
};

/** PUT /collection/activate/ */
export const activateCollections: RouteHandler<typeof r.activateCollections, AppEnv> = async (c) => {
  const { active, list } = c.req.valid('json');
  return c.json(await setFlagAll(c.get('deps'), requireAdmin(c), COLLECTIONS, list, 'isActive', active, active ? 'ACTIVATE' : 'DEACTIVATE'), 200);
};

/** PUT /collection/markAdmin/ */
export const markAdmin: RouteHandler<typeof r.markAdmin, AppEnv> = async (c) => {
  const { collections, isAdmin } = c.req.valid('json');
  return c.json(await setFlagAll(c.get('deps'), requireAdmin(c), COLLECTIONS, collections, 'isAdmin', isAdmin, isAdmin ? 'MARK_ADMIN' : 'UNMARK_ADMIN'), 200);
};

/** PATCH /collection/{id}/reorder/ */
export const reorderChildren: RouteHandler<typeof r.reorderChildren, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const key = c.req.valid('param').id;
  const listed = uniqueIds(c.req.valid('json').children);
  const id = await withAudit(c.get('deps'), admin, { type: 'COLLECTION', action: 'REORDER' }, async (tx) => {
    const row = await findCollection(tx, key);
    if (!row) throw notFound('Collection');
    const current = await childrenOf(tx, row.id);
    // A child may be named by any of its keys (a space's modelId or slug, a collection's sid).
    const keyed = await childKeys(
      tx,
      row.type as CollectionType,
      current.map((x) => x.childId),
    );
    const idOf = new Map(keyed.flatMap((k) => k.keys.map((x) => [x, k.id] as const)));
    const missing = listed.filter((k) => !idOf.has(k));
    if (missing.length) throw new ApiError('NOT_FOUND', `Not children of this collection: ${missing.slice(0, 10).join(', ')}.`, { missing });
    const first = uniqueIds(listed.map((k) => idOf.get(k) as string));
    const order = [...first, ...current.map((x) => x.childId).filter((x) => !first.includes(x))];
    const before = current.map((x) => x.childId);
    if (order.every((x, i) => x === before[i]) && current.every((x, i) => x.position === i)) return { from: null, to: null, result: row.id, noop: true };
    const now = clockOf(c.get('deps')).now().toISOString();
    await writeChildren(
      tx,
      row.id,
      order.map((childId, position) => ({ childType: row.type as CollectionType, childId, position })),
      now,
    );
    await touchCollection(tx, row.id, now);
    return { from: { id: row.id, children: before }, to: { id: row.id, children: order }, result: row.id, changed: { type: 'COLLECTION', ids: [row.id] } };
  });
  return c.json(await readOne(await adminCtx(c), id), 200);
};

/** PATCH /collection/construct/ */
export const construct: RouteHandler<typeof r.construct, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const result = await withAudit(c.get('deps'), admin, { type: 'COLLECTION', action: 'CONSTRUCT' }, async (tx) => {
    const out = await constructCollections(tx);
    const touched = [...new Set([...out.removed.map((x) => x.collectionId), ...out.renumbered])];
    const answer: ConstructResult = { collections: out.collections, removedChildren: out.removed.length, renumbered: out.renumbered.length };
    return {
      from: { removed: out.removed },
      to: answer,
      result: answer,
      changed: { type: 'COLLECTION', ids: touched },
      noop: touched.length === 0,
    };
  });
  return c.json(result, 200);
};
