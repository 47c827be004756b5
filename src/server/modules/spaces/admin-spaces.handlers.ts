import type { RouteHandler } from '@hono/zod-openapi';
import type { SettingValue } from '../../../domain/admin.ts';
import { resolveWindow } from '../../../domain/page.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { notFound, conflict, fieldError } from '../../platform/errors.ts';
import { readFlagSetting, SETTING_SHOW_VIEWS } from '../settings/settings.queries.ts';
import { parseTags, readSpace } from './spaces.queries.ts';
import { withAudit } from '../../platform/audit.ts';
import { adminCtx } from '../../platform/admin/context.ts';
import { findSpace } from '../../platform/admin/items.ts';
import { fillEmptyCameras, importSpaces as runImport, reimportSpaces } from './space-import.ts';
import { searchAllSpaces } from './admin-space-search.ts';
import { writeFlagSetting } from '../settings/admin-settings.ts';
import { ensureTags, setSpaceTags } from '../tags/admin-tags.queries.ts';
import { deleteRecordsOf, insertRecord, listRecordsOf, setRecordReason } from '../moderation/admin-moderation.queries.ts';
import { findFormerSlug, findSlugClash, setSpaceSlug, updateSpaceFields } from './space-writes.ts';
import type * as r from './admin-spaces.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';

/** GET /space/showViewsConfig/ */
export const getShowViews: RouteHandler<typeof r.getShowViews, AppEnv> = async (c) => {
  const value = await readFlagSetting(c.get('deps').db.kysely, SETTING_SHOW_VIEWS, true);
  return c.json({ key: SETTING_SHOW_VIEWS, value } satisfies SettingValue, 200);
};

/** POST /space/showViewsConfig/ */
export const setShowViews: RouteHandler<typeof r.setShowViews, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const value = c.req.valid('query').newValue;
  const key = SETTING_SHOW_VIEWS;
  const out = await withAudit(c.get('deps'), admin, { type: 'SETTING', action: 'UPDATE' }, async (tx) => {
    const before = await writeFlagSetting(tx, key, value, clockOf(c.get('deps')).now().toISOString());
    const result: SettingValue = { key, value };
    return { from: { key, value: before }, to: result, result, changed: { type: 'SETTING', ids: [key] }, noop: before === value };
  });
  return c.json(out, 200);
};

/** POST /space/importAll/ */
export const importAll: RouteHandler<typeof r.importAll, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { input } = c.req.valid('query');
  const filter = c.req.valid('json');
  const deps = c.get('deps');
  const result = await withAudit(deps, admin, { type: 'SPACE', action: 'IMPORT_ALL' }, async (tx) => {
    const out = await reimportSpaces(tx, deps.db.dialect, filter, clockOf(deps).now().toISOString());
    return {
      from: out.from,
      to: { input: input ?? null, filter, reimported: out.result.ids.length, changes: out.to },
      result: out.result,
      changed: { type: 'SPACE', ids: out.result.ids },
    };
  });
  return c.json(result, 200);
};

/** POST /space/import/ */
export const importSpaces: RouteHandler<typeof r.importSpaces, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { spaces } = c.req.valid('json');
  const result = await withAudit(c.get('deps'), admin, { type: 'SPACE', action: 'IMPORT' }, async (tx) => {
    const out = await runImport(tx, spaces, clockOf(c.get('deps')).now().toISOString());
    return { from: out.from, to: out.to, result: out.result, changed: { type: 'SPACE', ids: out.result.ids }, noop: !out.result.ids.length };
  });
  return c.json(result, 200);
};

/** PUT /space/import/ */
export const fillCameras: RouteHandler<typeof r.fillCameras, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { spaces } = c.req.valid('json');
  const result = await withAudit(c.get('deps'), admin, { type: 'SPACE', action: 'IMPORT_CAMERAS' }, async (tx) => {
    const out = await fillEmptyCameras(tx, spaces, clockOf(c.get('deps')).now().toISOString());
    return { from: out.from, to: out.to, result: out.result, changed: { type: 'SPACE', ids: out.result.ids }, noop: !out.result.ids.length };
  });
  return c.json(result, 200);
};

/** POST /space/search/ */
export const search: RouteHandler<typeof r.search, AppEnv> = async (c) => {
  const w = resolveWindow(c.req.valid('query'), 24);
  return c.json(await searchAllSpaces(await adminCtx(c), c.req.valid('json'), w), 200);
};

/** GET /space/{id}/ */
export const getSpace: RouteHandler<typeof r.getSpace, AppEnv> = async (c) => c.json(await readSpace(await adminCtx(c), c.req.valid('param').id), 200);

/** POST /space/updateSlug/ */
export const updateSlug: RouteHandler<typeof r.updateSlug, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { id: key, slug } = c.req.valid('json');
  const id = await withAudit(c.get('deps'), admin, { type: 'SPACE', action: 'UPDATE_SLUG' }, async (tx) => {
    const row = await findSpace(tx, key);
    if (!row) throw notFound('Space');
    if (row.slug === slug) return { from: null, to: null, result: row.id, noop: true };
    const other = await findSlugClash(tx, slug, row.id);
    if (other) throw conflict('json.slug', 'Another space uses this slug.');
    const former = await findFormerSlug(tx, slug);
    if (former && former.spaceId !== row.id) throw conflict('json.slug', 'Another space used this slug before, and old links still lead there.');
    const now = clockOf(c.get('deps')).now().toISOString();
    // Taking back one of its own former slugs makes it current again; the slug it leaves keeps working.
    await setSpaceSlug(tx, row, slug, former !== undefined, now);
    return { from: { id: row.id, slug: row.slug }, to: { id: row.id, slug }, result: row.id, changed: { type: 'SPACE', ids: [row.id] } };
  });
  return c.json(await readSpace(await adminCtx(c), id), 200);
};

type SpaceColumns = Database['spaces'];

/** PATCH /space/{id}/ */
export const patchSpace: RouteHandler<typeof r.patchSpace, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const key = c.req.valid('param').id;
  const input = c.req.valid('json');
  const id = await withAudit(c.get('deps'), admin, { type: 'SPACE', action: 'UPDATE' }, async (tx) => {
    const row = await findSpace(tx, key);
    if (!row) throw notFound('Space');
    const now = clockOf(c.get('deps')).now().toISOString();
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set: Partial<SpaceColumns> = {};
    const fields = {
      name: input.name,
      summary: input.summary,
      description: input.description,
      visibility: input.visibility,
      presentedBy: input.presentedBy === undefined ? undefined : input.presentedBy || null,
    } as const;
    for (const [k, v] of Object.entries(fields) as [keyof typeof fields, string | null | undefined][]) {
      if (v === undefined || row[k] === v) continue;
      (set as Record<string, unknown>)[k] = v;
      before[k] = row[k];
      after[k] = v;
    }
    if (Object.keys(set).length) await updateSpaceFields(tx, row.id, set, now);
    if (input.tags !== undefined) {
      const tags = await ensureTags(tx, input.tags, now);
      const old = parseTags(row.tags);
      const next = tags.map((t) => t.name);
      if (old.length !== next.length || old.some((t, i) => t !== next[i])) {
        await setSpaceTags(tx, row.id, tags, now);
        before['tags'] = old;
        after['tags'] = next;
      }
    }
    if (input.moderation) {
      const [current] = await listRecordsOf(tx, 'SPACE', row.id);
      const was = current ? { isModerated: true, reason: current.reason } : { isModerated: false, reason: null };
      const { isModerated, reason } = input.moderation;
      if (isModerated && !current) {
        if (!reason) throw fieldError('json.moderation.reason', 'Give the reason for moderating the space');
        await insertRecord(tx, { id: newId(), creatorUserId: admin.id, itemId: row.id, itemType: 'SPACE', reason, createdAt: now, updatedAt: now });
      } else if (isModerated && current && reason && reason !== current.reason) {
        await setRecordReason(tx, current.id, reason, now);
      } else if (!isModerated && current) {
        await deleteRecordsOf(tx, 'SPACE', row.id);
      }
      const becomes = isModerated ? { isModerated: true, reason: reason ?? current?.reason ?? null } : { isModerated: false, reason: null };
      if (becomes.isModerated !== was.isModerated || becomes.reason !== was.reason) {
        before['moderation'] = was;
        after['moderation'] = becomes;
      }
    }
    const changed = Object.keys(after).length > 0;
    return { from: { id: row.id, ...before }, to: { id: row.id, ...after }, result: row.id, changed: { type: 'SPACE', ids: [row.id] }, noop: !changed };
  });
  return c.json(await readSpace(await adminCtx(c), id), 200);
};
