import type { Context } from 'hono';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Collection, CollectionType } from '../../../domain/collection.ts';
import { blankToNull } from '../../../domain/user-inputs.ts';
import { MAX_COLLECTION_CHILDREN, MAX_USER_COLLECTIONS } from '../../../domain/user-rules.ts';
import { isOwnerOrAdmin, requireUser } from '../auth/guards.ts';
import type { AppEnv, SessionUser } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, forbidden, notFound } from '../../platform/errors.ts';
import { collectionSnapshot } from './admin-collections.queries.ts';
import { readCollection } from './collections.queries.ts';
import { contentCtx, type ContentCtx } from '../../platform/content/context.ts';
import { favoritesRow } from './favorites-row.ts';
import { findSpaceRow } from '../spaces/spaces.queries.ts';
import { isModerated, ownsSpace } from '../../platform/content/viewer.ts';
import { newId, newSid } from '../../platform/ids.ts';

/**
 * The rules of a user's own collections, shared by the write handlers: who may change which
 * collection, which children may go in, how children are ordered, and the one content-change event
 * per change to something the public can see.
 */

type Row = Selectable<Database['collections']>;

/** A child as stored: its kind, id and place. */
export interface ChildRef {
  childType: CollectionType;
  childId: string;
}

/** Children embedded in a write's answer. */
const ANSWER_CHILDREN = 24;

/** Whether a collection is on the public site (so changing it means a rebuild). */
export const isPublic = (row: Pick<Row, 'visibility' | 'isActive'>) => row.visibility === 'PUBLIC' && row.isActive === 1;

/** A collection by id or sid, with no visibility check. */
export async function findCollection(ctx: ContentCtx, key: string): Promise<Row | undefined> {
  return ctx.db
    .selectFrom('collections')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('sid', '=', key)]))
    .executeTakeFirst();
}

/**
 * A collection the signed-in user may change: their own (or any, for an administrator). Someone
 * else's collection answers 403 when the public can see it and 404 otherwise, so private ones stay
 * secret; a moderated one is 404 to everyone but administrators.
 */
export async function ownCollection(ctx: ContentCtx, user: SessionUser, key: string): Promise<Row> {
  if (key === FAVORITE_KEY) return favoritesOf(ctx, user);
  const row = await findCollection(ctx, key);
  if (!row) throw notFound('Collection');
  if (user.isPrivileged) return row;
  const moderated = await isModerated(ctx.db, 'COLLECTION', row.id);
  if (moderated) throw notFound('Collection');
  if (!isOwnerOrAdmin(user, row.ownerUserId)) {
    if (isPublic(row)) throw forbidden('This collection belongs to someone else.');
    throw notFound('Collection');
  }
  return row;
}

/** The path key that names the caller's own favorites collection (as GET /collection/favorite/ does). */
export const FAVORITE_KEY = 'favorite';

/**
 * The caller's favorites collection, made on first use (spec: a favorites collection per user; a
 * user whose data was prepared before they had one gets it when they first favorite something).
 */
export async function favoritesOf(ctx: ContentCtx, user: SessionUser): Promise<Row> {
  const find = () =>
    ctx.db.selectFrom('collections').selectAll().where('ownerUserId', '=', user.id).where('isFavorite', '=', 1).orderBy('createdAt').executeTakeFirst();
  const found = await find();
  if (found) return found;
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('collections')
    .values(favoritesRow({ id: newId(), sid: newSid() }, user.id, now))
    .execute();
  return (await find()) as Row;
}

/** Route middleware: 401 for guests, then 403/404 unless the path's collection is the caller's, all before the body is read. */
export async function collectionOwner(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  const user = requireUser(c);
  await ownCollection(await contentCtx(c), user, c.req.param('id') ?? '');
  await next();
}

/**
 * Resolves a child key to what may be stored: in a collection of spaces, a space the user can see
 * (public, unlisted by its id, or their own private one; never a moderated one); in a collection of
 * collections, a collection of spaces that is public or their own. Null when there is none.
 */
export async function resolveChild(ctx: ContentCtx, type: CollectionType, key: string, selfId?: string): Promise<ChildRef | null> {
  if (type === 'SPACE') {
    const space = await findSpaceRow(ctx, key);
    if (!space) return null;
    if (ctx.viewer.isAdmin) return { childType: 'SPACE', childId: space.id };
    if (await isModerated(ctx.db, 'SPACE', space.id)) return null;
    if (space.visibility === 'PRIVATE' && !ownsSpace(ctx.viewer, space)) return null;
    return { childType: 'SPACE', childId: space.id };
  }
  const sub = await findCollection(ctx, key);
  // Only collections of spaces nest, so no collection can end up inside itself.
  if (!sub || sub.id === selfId || sub.type !== 'SPACE') return null;
  if (ctx.viewer.isAdmin) return { childType: 'COLLECTION', childId: sub.id };
  const own = sub.ownerUserId !== null && sub.ownerUserId === ctx.viewer.user?.id;
  if (await isModerated(ctx.db, 'COLLECTION', sub.id)) return null;
  if (!own && !isPublic(sub)) return null;
  return { childType: 'COLLECTION', childId: sub.id };
}

/** Children as a body gives them: sorted by `order` (those without one keep their place after), duplicates dropped, each resolved or a 400 naming it. */
export async function resolveChildren(ctx: ContentCtx, type: CollectionType, children: readonly { id: string; order?: number | undefined }[], selfId?: string) {
  const indexed = children.map((ch, i) => ({ ...ch, i }));
  indexed.sort((a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) || a.i - b.i);
  const out: (ChildRef & { order: number | undefined })[] = [];
  const seen = new Set<string>();
  const problems: { path: string; message: string }[] = [];
  for (const ch of indexed) {
    const ref = await resolveChild(ctx, type, ch.id, selfId);
    if (!ref) {
      problems.push({
        path: `json.children.${ch.i}.id`,
        message: type === 'SPACE' ? `No space ${ch.id} you can add.` : `No collection of spaces ${ch.id} you can add.`,
      });
      continue;
    }
    if (seen.has(ref.childId)) continue;
    seen.add(ref.childId);
    out.push({ ...ref, order: ch.order });
  }
  if (problems.length) throw new ApiError('VALIDATION_ERROR', (problems[0] as { message: string }).message, { fields: problems });
  if (out.length > MAX_COLLECTION_CHILDREN) throw tooMany();
  return out;
}

const tooMany = () => new ApiError('CONFLICT', `A collection holds at most ${MAX_COLLECTION_CHILDREN} items.`);

/** The stored children of a collection in order. */
export async function currentChildren(trx: Transaction<Database> | ContentCtx['db'], collectionId: string): Promise<(ChildRef & { addedAt: string })[]> {
  return trx
    .selectFrom('collection_children')
    .select(['childType', 'childId', 'addedAt'])
    .where('collectionId', '=', collectionId)
    .orderBy('position')
    .orderBy('addedAt')
    .execute() as Promise<(ChildRef & { addedAt: string })[]>;
}

/** Writes a collection's children as the given ordered list, keeping the date each was first added (`now`, ISO, for new ones). */
export async function writeChildren(trx: Transaction<Database>, collectionId: string, list: readonly ChildRef[], now: string): Promise<void> {
  const before = await currentChildren(trx, collectionId);
  const added = new Map(before.map((b) => [`${b.childType}:${b.childId}`, b.addedAt]));
  await trx.deleteFrom('collection_children').where('collectionId', '=', collectionId).execute();
  for (let i = 0; i < list.length; i += 200) {
    const chunk = list.slice(i, i + 200).map((ch, j) => ({
      collectionId,
      childType: ch.childType,
      childId: ch.childId,
      position: i + j,
      addedAt: added.get(`${ch.childType}:${ch.childId}`) ?? now,
    }));
    if (chunk.length) await trx.insertInto('collection_children').values(chunk).execute();
  }
}

/**
 * Places children into an ordered list (PATCH): each given child moves to its `order` (clamped),
 * a new one without an order goes to the end, a present one without an order stays.
 */
export function placeChildren(current: readonly ChildRef[], given: readonly (ChildRef & { order: number | undefined })[]): ChildRef[] {
  const key = (c: ChildRef) => `${c.childType}:${c.childId}`;
  const moving = new Set(given.filter((g) => g.order !== undefined).map(key));
  const list = current.filter((c) => !moving.has(key(c)));
  const present = new Set(list.map(key));
  for (const g of given.filter((x) => x.order === undefined)) if (!present.has(key(g))) list.push({ childType: g.childType, childId: g.childId });
  for (const g of given.filter((x) => x.order !== undefined).sort((a, b) => (a.order as number) - (b.order as number))) {
    list.splice(Math.min(g.order as number, list.length), 0, { childType: g.childType, childId: g.childId });
  }
  if (list.length > MAX_COLLECTION_CHILDREN) throw tooMany();
  return list;
}

/** Refuses more collections than a user may own. */
export async function checkCollectionQuota(ctx: ContentCtx, userId: string): Promise<void> {
  const n = await ctx.db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ownerUserId', '=', userId)
    .executeTakeFirst();
  if (Number(n?.n ?? 0) >= MAX_USER_COLLECTIONS) throw new ApiError('CONFLICT', `You can have at most ${MAX_USER_COLLECTIONS} collections.`);
}

/** 409 for what the favorites collection cannot do. */
export const favoritesRefusal = (what: 'deleted' | 'renamed' | 'changed to a collection of collections') =>
  new ApiError('CONFLICT', `Your favorites collection cannot be ${what}.`);

/** The fields of a new collection row owned by the user, made at `now` (ISO). */
export function newCollectionRow(
  userId: string,
  fields: {
    name: string;
    description: string | null;
    type: CollectionType;
    isActive: boolean;
    metaTitle: string | null;
    metaDescription: string | null;
    visibility: string;
  },
  now: string,
) {
  return {
    id: newId(),
    sid: newSid(),
    name: fields.name,
    description: fields.description,
    translations: '{}',
    type: fields.type,
    isActive: fields.isActive ? 1 : 0,
    isFavorite: 0,
    isUgc: 1,
    isAdmin: 0,
    priority: 0,
    metaTitle: fields.metaTitle,
    metaDescription: fields.metaDescription,
    ownerUserId: userId,
    visibility: fields.visibility,
    createdAt: now,
    updatedAt: now,
  };
}

/** Optional text as stored: blank is null, missing stays missing. */
export const optionalText = (v: string | null | undefined) => (v === undefined ? undefined : blankToNull(v));

/** Announces committed changes to collections the public can see (one event); nothing when none was public. */
export async function announceCollections(c: Context<AppEnv>, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const { db, events } = c.get('deps');
  try {
    await events.emit(db.kysely, 'COLLECTION', [...new Set(ids)]);
  } catch (cause) {
    console.error(new Error('Content-change event COLLECTION was not recorded; the site rebuilds on the next change.', { cause }));
  }
}

/** The collection as its owner sees it after a write; with `selected`, it says whether it holds that space. */
export async function answerCollection(c: Context<AppEnv>, id: string, selected: string | null = null): Promise<Collection> {
  return readCollection(await contentCtx(c), id, { window: () => ({ offset: 0, limit: ANSWER_CHILDREN }), subchildrenCount: 0, selectedSpaceId: selected });
}

/** A collection's stored state by id, as an audit value (the collection must exist). */
export async function collectionSnapshotById(db: Kysely<Database>, id: string) {
  return collectionSnapshot(db, await db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/** Writes field changes of a collection, updated at `now` (ISO). */
export async function updateCollectionFields(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Selectable<Database['collections']>>,
  now: string,
): Promise<void> {
  await db
    .updateTable('collections')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Whether a collection already holds this child. */
export async function holdsChild(db: Kysely<Database>, collectionId: string, ref: Pick<ChildRef, 'childType' | 'childId'>): Promise<boolean> {
  const present = await db
    .selectFrom('collection_children')
    .select('position')
    .where('collectionId', '=', collectionId)
    .where('childType', '=', ref.childType)
    .where('childId', '=', ref.childId)
    .executeTakeFirst();
  return present !== undefined;
}

/** How many children a collection holds, and the last position (null when empty). */
export async function childStats(db: Kysely<Database>, collectionId: string): Promise<{ count: number; last: number | null }> {
  const stats = await db
    .selectFrom('collection_children')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
    .where('collectionId', '=', collectionId)
    .executeTakeFirst();
  return { count: Number(stats?.n ?? 0), last: stats?.last === null || stats?.last === undefined ? null : Number(stats.last) };
}

/** Adds a child to a collection at `position`, added at `now` (ISO). */
export async function insertChild(
  db: Kysely<Database>,
  collectionId: string,
  ref: Pick<ChildRef, 'childType' | 'childId'>,
  position: number,
  now: string,
): Promise<void> {
  await db.insertInto('collection_children').values({ collectionId, childType: ref.childType, childId: ref.childId, position, addedAt: now }).execute();
}

/** Takes a child out of a collection; answers whether it was there. */
export async function removeChild(db: Kysely<Database>, collectionId: string, childType: string, childId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('collection_children')
    .where('collectionId', '=', collectionId)
    .where('childType', '=', childType)
    .where('childId', '=', childId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) !== 0;
}

/** Deletes a user's collections: their children, their places inside other collections, then the rows. */
export async function deleteOwnCollections(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('collection_children').where('collectionId', 'in', ids).execute();
  await db.deleteFrom('collection_children').where('childType', '=', 'COLLECTION').where('childId', 'in', ids).execute();
  await db.deleteFrom('collections').where('id', 'in', ids).execute();
}
