import { sql, type RawBuilder, type Selectable } from 'kysely';
import { COLLECTION_TEXTS, type Collection, type CollectionChild, type CollectionType } from '../../../domain/collection.ts';
import { inLocale, parseTranslations } from '../../../domain/locale-texts.ts';
import { makePage, type PageWindow } from '../../../domain/page.ts';
import type { SpaceCard } from '../../../domain/space.ts';
import type { Database } from '../../db/schema.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import type { ContentCtx } from '../../platform/content/context.ts';
import { spaceImages } from '../../platform/content/media-urls.ts';
import { userInfos } from '../profiles/profiles.queries.ts';
import { cardsById } from '../spaces/spaces.queries.ts';
import { collectionVisibleInCollection, isModerated, listedCollection, listedSpace, spaceVisibleInCollection } from '../../platform/content/viewer.ts';

type Row = Selectable<Database['collections']>;

/** A visible child of a collection, in order, with what its parent needs to know about it. */
interface ChildEntry {
  collectionId: string;
  childType: CollectionType;
  childId: string;
  position: number;
  addedAt: string;
  modelId: string | null;
  cover: string | null;
}

/** How children are embedded: which window of them, and how many space previews a sub-collection carries. */
export interface ChildrenOptions {
  /** Window of children per collection; limit 0 embeds none. */
  window: (row: Row) => PageWindow;
  subchildrenCount: number;
  /** Resolved space id ('' for an unknown one): each collection says whether it holds it; null to leave withSelectedSpace null. */
  selectedSpaceId: string | null;
  /** Names and descriptions in this locale (English where it has none), `translations` left empty; without it, every variant comes along. */
  locale?: string | undefined;
}

/** The visible children of collections, ordered by position, in two queries (spaces, sub-collections). */
async function childIndex(ctx: ContentCtx, ids: readonly string[]): Promise<Map<string, ChildEntry[]>> {
  const out = new Map<string, ChildEntry[]>();
  if (!ids.length) return out;
  const idList = sql.join([...new Set(ids)]);
  const [spaces, subs] = await Promise.all([
    sql<{
      collectionId: string;
      childId: string;
      position: number;
      addedAt: string;
      modelId: string;
      imageKey: string;
      imageWidth: number;
      imageHeight: number;
    }>`
      SELECT cc."collectionId", cc."childId", cc.position, cc."addedAt", s."modelId", s."imageKey", s."imageWidth", s."imageHeight"
      FROM collection_children cc JOIN spaces s ON s.id = cc."childId" JOIN collections c ON c.id = cc."collectionId"
      WHERE cc."collectionId" IN (${idList}) AND cc."childType" = 'SPACE' AND ${spaceVisibleInCollection(ctx.viewer, 's', 'c')}`.execute(ctx.db),
    sql<{ collectionId: string; childId: string; position: number; addedAt: string }>`
      SELECT cc."collectionId", cc."childId", cc.position, cc."addedAt"
      FROM collection_children cc JOIN collections sub ON sub.id = cc."childId"
      WHERE cc."collectionId" IN (${idList}) AND cc."childType" = 'COLLECTION' AND ${collectionVisibleInCollection(ctx.viewer, 'sub')}`.execute(ctx.db),
  ]);
  const add = (e: ChildEntry) => {
    const list = out.get(e.collectionId) ?? [];
    list.push(e);
    out.set(e.collectionId, list);
  };
  for (const s of spaces.rows) {
    add({
      collectionId: s.collectionId,
      childType: 'SPACE',
      childId: s.childId,
      position: Number(s.position),
      addedAt: s.addedAt,
      modelId: s.modelId,
      cover: spaceImages(s.imageKey, 1, 1).cover,
    });
  }
  for (const c of subs.rows)
    add({
      collectionId: c.collectionId,
      childType: 'COLLECTION',
      childId: c.childId,
      position: Number(c.position),
      addedAt: c.addedAt,
      modelId: null,
      cover: null,
    });
  for (const list of out.values()) list.sort((a, b) => a.position - b.position || a.addedAt.localeCompare(b.addedAt));
  return out;
}

/** A collection's name, description and their variants per locale, or with `locale` the texts in it (English where it has none). */
const textsOf = (r: Pick<Row, 'name' | 'description' | 'translations'>, locale: string | undefined) =>
  inLocale({ name: r.name, description: r.description, translations: parseTranslations(r.translations, COLLECTION_TEXTS) }, COLLECTION_TEXTS, locale);

/** A collection's cover: its first space child's image, else its first sub-collection's. */
function coverOf(entries: readonly ChildEntry[], subIndex: Map<string, ChildEntry[]>): string | null {
  const space = entries.find((e) => e.childType === 'SPACE');
  if (space) return space.cover;
  for (const e of entries) {
    const sub = subIndex.get(e.childId)?.find((x) => x.childType === 'SPACE');
    if (sub) return sub.cover;
  }
  return null;
}

/** Collection rows as API collections with their children windows, loading everything in a fixed number of batches. */
export async function buildCollections(ctx: ContentCtx, rows: readonly Row[], o: ChildrenOptions): Promise<Collection[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const index = await childIndex(ctx, ids);
  const subIds = [
    ...new Set(
      [...index.values()]
        .flat()
        .filter((e) => e.childType === 'COLLECTION')
        .map((e) => e.childId),
    ),
  ];
  const [subRows, subIndex] = await Promise.all([
    subIds.length ? ctx.db.selectFrom('collections').select(['id', 'sid', 'name', 'description', 'translations']).where('id', 'in', subIds).execute() : [],
    childIndex(ctx, subIds),
  ]);
  const subById = new Map(subRows.map((s) => [s.id, s]));

  const windows = new Map(
    rows.map((r) => {
      const w = o.window(r);
      return [r.id, { w, entries: w.limit > 0 ? (index.get(r.id) ?? []).slice(w.offset, w.offset + w.limit) : [] }];
    }),
  );
  const cardIds = new Set<string>();
  for (const { entries } of windows.values()) {
    for (const e of entries) {
      if (e.childType === 'SPACE') cardIds.add(e.childId);
      else if (o.subchildrenCount > 0)
        for (const x of (subIndex.get(e.childId) ?? []).filter((y) => y.childType === 'SPACE').slice(0, o.subchildrenCount)) cardIds.add(x.childId);
    }
  }
  const [cards, owners, selected] = await Promise.all([
    cardsById(ctx, [...cardIds], sql`1 = 1`),
    userInfos(
      ctx,
      rows.map((r) => r.ownerUserId),
    ),
    o.selectedSpaceId !== null
      ? ctx.db
          .selectFrom('collection_children')
          .select('collectionId')
          .where('childType', '=', 'SPACE')
          .where('childId', '=', o.selectedSpaceId)
          .where('collectionId', 'in', ids)
          .execute()
      : [],
  ]);
  const holding = new Set(selected.map((s) => s.collectionId));

  return rows.map((r) => {
    const all = index.get(r.id) ?? [];
    const { w, entries } = windows.get(r.id) as { w: PageWindow; entries: ChildEntry[] };
    const children: CollectionChild[] = [];
    for (const e of entries) {
      if (e.childType === 'SPACE') {
        const space = cards.get(e.childId);
        if (space) children.push({ childType: 'SPACE', addedToParentDate: e.addedAt, totalChildren: 0, order: e.position, space, collection: null });
        continue;
      }
      const sub = subById.get(e.childId);
      if (!sub) continue;
      const subEntries = subIndex.get(sub.id) ?? [];
      const previews =
        o.subchildrenCount > 0
          ? subEntries
              .filter((x) => x.childType === 'SPACE')
              .slice(0, o.subchildrenCount)
              .map((x) => cards.get(x.childId))
              .filter((x): x is SpaceCard => !!x)
          : undefined;
      children.push({
        childType: 'COLLECTION',
        addedToParentDate: e.addedAt,
        totalChildren: subEntries.length,
        order: e.position,
        space: null,
        collection: {
          id: sub.id,
          sid: sub.sid,
          ...textsOf(sub, o.locale),
          coverUrl: coverOf(subEntries, new Map()),
          childrenCount: subEntries.length,
          ...(previews ? { spaces: previews } : {}),
        },
      });
    }
    return {
      id: r.id,
      sid: r.sid,
      ...textsOf(r, o.locale),
      type: r.type as CollectionType,
      isActive: r.isActive === 1,
      isFavorite: r.isFavorite === 1,
      isUgc: r.isUgc === 1,
      isAdmin: r.isAdmin === 1,
      priority: r.priority,
      metaTitle: r.metaTitle,
      metaDescription: r.metaDescription,
      spaceModelIds: all.filter((e) => e.childType === 'SPACE').map((e) => e.modelId as string),
      childrenCount: all.length,
      withSelectedSpace: o.selectedSpaceId !== null ? holding.has(r.id) : null,
      coverUrl: coverOf(all, subIndex),
      userInfo: r.ownerUserId ? (owners.get(r.ownerUserId) ?? null) : null,
      children: makePage(children, all.length, w),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  });
}

/** SQL: the collection (alias c) has at least one listed child. */
export const notEmpty = (
  ctx: ContentCtx,
): RawBuilder<unknown> => sql`(EXISTS (SELECT 1 FROM collection_children cc JOIN spaces s ON s.id = cc."childId" WHERE cc."collectionId" = c.id AND cc."childType" = 'SPACE' AND ${listedSpace('s', ctx.dialect)})
  OR EXISTS (SELECT 1 FROM collection_children cc JOIN collections sub ON sub.id = cc."childId" WHERE cc."collectionId" = c.id AND cc."childType" = 'COLLECTION' AND ${listedCollection('sub')}))`;

/** Runs a collection query (alias c) for one page, with the total. */
async function pageOfRows(ctx: ContentCtx, where: RawBuilder<unknown>[], order: RawBuilder<unknown>, w: PageWindow) {
  const cond = sql.join(where, sql` AND `);
  const [rows, count] = await Promise.all([
    sql<Row>`SELECT c.* FROM collections c WHERE ${cond} ORDER BY ${order}, c.id LIMIT ${w.limit} OFFSET ${w.offset}`.execute(ctx.db),
    sql<{ n: number }>`SELECT count(*) AS n FROM collections c WHERE ${cond}`.execute(ctx.db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** Which listed collections a public list shows. */
export interface CollectionListFilter {
  type?: CollectionType | undefined;
  /** Resolved space id: only collections holding it. */
  spaceId?: string | null | undefined;
  /** Only featured (admin) collections. */
  featured?: boolean;
  /** Only the system profile's collections (admin, no owner). */
  system?: boolean;
  ownerUserId?: string;
}

/** A page of listed, non-empty collections. Featured and system lists go by priority; others newest first. */
export async function listCollections(ctx: ContentCtx, f: CollectionListFilter, w: PageWindow, o: ChildrenOptions) {
  const where: RawBuilder<unknown>[] = [listedCollection('c'), notEmpty(ctx)];
  if (f.type) where.push(sql`c.type = ${f.type}`);
  if (f.spaceId !== undefined) {
    where.push(
      f.spaceId ? sql`c.id IN (SELECT x."collectionId" FROM collection_children x WHERE x."childType" = 'SPACE' AND x."childId" = ${f.spaceId})` : sql`1 = 0`,
    );
  }
  if (f.featured || f.system) where.push(sql`c."isAdmin" = 1`);
  if (f.system) where.push(sql`c."ownerUserId" IS NULL`);
  if (f.ownerUserId) where.push(sql`c."ownerUserId" = ${f.ownerUserId}`);
  const order = f.featured || f.system ? sql`c.priority DESC, c."createdAt" DESC` : sql`c."createdAt" DESC`;
  const { rows, total } = await pageOfRows(ctx, where, order, w);
  return makePage(await buildCollections(ctx, rows, o), total, w);
}

/** GET /collection/{id}/: by id or sid. PRIVATE or inactive ones only for their owner and admins; moderated ones only for admins. */
export async function readCollection(ctx: ContentCtx, key: string, o: ChildrenOptions): Promise<Collection> {
  const row = await ctx.db
    .selectFrom('collections')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('sid', '=', key)]))
    .executeTakeFirst();
  if (!row) throw notFound('Collection');
  if (!ctx.viewer.isAdmin) {
    const own = !!ctx.viewer.user && row.ownerUserId === ctx.viewer.user.id;
    if (await isModerated(ctx.db, 'COLLECTION', row.id)) throw notFound('Collection');
    if (!own && (row.visibility === 'PRIVATE' || row.isActive !== 1)) throw notFound('Collection');
    if (!own && row.ownerUserId) {
      const owner = await ctx.db.selectFrom('users').select('status').where('id', '=', row.ownerUserId).executeTakeFirst();
      if (owner && owner.status !== 'ACTIVE') throw notFound('Collection');
    }
  }
  const [c] = await buildCollections(ctx, [row], o);
  return c as Collection;
}

/** GET /collection/my/: the signed-in user's own collections, favorites first, then most recently changed. */
export async function myCollections(ctx: ContentCtx, w: PageWindow, o: ChildrenOptions) {
  const user = ctx.viewer.user;
  if (!user) throw unauthorized();
  const { rows, total } = await pageOfRows(ctx, [sql`c."ownerUserId" = ${user.id}`], sql`c."isFavorite" DESC, c."updatedAt" DESC`, w);
  return makePage(await buildCollections(ctx, rows, o), total, w);
}

/** GET /collection/favorite/: the signed-in user's favorites collection, or null before they favorite anything. */
export async function favoriteCollection(ctx: ContentCtx, o: ChildrenOptions): Promise<Collection | null> {
  const user = ctx.viewer.user;
  if (!user) throw unauthorized();
  const row = await ctx.db
    .selectFrom('collections')
    .selectAll()
    .where('ownerUserId', '=', user.id)
    .where('isFavorite', '=', 1)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!row) return null;
  const [c] = await buildCollections(ctx, [row], o);
  return c ?? null;
}
