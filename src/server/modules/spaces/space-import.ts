import { sql, type Kysely, type Selectable } from 'kysely';
import type { ImportAllFilter, SpaceImportItem } from '../../../domain/admin-inputs.ts';
import { toStoredDate } from '../../../domain/admin-inputs.ts';
import type { ImportResult } from '../../../domain/admin.ts';
import { findCameraModel } from '../../../domain/cameras.ts';
import { slugify } from '../../../domain/urls.ts';
import type { Dialect } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { parseTags } from './spaces.queries.ts';
import { blankSpaceRow } from './space-writes.ts';
import { requireAll } from '../../platform/admin/bulk.ts';
import { findAccount } from '../../platform/admin/items.ts';
import { ensureTags, setSpaceTags } from '../tags/admin-tags.queries.ts';
import { newId } from '../../platform/ids.ts';
import { fieldError } from '../../platform/errors.ts';

type SpaceRow = Selectable<Database['spaces']>;
type CameraRow = { code: string; manufacturer: string; kind: string };

/** A slug no space uses (as its slug, a former slug, its id or modelId): the base, else base-2, base-3… */
export async function uniqueSlug(db: Kysely<Database>, name: string, fallback: string): Promise<string> {
  const base = (slugify(name) || slugify(fallback) || 'space').slice(0, 72);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [current, former] = await Promise.all([
      db
        .selectFrom('spaces')
        .select('id')
        .where((eb) => eb.or([eb('slug', '=', slug), eb('modelId', '=', slug), eb('id', '=', slug)]))
        .executeTakeFirst(),
      db.selectFrom('space_slugs').select('spaceId').where('slug', '=', slug).executeTakeFirst(),
    ]);
    if (!current && !former) return slug;
  }
}

/** The stored cameras of a feed item: known model codes fill in their maker and kind; others must give both. */
function camerasOf(item: SpaceImportItem, i: number): CameraRow[] | undefined {
  if (!item.cameras) return undefined;
  const out = new Map<string, CameraRow>();
  item.cameras.forEach((cam, j) => {
    const known = findCameraModel(cam.code);
    const manufacturer = cam.manufacturer?.toUpperCase() ?? known?.manufacturer;
    const kind = cam.kind ?? known?.kind;
    if (!manufacturer || !kind) throw fieldError(`json.spaces.${i}.cameras.${j}.kind`, `Unknown camera code ${cam.code}: give its manufacturer and kind`);
    out.set(cam.code, { code: cam.code, manufacturer, kind });
  });
  return [...out.values()];
}

/** The plain columns a feed item sets (those it gives), as stored. */
function columnsOf(item: SpaceImportItem, organizationId: string | null | undefined): Partial<SpaceRow> {
  const out: Partial<SpaceRow> = {};
  const put = <K extends keyof SpaceRow>(k: K, v: SpaceRow[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  put('name', item.name);
  put('summary', item.summary);
  put('description', item.description);
  put('address', item.address);
  put('city', item.city);
  put('region', item.region);
  put('countryCode', item.countryCode?.toUpperCase());
  put('countryName', item.countryName);
  if (item.geolocation !== undefined) {
    out.lat = item.geolocation?.lat ?? null;
    out.long = item.geolocation?.long ?? null;
    out.altitude = item.geolocation?.altitude ?? null;
  }
  put('visibility', item.visibility);
  if (item.presentedBy !== undefined) out.presentedBy = item.presentedBy || null;
  if (organizationId !== undefined) out.organizationId = organizationId;
  put('type', item.type);
  put('views', item.views);
  put('imageKey', item.imageKey);
  put('imageWidth', item.imageWidth);
  put('imageHeight', item.imageHeight);
  return out;
}

/** Replaces a space's cameras. */
async function setCameras(db: Kysely<Database>, spaceId: string, cameras: readonly CameraRow[]) {
  await db.deleteFrom('space_cameras').where('spaceId', '=', spaceId).execute();
  if (cameras.length)
    await db
      .insertInto('space_cameras')
      .values(cameras.map((c) => ({ spaceId, ...c })))
      .execute();
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** What an import wrote, for the audit entry and the answer. */
export interface ImportOutcome {
  result: ImportResult;
  from: unknown[];
  to: unknown[];
}

/**
 * POST /space/import/: creates or updates spaces from a feed, matched on modelId, in the caller's
 * transaction. New spaces need a name and get a unique slug; given tags replace the tags (new names
 * become tags); given cameras replace the cameras. An unknown organization answers 400.
 */
export async function importSpaces(tx: Kysely<Database>, items: readonly SpaceImportItem[], now: string): Promise<ImportOutcome> {
  const seen = new Set<string>();
  items.forEach((s, i) => {
    if (seen.has(s.modelId)) throw fieldError(`json.spaces.${i}.modelId`, `modelId ${s.modelId} appears twice in the feed`);
    seen.add(s.modelId);
  });
  const existing = await tx
    .selectFrom('spaces')
    .selectAll()
    .where('modelId', 'in', [...seen])
    .execute();
  const byModel = new Map(existing.map((s) => [s.modelId, s]));
  const cameraRows = existing.length
    ? await tx
        .selectFrom('space_cameras')
        .select(['spaceId', 'code'])
        .where(
          'spaceId',
          'in',
          existing.map((s) => s.id),
        )
        .orderBy('code')
        .execute()
    : [];
  const out: ImportOutcome = { result: { created: 0, updated: 0, unchanged: 0, ids: [] }, from: [], to: [] };
  for (const [i, item] of items.entries()) {
    let organizationId: string | null | undefined;
    if (item.organizationId === null) organizationId = null;
    else if (item.organizationId !== undefined) {
      const org = await findAccount(tx, item.organizationId);
      if (!org) throw fieldError(`json.spaces.${i}.organizationId`, `No account ${item.organizationId}`);
      organizationId = org.id;
    }
    const cameras = camerasOf(item, i);
    const columns = columnsOf(item, organizationId);
    const row = byModel.get(item.modelId);
    if (!row) {
      if (!item.name) throw fieldError(`json.spaces.${i}.name`, 'A new space needs a name');
      const id = newId();
      const slug = await uniqueSlug(tx, item.name, item.modelId);
      const insert = { ...blankSpaceRow({ id, modelId: item.modelId, name: item.name, slug, now }), ...columns };
      await tx.insertInto('spaces').values(insert).execute();
      if (item.tags?.length) await setSpaceTags(tx, id, await ensureTags(tx, item.tags, now), now);
      if (cameras?.length) await setCameras(tx, id, cameras);
      out.result.created++;
      out.result.ids.push(id);
      out.to.push({
        id,
        modelId: item.modelId,
        slug,
        ...columns,
        ...(item.tags ? { tags: item.tags } : {}),
        ...(cameras ? { cameras: cameras.map((c) => c.code) } : {}),
      });
      continue;
    }
    const changed = Object.fromEntries(Object.entries(columns).filter(([k, v]) => (row as Record<string, unknown>)[k] !== v)) as Partial<SpaceRow>;
    const before: Record<string, unknown> = Object.fromEntries(Object.keys(changed).map((k) => [k, (row as Record<string, unknown>)[k]]));
    const after: Record<string, unknown> = { ...changed };
    if (Object.keys(changed).length)
      await tx
        .updateTable('spaces')
        .set({ ...changed, updatedAt: now })
        .where('id', '=', row.id)
        .execute();
    if (item.tags) {
      const tags = await ensureTags(tx, item.tags, now);
      const old = parseTags(row.tags);
      if (
        !sameList(
          old,
          tags.map((t) => t.name),
        )
      ) {
        await setSpaceTags(tx, row.id, tags, now);
        before['tags'] = old;
        after['tags'] = tags.map((t) => t.name);
      }
    }
    if (cameras) {
      const old = cameraRows.filter((c) => c.spaceId === row.id).map((c) => c.code);
      const next = cameras.map((c) => c.code).sort();
      if (!sameList(old, next)) {
        await setCameras(tx, row.id, cameras);
        await tx.updateTable('spaces').set({ updatedAt: now }).where('id', '=', row.id).execute();
        before['cameras'] = old;
        after['cameras'] = next;
      }
    }
    if (!Object.keys(after).length) {
      out.result.unchanged++;
      continue;
    }
    out.result.updated++;
    out.result.ids.push(row.id);
    out.from.push({ id: row.id, modelId: row.modelId, ...before });
    out.to.push({ id: row.id, modelId: row.modelId, ...after });
  }
  return out;
}

/**
 * PUT /space/import/: gives cameras to the feed's spaces that have none; spaces that already have
 * cameras keep them. Every modelId must be known (404 otherwise, nothing changes).
 */
export async function fillEmptyCameras(tx: Kysely<Database>, items: readonly SpaceImportItem[], now: string): Promise<ImportOutcome> {
  const modelIds = [...new Set(items.map((s) => s.modelId))];
  const rows = await tx.selectFrom('spaces').select(['id', 'modelId']).where('modelId', 'in', modelIds).execute();
  requireAll('Space', modelIds, rows, (s) => [s.modelId]);
  const idOf = new Map(rows.map((s) => [s.modelId, s.id]));
  const withCameras = new Set(
    (
      await tx
        .selectFrom('space_cameras')
        .select('spaceId')
        .distinct()
        .where(
          'spaceId',
          'in',
          rows.map((s) => s.id),
        )
        .execute()
    ).map((c) => c.spaceId),
  );
  const out: ImportOutcome = { result: { created: 0, updated: 0, unchanged: 0, ids: [] }, from: [], to: [] };
  const done = new Set<string>();
  for (const [i, item] of items.entries()) {
    const id = idOf.get(item.modelId) as string;
    const cameras = camerasOf(item, i);
    if (done.has(id) || withCameras.has(id) || !cameras?.length) {
      out.result.unchanged++;
      continue;
    }
    done.add(id);
    await setCameras(tx, id, cameras);
    await tx.updateTable('spaces').set({ updatedAt: now }).where('id', '=', id).execute();
    out.result.updated++;
    out.result.ids.push(id);
    out.from.push({ id, modelId: item.modelId, cameras: [] });
    out.to.push({ id, modelId: item.modelId, cameras: cameras.map((c) => c.code) });
  }
  return out;
}

/**
 * POST /space/importAll/: re-imports the stored spaces the filter selects. Each one's tags are
 * reconciled (the display list `spaces.tags` and the queryable `space_tags` get the same tags, in
 * display order, creating tags named only in the list), a missing slug is made, and its full-text
 * row is rebuilt (by trigger on both engines, so `_dialect` is unused). Answers every space re-imported in `ids`; `updated` counts those whose
 * stored data changed.
 */
export async function reimportSpaces(tx: Kysely<Database>, _dialect: Dialect, filter: ImportAllFilter, now: string): Promise<ImportOutcome> {
  let q = tx.selectFrom('spaces').select(['id', 'modelId', 'name', 'slug', 'tags']);
  if (filter.modelIds?.length) q = q.where((eb) => eb.or([eb('modelId', 'in', filter.modelIds as string[]), eb('id', 'in', filter.modelIds as string[])]));
  if (filter.organizationId) {
    const org = await findAccount(tx, filter.organizationId);
    q = q.where('organizationId', '=', org?.id ?? filter.organizationId);
  }
  if (filter.countryCode) q = q.where('countryCode', '=', filter.countryCode.toUpperCase());
  if (filter.visibility) q = q.where('visibility', '=', filter.visibility);
  if (filter.updatedAfter) q = q.where('updatedAt', '>=', toStoredDate(filter.updatedAfter));
  if (filter.updatedBefore) q = q.where('updatedAt', '<=', toStoredDate(filter.updatedBefore));
  const spaces = await q.orderBy('createdAt').orderBy('id').execute();
  const out: ImportOutcome = { result: { created: 0, updated: 0, unchanged: 0, ids: [] }, from: [], to: [] };
  for (let start = 0; start < spaces.length; start += 500) {
    const chunk = spaces.slice(start, start + 500);
    const ids = chunk.map((s) => s.id);
    const linked = await tx
      .selectFrom('space_tags as st')
      .innerJoin('tags as t', 't.id', 'st.tagId')
      .select(['st.spaceId', 't.name'])
      .where('st.spaceId', 'in', ids)
      .orderBy('t.name')
      .execute();
    for (const s of chunk) {
      out.result.ids.push(s.id);
      const listed = parseTags(s.tags);
      const queryable = linked.filter((l) => l.spaceId === s.id).map((l) => l.name);
      const inSync = listed.length === queryable.length && listed.every((n) => queryable.includes(n));
      if (inSync && s.slug) {
        out.result.unchanged++;
        continue;
      }
      const merged = [...listed, ...queryable.filter((n) => !listed.some((x) => x.toLowerCase() === n.toLowerCase()))];
      const tags = await ensureTags(tx, merged, now);
      const names = tags.map((t) => t.name);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      if (!sameList(listed, names) || !sameList([...queryable].sort(), [...names].sort())) {
        await setSpaceTags(tx, s.id, tags, now);
        before['tags'] = { list: listed, queryable };
        after['tags'] = names;
      }
      if (!s.slug) {
        const slug = await uniqueSlug(tx, s.name, s.modelId);
        await tx.updateTable('spaces').set({ slug, updatedAt: now }).where('id', '=', s.id).execute();
        before['slug'] = s.slug;
        after['slug'] = slug;
      }
      if (Object.keys(after).length) {
        out.result.updated++;
        out.from.push({ id: s.id, modelId: s.modelId, ...before });
        out.to.push({ id: s.id, modelId: s.modelId, ...after });
      } else out.result.unchanged++;
    }
    // Rebuild the full-text rows (SQLite's FTS5 table, PostgreSQL's search_vector): their triggers fire on any update of the name column.
    await sql`UPDATE spaces SET name = name WHERE id IN (${sql.join(ids)})`.execute(tx);
  }
  return out;
}
