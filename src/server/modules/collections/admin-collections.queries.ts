import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { CollectionChildInput, CollectionSearchInput } from '../../../domain/admin-inputs.ts';
import { COLLECTION_TEXTS, type CollectionType } from '../../../domain/collection.ts';
import { parseTranslations } from '../../../domain/locale-texts.ts';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { findCollection, findSpace } from '../../platform/admin/items.ts';
import { anyContains } from '../../platform/admin/query.ts';
import { fieldError } from '../../platform/errors.ts';

type Row = Selectable<Database['collections']>;
type ChildInput = z.infer<typeof CollectionChildInput>;

/** A stored child: what it is and its place. */
export interface ChildRef {
  childType: CollectionType;
  childId: string;
  position: number;
}

/** Which collections an admin list or search shows. */
export interface AdminCollectionFilter extends Omit<CollectionSearchInput, 'spaceId'> {
  /** Resolved space id ('' for an unknown space: nothing matches). */
  spaceId?: string | undefined;
}

/**
 * SQL conditions (alias c) of an admin collection list. Administrators see featured (admin)
 * collections and users' PUBLIC ones; users' PRIVATE collections (favorites among them) stay
 * private and are never listed, though an admin can still open one by id.
 */
export function adminCollectionConditions(f: AdminCollectionFilter): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [sql`(c."isAdmin" = 1 OR c."ownerUserId" IS NULL OR c.visibility <> 'PRIVATE')`];
  if (f.type) where.push(sql`c.type = ${f.type}`);
  if (f.spaceId !== undefined)
    where.push(sql`c.id IN (SELECT x."collectionId" FROM collection_children x WHERE x."childType" = 'SPACE' AND x."childId" = ${f.spaceId})`);
  const text = f.searchText?.trim();
  if (text) where.push(sql`(${anyContains([sql.ref('c.name'), sql`coalesce(c.description, '')`, sql.ref('c.sid')], text)} OR c.id = ${text})`);
  if (!f.includeInactive) where.push(sql`c."isActive" = 1`);
  if (!f.includeEmpty) where.push(sql`EXISTS (SELECT 1 FROM collection_children e WHERE e."collectionId" = c.id)`);
  if (f.isAdmin !== undefined) where.push(sql`c."isAdmin" = ${f.isAdmin ? 1 : 0}`);
  if (f.isUgc !== undefined) where.push(sql`c."isUgc" = ${f.isUgc ? 1 : 0}`);
  if (f.idsToExclude?.length) where.push(sql`c.id NOT IN (${sql.join(f.idsToExclude)}) AND c.sid NOT IN (${sql.join(f.idsToExclude)})`);
  return where;
}

/** One page of collection rows under admin conditions: featured first by priority, then newest. */
export async function adminCollectionRows(db: Kysely<Database>, where: RawBuilder<unknown>[], offset: number, limit: number) {
  const cond = sql.join(where, sql` AND `);
  const [rows, count] = await Promise.all([
    sql<Row>`SELECT c.* FROM collections c WHERE ${cond} ORDER BY c."isAdmin" DESC, c.priority DESC, c."createdAt" DESC, c.id LIMIT ${limit} OFFSET ${offset}`.execute(
      db,
    ),
    sql<{ n: number }>`SELECT count(*) AS n FROM collections c WHERE ${cond}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/**
 * Resolves the children an admin gives to stored children of a collection of `type`: spaces by
 * id, modelId or slug; collections by id or sid, which must be collections of spaces (one level of
 * nesting, so no collection can end up inside itself). Sorted by `order`, then as listed.
 */
export async function resolveChildren(db: Kysely<Database>, type: CollectionType, children: readonly ChildInput[], selfId: string | null): Promise<ChildRef[]> {
  const resolved: { childId: string; order: number; index: number }[] = [];
  for (const [i, child] of children.entries()) {
    const path = `json.children.${i}.id`;
    if (type === 'SPACE') {
      const space = await findSpace(db, child.id);
      if (!space) throw fieldError(path, `No space ${child.id}`);
      resolved.push({ childId: space.id, order: child.order ?? i, index: i });
    } else {
      const sub = await findCollection(db, child.id);
      if (!sub) throw fieldError(path, `No collection ${child.id}`);
      if (sub.id === selfId) throw fieldError(path, 'A collection cannot contain itself');
      if (sub.type !== 'SPACE') throw fieldError(path, 'Only collections of spaces can be nested');
      resolved.push({ childId: sub.id, order: child.order ?? i, index: i });
    }
  }
  resolved.sort((a, b) => a.order - b.order || a.index - b.index);
  const seen = new Set<string>();
  const out: ChildRef[] = [];
  for (const r of resolved) {
    if (seen.has(r.childId)) continue;
    seen.add(r.childId);
    out.push({ childType: type, childId: r.childId, position: out.length });
  }
  return out;
}

/** A collection's children in order. */
export async function childrenOf(db: Kysely<Database>, collectionId: string): Promise<(ChildRef & { addedAt: string })[]> {
  const rows = await db
    .selectFrom('collection_children')
    .select(['childType', 'childId', 'position', 'addedAt'])
    .where('collectionId', '=', collectionId)
    .orderBy('position')
    .orderBy('addedAt')
    .execute();
  return rows.map((r) => ({ childType: r.childType as CollectionType, childId: r.childId, position: Number(r.position), addedAt: r.addedAt }));
}

/** Replaces a collection's children; children it keeps keep their added date. */
export async function writeChildren(db: Kysely<Database>, collectionId: string, children: readonly ChildRef[], now: string): Promise<void> {
  const old = new Map((await childrenOf(db, collectionId)).map((c) => [`${c.childType}:${c.childId}`, c.addedAt]));
  await db.deleteFrom('collection_children').where('collectionId', '=', collectionId).execute();
  if (!children.length) return;
  await db
    .insertInto('collection_children')
    .values(
      children.map((c) => ({
        collectionId,
        childType: c.childType,
        childId: c.childId,
        position: c.position,
        addedAt: old.get(`${c.childType}:${c.childId}`) ?? now,
      })),
    )
    .execute();
}

/** What a collection stores, as an audit value. */
export async function collectionSnapshot(db: Kysely<Database>, row: Row) {
  const children = await childrenOf(db, row.id);
  return {
    id: row.id,
    sid: row.sid,
    name: row.name,
    description: row.description,
    translations: parseTranslations(row.translations, COLLECTION_TEXTS),
    type: row.type,
    isActive: row.isActive === 1,
    isAdmin: row.isAdmin === 1,
    isUgc: row.isUgc === 1,
    priority: row.priority,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    visibility: row.visibility,
    children: children.map((c) => c.childId),
  };
}

/** The collections holding any of these as a sub-collection (to rebuild them when a child goes). */
export async function parentsOf(db: Kysely<Database>, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('collection_children')
    .select('collectionId')
    .distinct()
    .where('childType', '=', 'COLLECTION')
    .where('childId', 'in', ids)
    .execute();
  return rows.map((r) => r.collectionId);
}

/** Deletes collections and their places inside other collections. */
export async function deleteCollections(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('collection_children').where('childType', '=', 'COLLECTION').where('childId', 'in', ids).execute();
  await db.deleteFrom('collection_children').where('collectionId', 'in', ids).execute();
  await db.deleteFrom('collections').where('id', 'in', ids).execute();
}

/** What PATCH construct found and fixed. */
export interface ConstructOutcome {
  collections: number;
  removed: { collectionId: string; childType: string; childId: string }[];
  renumbered: string[];
}

/**
 * Rebuilds the derived structure of every collection: removes children pointing at spaces or
 * collections that no longer exist or of the wrong type for their parent, and renumbers the
 * remaining children 0, 1, 2… in their current order. Counts and covers are computed on read, so
 * they follow.
 */
export async function constructCollections(db: Kysely<Database>): Promise<ConstructOutcome> {
  const collections = await db.selectFrom('collections').select(['id', 'type']).execute();
  const typeOf = new Map(collections.map((c) => [c.id, c.type]));
  const removed = [
    ...(
      await sql<{ collectionId: string; childType: string; childId: string }>`SELECT cc."collectionId", cc."childType", cc."childId" FROM collection_children cc
      WHERE (cc."childType" = 'SPACE' AND cc."childId" NOT IN (SELECT id FROM spaces))
         OR (cc."childType" = 'COLLECTION' AND cc."childId" NOT IN (SELECT id FROM collections))
         OR cc."childType" <> (SELECT p.type FROM collections p WHERE p.id = cc."collectionId")`.execute(db)
    ).rows,
  ];
  for (const r of removed) {
    await db
      .deleteFrom('collection_children')
      .where('collectionId', '=', r.collectionId)
      .where('childType', '=', r.childType)
      .where('childId', '=', r.childId)
      .execute();
  }
  const all = await db
    .selectFrom('collection_children')
    .select(['collectionId', 'childType', 'childId', 'position'])
    .orderBy('collectionId')
    .orderBy('position')
    .orderBy('addedAt')
    .execute();
  const byCollection = new Map<string, typeof all>();
  for (const c of all) byCollection.set(c.collectionId, [...(byCollection.get(c.collectionId) ?? []), c]);
  const renumbered: string[] = [];
  for (const [collectionId, list] of byCollection) {
    if (!typeOf.has(collectionId) || list.every((c, i) => Number(c.position) === i)) continue;
    renumbered.push(collectionId);
    for (const [i, c] of list.entries()) {
      await db
        .updateTable('collection_children')
        .set({ position: i })
        .where('collectionId', '=', collectionId)
        .where('childType', '=', c.childType)
        .where('childId', '=', c.childId)
        .execute();
    }
  }
  return { collections: collections.length, removed, renumbered };
}

/** Writes a collection's columns over the stored one. */
export async function updateCollectionRow(db: Kysely<Database>, id: string, next: Row): Promise<void> {
  await db.updateTable('collections').set(next).where('id', '=', id).execute();
}

/** Stores a new collection. */
export async function insertCollection(db: Kysely<Database>, row: Row): Promise<void> {
  await db.insertInto('collections').values(row).execute();
}

/** Marks a collection updated at `now` (ISO). */
export async function touchCollection(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('collections').set({ updatedAt: now }).where('id', '=', id).execute();
}

/** Every key each child may be named by (a space's id, modelId or slug; a collection's id or sid). */
export async function childKeys(db: Kysely<Database>, type: CollectionType, ids: readonly string[]): Promise<{ id: string; keys: string[] }[]> {
  return type === 'SPACE'
    ? await db
        .selectFrom('spaces')
        .select(['id', 'modelId', 'slug'])
        .where('id', 'in', ids)
        .execute()
        .then((s) => s.map((x) => ({ id: x.id, keys: [x.id, x.modelId, x.slug] })))
    : await db
        .selectFrom('collections')
        .select(['id', 'sid'])
        .where('id', 'in', ids)
        .execute()
        .then((s) => s.map((x) => ({ id: x.id, keys: [x.id, x.sid] })));
}
