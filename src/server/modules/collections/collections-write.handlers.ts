import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Selectable, Transaction } from 'kysely';
import type { CollectionType } from '../../../domain/collection.ts';
import { blankToNull, type UserCollectionPatch } from '../../../domain/user-inputs.ts';
import { requireUser } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { insertCollection, touchCollection } from './admin-collections.queries.ts';
import { withUserAudit, type AuditedChange } from '../../platform/audit.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { findSpaceRow } from '../spaces/spaces.queries.ts';
import {
  announceCollections,
  answerCollection,
  checkCollectionQuota,
  childStats,
  collectionSnapshotById,
  currentChildren,
  deleteOwnCollections,
  favoritesRefusal,
  findCollection,
  holdsChild,
  insertChild,
  isPublic,
  newCollectionRow,
  optionalText,
  ownCollection,
  placeChildren,
  removeChild,
  resolveChild,
  resolveChildren,
  updateCollectionFields,
  writeChildren,
  type ChildRef,
} from './collection-writes.ts';
import { MAX_COLLECTION_CHILDREN } from '../../../domain/user-rules.ts';
import type * as r from './collections-write.routes.ts';
import { clockOf } from '../../platform/clock.ts';

type Changes = Partial<Selectable<Database['collections']>>;

/**
 * Runs a collection write in one transaction with the audit entry of the acting user (before and
 * after snapshots); the caller announces after commit.
 */
const audited = <T>(c: Context<AppEnv>, action: string, work: (trx: Transaction<Database>) => Promise<AuditedChange<T>>) =>
  withUserAudit(c.get('deps'), c.get('user'), { type: 'COLLECTION', action }, work);

/** A collection's stored state by id, as an audit value. */
const snapshotOf = collectionSnapshotById;

/** Whether two snapshots differ only in the order of the same children. */
function onlyReordered(before: Awaited<ReturnType<typeof snapshotOf>>, after: Awaited<ReturnType<typeof snapshotOf>>): boolean {
  const rest = (x: typeof before) => JSON.stringify({ ...x, children: [...x.children].sort() });
  return rest(before) === rest(after) && JSON.stringify(before.children) !== JSON.stringify(after.children);
}

const typeChangeRefusal = () => new ApiError('CONFLICT', 'Give the new children, or empty the collection, to change what kind of items it holds.');

/** POST /collection/ */
export const createCollection: RouteHandler<typeof r.createCollection, AppEnv> = async (c) => {
  const user = requireUser(c);
  const body = c.req.valid('json');
  const ctx = await contentCtx(c);
  await checkCollectionQuota(ctx, user.id);
  const type = body.type ?? 'SPACE';
  const children = body.children ? await resolveChildren(ctx, type, body.children) : [];
  const row = newCollectionRow(
    user.id,
    {
      name: body.name,
      description: blankToNull(body.description),
      type,
      isActive: body.isActive ?? true,
      metaTitle: blankToNull(body.metaTitle),
      metaDescription: blankToNull(body.metaDescription),
      visibility: body.visibility ?? 'PUBLIC',
    },
    ctx.clock.now().toISOString(),
  );
  await audited(c, 'CREATE', async (trx) => {
    await insertCollection(trx, row);
    await writeChildren(trx, row.id, children, row.createdAt);
    return { from: null, to: await snapshotOf(trx, row.id), result: undefined };
  });
  await announceCollections(c, isPublic(row) ? [row.id] : []);
  return c.json(await answerCollection(c, row.id), 201);
};

/**
 * Applies field changes and, when given, a new children list; announces when the public could see it
 * before or after. The audit entry says `REORDER` when only the order of the children changed, and
 * nothing is written to the log when nothing changed.
 */
async function update(c: Context<AppEnv>, id: string, wasPublic: boolean, changes: Changes, children: ChildRef[] | null, action = 'UPDATE') {
  const now = clockOf(c.get('deps')).now().toISOString();
  const after = await audited(c, action, async (trx) => {
    const before = await snapshotOf(trx, id);
    await updateCollectionFields(trx, id, changes, now);
    if (children) await writeChildren(trx, id, children, now);
    const saved = await snapshotOf(trx, id);
    const result = { visibility: saved.visibility, isActive: saved.isActive ? 1 : 0 };
    if (JSON.stringify(before) === JSON.stringify(saved)) return { from: null, to: null, result, noop: true };
    return { from: before, to: saved, result, action: onlyReordered(before, saved) ? 'REORDER' : undefined };
  });
  await announceCollections(c, wasPublic || isPublic(after) ? [id] : []);
}

/** PUT /collection/{id}/ */
export const putCollection: RouteHandler<typeof r.putCollection, AppEnv> = async (c) => {
  const user = requireUser(c);
  const body = c.req.valid('json');
  const ctx = await contentCtx(c);
  const row = await ownCollection(ctx, user, c.req.valid('param').id);
  const type = body.type ?? 'SPACE';
  if (row.isFavorite && body.name !== row.name) throw favoritesRefusal('renamed');
  if (row.isFavorite && type !== 'SPACE') throw favoritesRefusal('changed to a collection of collections');
  const children = body.children ? await resolveChildren(ctx, type, body.children, row.id) : null;
  if (!children && type !== row.type && (await currentChildren(ctx.db, row.id)).length) throw typeChangeRefusal();
  await update(
    c,
    row.id,
    isPublic(row),
    {
      name: body.name,
      description: blankToNull(body.description),
      type,
      isActive: body.isActive === false ? 0 : 1,
      metaTitle: blankToNull(body.metaTitle),
      metaDescription: blankToNull(body.metaDescription),
      ...(body.visibility ? { visibility: body.visibility } : {}),
    },
    children,
  );
  return c.json(await answerCollection(c, row.id), 200);
};

/** The field changes of a PATCH body. */
function patchChanges(body: UserCollectionPatch): Changes {
  const changes: Changes = {};
  if (body.name !== undefined) changes.name = body.name;
  const description = optionalText(body.description);
  if (description !== undefined) changes.description = description;
  if (body.type !== undefined) changes.type = body.type;
  if (body.isActive !== undefined) changes.isActive = body.isActive ? 1 : 0;
  const metaTitle = optionalText(body.metaTitle);
  if (metaTitle !== undefined) changes.metaTitle = metaTitle;
  const metaDescription = optionalText(body.metaDescription);
  if (metaDescription !== undefined) changes.metaDescription = metaDescription;
  if (body.visibility !== undefined) changes.visibility = body.visibility;
  return changes;
}

/** PATCH /collection/{id}/ */
export const patchCollection: RouteHandler<typeof r.patchCollection, AppEnv> = async (c) => {
  const user = requireUser(c);
  const body = c.req.valid('json');
  const ctx = await contentCtx(c);
  const row = await ownCollection(ctx, user, c.req.valid('param').id);
  const type = (body.type ?? row.type) as CollectionType;
  if (row.isFavorite && body.name !== undefined && body.name !== row.name) throw favoritesRefusal('renamed');
  if (row.isFavorite && type !== 'SPACE') throw favoritesRefusal('changed to a collection of collections');
  const current = await currentChildren(ctx.db, row.id);
  let children: ChildRef[] | null = null;
  if (type !== row.type) {
    if (current.length && !body.children) throw typeChangeRefusal();
    if (body.children) children = placeChildren([], await resolveChildren(ctx, type, body.children, row.id));
  } else if (body.children) {
    children = placeChildren(current, await resolveChildren(ctx, type, body.children, row.id));
  }
  await update(c, row.id, isPublic(row), patchChanges(body), children);
  return c.json(await answerCollection(c, row.id), 200);
};

/** POST /collection/{id}/rename/ */
export const renameCollection: RouteHandler<typeof r.renameCollection, AppEnv> = async (c) => {
  const user = requireUser(c);
  const { name } = c.req.valid('json');
  const row = await ownCollection(await contentCtx(c), user, c.req.valid('param').id);
  if (row.isFavorite) throw favoritesRefusal('renamed');
  if (name !== row.name) await update(c, row.id, isPublic(row), { name }, null, 'RENAME');
  return c.json(await answerCollection(c, row.id), 200);
};

/** PUT /collection/{id}/add/?itemId= */
export const addToCollection: RouteHandler<typeof r.addToCollection, AppEnv> = async (c) => {
  const user = requireUser(c);
  const { itemId } = c.req.valid('query');
  const ctx = await contentCtx(c);
  const row = await ownCollection(ctx, user, c.req.valid('param').id);
  const ref = await resolveChild(ctx, row.type as CollectionType, itemId, row.id);
  if (!ref) throw notFound(row.type === 'SPACE' ? 'Space' : 'Collection');
  const added = await audited(c, row.isFavorite ? 'FAVORITE' : 'ADD', async (trx) => {
    const before = await snapshotOf(trx, row.id);
    if (await holdsChild(trx, row.id, ref)) return { from: null, to: null, result: false, noop: true };
    const stats = await childStats(trx, row.id);
    if (stats.count >= MAX_COLLECTION_CHILDREN) throw new ApiError('CONFLICT', `A collection holds at most ${MAX_COLLECTION_CHILDREN} items.`);
    const now = clockOf(c.get('deps')).now().toISOString();
    const position = stats.last === null ? 0 : stats.last + 1;
    await insertChild(trx, row.id, ref, position, now);
    await touchCollection(trx, row.id, now);
    return { from: before, to: await snapshotOf(trx, row.id), result: true };
  });
  await announceCollections(c, added && isPublic(row) ? [row.id] : []);
  return c.json(await answerCollection(c, row.id, ref.childType === 'SPACE' ? ref.childId : null), 200);
};

/** PUT /collection/{id}/delete/?itemId=: removes an item whatever has become of it since (private, moderated). */
export const removeFromCollection: RouteHandler<typeof r.removeFromCollection, AppEnv> = async (c) => {
  const user = requireUser(c);
  const { itemId } = c.req.valid('query');
  const ctx = await contentCtx(c);
  const row = await ownCollection(ctx, user, c.req.valid('param').id);
  const child = row.type === 'SPACE' ? await findSpaceRow(ctx, itemId) : await findCollection(ctx, itemId);
  if (!child) throw notFound(row.type === 'SPACE' ? 'Space' : 'Collection');
  const removed = await audited(c, row.isFavorite ? 'UNFAVORITE' : 'REMOVE', async (trx) => {
    const before = await snapshotOf(trx, row.id);
    if (!(await removeChild(trx, row.id, row.type, child.id))) return { from: null, to: null, result: false, noop: true };
    await touchCollection(trx, row.id, clockOf(c.get('deps')).now().toISOString());
    return { from: before, to: await snapshotOf(trx, row.id), result: true };
  });
  await announceCollections(c, removed && isPublic(row) ? [row.id] : []);
  return c.json(await answerCollection(c, row.id, row.type === 'SPACE' ? child.id : null), 200);
};

/** Deletes collections (checked by the caller) and their places inside other collections. */
async function deleteRows(c: Context<AppEnv>, rows: readonly { id: string; visibility: string; isActive: number }[], action: 'DELETE' | 'DELETE_BULK') {
  const ids = rows.map((x) => x.id);
  await audited(c, action, async (trx) => {
    const before = await Promise.all(ids.map((id) => snapshotOf(trx, id)));
    await deleteOwnCollections(trx, ids);
    return { from: action === 'DELETE' ? before[0] : before, to: null, result: undefined };
  });
  await announceCollections(
    c,
    rows.filter(isPublic).map((x) => x.id),
  );
  return ids;
}

/** DELETE /collection/{id}/ */
export const deleteCollection: RouteHandler<typeof r.deleteCollection, AppEnv> = async (c) => {
  const user = requireUser(c);
  const row = await ownCollection(await contentCtx(c), user, c.req.valid('param').id);
  if (row.isFavorite) throw favoritesRefusal('deleted');
  return c.json({ deleted: await deleteRows(c, [row], 'DELETE') }, 200);
};

/** DELETE /collection/ (bulk): every id must be the caller's own and not the favorites, else nothing is deleted. */
export const deleteCollections: RouteHandler<typeof r.deleteCollections, AppEnv> = async (c) => {
  const user = requireUser(c);
  const ctx = await contentCtx(c);
  const rows = new Map<string, Awaited<ReturnType<typeof ownCollection>>>();
  for (const key of c.req.valid('json')) {
    const row = await ownCollection(ctx, user, key);
    if (row.isFavorite) throw favoritesRefusal('deleted');
    rows.set(row.id, row);
  }
  return c.json({ deleted: await deleteRows(c, [...rows.values()], 'DELETE_BULK') }, 200);
};
