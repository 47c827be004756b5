import type { RouteHandler } from '@hono/zod-openapi';
import type { SettingValue } from '../../../domain/admin.ts';
import type { FeaturedTagInput } from '../../../domain/admin-inputs.ts';
import type { FeaturedTag } from '../../../domain/homepage.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../platform/errors.ts';
import { cleanTranslations, parseTranslations } from '../../../domain/locale-texts.ts';
import { FEATURED_TAG_TEXTS, parseJsonList, readFeaturedTag } from './featured-tags.queries.ts';
import {
  canonicalTags,
  findFeaturedTag,
  findSpaceTagsJson,
  insertFeaturedTag,
  lastFeaturedTagPriority,
  orderedFeaturedTags,
  setFeaturedTagPriority,
  updateFeaturedTagRow,
  type FeaturedTagRow as Row,
} from './admin-featured-tags.queries.ts';
import { readFlagSetting, SETTING_RANDOMIZE_FEATURED_TAGS } from '../settings/settings.queries.ts';
import { parseTags, resolveSpaceId } from '../spaces/spaces.queries.ts';
import { withAudit } from '../../platform/audit.ts';
import { deleteAll, deleteOne, movedPriorities, setFlagAll, type AdminResource } from '../../platform/admin/bulk.ts';
import { adminCtx } from '../../platform/admin/context.ts';
import { writeFlagSetting } from '../settings/admin-settings.ts';
import type * as r from './admin-featured-tags.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';

/** What a featured tag stores, as an audit value. */
const stored = (f: Row) => ({
  id: f.id,
  name: f.name,
  translations: parseTranslations(f.translations, FEATURED_TAG_TEXTS),
  isActive: f.isActive === 1,
  priority: f.priority,
  tags: parseJsonList(f.tags),
});
/** A featured tag without its spaces. */
const bare = (f: Row): FeaturedTag => ({ ...stored(f), spaces: [] });

/** Featured tags in the shared admin delete and activate calls. */
const FEATURED_TAGS: AdminResource<'featured_tags'> = {
  table: 'featured_tags',
  label: 'Featured tag',
  keys: ['id'],
  audit: 'FEATURED_TAG',
  event: 'FEATURED_TAG',
  snapshot: (_tx, f) => stored(f),
};

/** POST /featuredTag/ */
export const createFeaturedTag: RouteHandler<typeof r.createFeaturedTag, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const input = c.req.valid('json');
  const id = await withAudit(c.get('deps'), admin, { type: 'FEATURED_TAG', action: 'CREATE' }, async (tx) => {
    const priority = await lastFeaturedTagPriority(tx);
    const now = clockOf(c.get('deps')).now().toISOString();
    const row: Row = {
      id: newId(),
      name: input.name,
      translations: JSON.stringify(cleanTranslations(input.translations ?? {}, FEATURED_TAG_TEXTS)),
      isActive: input.isActive ? 1 : 0,
      priority,
      tags: JSON.stringify(await canonicalTags(tx, input.tags)),
      createdAt: now,
      updatedAt: now,
    };
    await insertFeaturedTag(tx, row);
    return { from: null, to: stored(row), result: row.id, changed: { type: 'FEATURED_TAG', ids: [row.id] } };
  });
  return c.json(await readFeaturedTag(await adminCtx(c), id, 4), 200);
};

/** GET /featuredTag/ */
export const listFeaturedTags: RouteHandler<typeof r.listFeaturedTags, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const ctx = await adminCtx(c);
  let rows = await orderedFeaturedTags(ctx.db);
  if (q.filterInactive) rows = rows.filter((f) => f.isActive === 1);
  if (q.spaceId !== undefined) {
    const id = await resolveSpaceId(ctx, q.spaceId);
    const space = id ? await findSpaceTagsJson(ctx.db, id) : undefined;
    const mine = new Set(parseTags(space?.tags ?? '[]').map((t) => t.toLowerCase()));
    rows = rows.filter((f) => parseJsonList(f.tags).some((t) => mine.has(t.toLowerCase())));
  }
  // Admin lists are short (tens of tabs); one read per tab reuses the public mapper.
  const limit = q.filterEmpty ? Math.max(1, q.spacesLimit) : q.spacesLimit;
  const full = await Promise.all(rows.map((f) => readFeaturedTag(ctx, f.id, limit)));
  const out = full.filter((f) => !q.filterEmpty || f.spaces.length > 0).map((f) => ({ ...f, spaces: f.spaces.slice(0, q.spacesLimit) }));
  return c.json(out, 200);
};

/** GET /featuredTag/{id}/ */
export const getFeaturedTag: RouteHandler<typeof r.getFeaturedTag, AppEnv> = async (c) =>
  c.json(await readFeaturedTag(await adminCtx(c), c.req.valid('param').id, c.req.valid('query').spacesLimit), 200);

/** PUT /featuredTag/{id}/ */
export const updateFeaturedTag: RouteHandler<typeof r.updateFeaturedTag, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { id } = c.req.valid('param');
  const input: FeaturedTagInput = c.req.valid('json');
  await withAudit(c.get('deps'), admin, { type: 'FEATURED_TAG', action: 'UPDATE' }, async (tx) => {
    const before = await findFeaturedTag(tx, id);
    if (!before) throw notFound('Featured tag');
    const next: Row = {
      ...before,
      name: input.name,
      translations: input.translations === undefined ? before.translations : JSON.stringify(cleanTranslations(input.translations, FEATURED_TAG_TEXTS)),
      isActive: input.isActive ? 1 : 0,
      tags: JSON.stringify(await canonicalTags(tx, input.tags)),
      updatedAt: clockOf(c.get('deps')).now().toISOString(),
    };
    await updateFeaturedTagRow(tx, id, next);
    return { from: stored(before), to: stored(next), result: null, changed: { type: 'FEATURED_TAG', ids: [id] } };
  });
  return c.json(await readFeaturedTag(await adminCtx(c), id, 4), 200);
};

/** DELETE /featuredTag/{id}/ */
export const deleteFeaturedTag: RouteHandler<typeof r.deleteFeaturedTag, AppEnv> = async (c) => {
  await deleteOne(c.get('deps'), requireAdmin(c), FEATURED_TAGS, c.req.valid('param').id);
  return c.body(null, 204);
};

/** DELETE /featuredTag/ */
export const deleteFeaturedTags: RouteHandler<typeof r.deleteFeaturedTags, AppEnv> = async (c) => {
  await deleteAll(c.get('deps'), requireAdmin(c), FEATURED_TAGS, c.req.valid('json'));
  return c.body(null, 204);
};

/** PUT /featuredTag/activate/ */
export const activateFeaturedTags: RouteHandler<typeof r.activateFeaturedTags, AppEnv> = async (c) => {
  const { active, list } = c.req.valid('json');
  return c.json(await setFlagAll(c.get('deps'), requireAdmin(c), FEATURED_TAGS, list, 'isActive', active, active ? 'ACTIVATE' : 'DEACTIVATE'), 200);
};

/** PATCH /featuredTag/{id}/reorder/ */
export const reorderFeaturedTag: RouteHandler<typeof r.reorderFeaturedTag, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { id } = c.req.valid('param');
  const { position } = c.req.valid('json');
  await withAudit(c.get('deps'), admin, { type: 'FEATURED_TAG', action: 'REORDER' }, async (tx) => {
    const rows = await orderedFeaturedTags(tx);
    if (!rows.some((f) => f.id === id)) throw notFound('Featured tag');
    const next = movedPriorities(rows, id, position);
    const changed = rows.filter((f) => next.get(f.id) !== f.priority);
    const now = clockOf(c.get('deps')).now().toISOString();
    for (const f of changed) await setFeaturedTagPriority(tx, f.id, next.get(f.id) as number, now);
    return {
      from: rows.map((f) => f.id),
      to: [...next.keys()],
      result: null,
      changed: { type: 'FEATURED_TAG', ids: changed.map((f) => f.id) },
      noop: !changed.length,
    };
  });
  return c.json((await orderedFeaturedTags(c.get('deps').db.kysely)).map(bare), 200);
};

/** GET /featuredTag/randomize/ */
export const getRandomize: RouteHandler<typeof r.getRandomize, AppEnv> = async (c) => {
  const value = await readFlagSetting(c.get('deps').db.kysely, SETTING_RANDOMIZE_FEATURED_TAGS, false);
  return c.json({ key: SETTING_RANDOMIZE_FEATURED_TAGS, value } satisfies SettingValue, 200);
};

/** PUT /featuredTag/randomize/ */
export const putRandomize: RouteHandler<typeof r.putRandomize, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const value = c.req.valid('query').newValue;
  const key = SETTING_RANDOMIZE_FEATURED_TAGS;
  const out = await withAudit(c.get('deps'), admin, { type: 'SETTING', action: 'UPDATE' }, async (tx) => {
    const before = await writeFlagSetting(tx, key, value, clockOf(c.get('deps')).now().toISOString());
    const result: SettingValue = { key, value };
    return { from: { key, value: before }, to: result, result, changed: { type: 'SETTING', ids: [key] }, noop: before === value };
  });
  return c.json(out, 200);
};
