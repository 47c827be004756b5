import type { RouteHandler } from '@hono/zod-openapi';
import type { ModerationRecord } from '../../../domain/admin.ts';
import type { ItemType } from '../../../domain/enums.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { withAudit } from '../../platform/audit.ts';
import {
  deleteRecordRow,
  deleteRecordsOf,
  findRecord,
  findRecordOf,
  findUserEmail,
  insertRecord,
  listModerationRecords,
  listRecordsOf,
  resolveItemId,
  type ModerationRow as Row,
} from './admin-moderation.queries.ts';
import type * as r from './admin-moderation.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';

const toRecord = (m: Row, creator: string | null): ModerationRecord => ({
  id: m.id,
  created: m.createdAt,
  creator,
  itemId: m.itemId,
  itemType: m.itemType as ItemType,
  reason: m.reason,
});

/** POST /moderation/ */
export const createRecord: RouteHandler<typeof r.createRecord, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const input = c.req.valid('json');
  const record = await withAudit(c.get('deps'), admin, { type: 'MODERATION', action: 'CREATE' }, async (tx) => {
    const itemId = await resolveItemId(tx, input.itemType, input.itemId);
    if (!itemId) throw notFound(input.itemType === 'SPACE' ? 'Space' : input.itemType === 'COLLECTION' ? 'Collection' : 'Account');
    const existing = await findRecordOf(tx, input.itemType, itemId);
    if (existing) throw new ApiError('CONFLICT', `This ${input.itemType.toLowerCase()} is already moderated.`, { id: existing.id });
    const now = clockOf(c.get('deps')).now().toISOString();
    const row: Row = { id: newId(), creatorUserId: admin.id, itemId, itemType: input.itemType, reason: input.reason, createdAt: now, updatedAt: now };
    await insertRecord(tx, row);
    // The creator as the list shows it: the stored email of the admin.
    const creator = await findUserEmail(tx, admin.id);
    const out = toRecord(row, creator ?? admin.email);
    return { from: null, to: out, result: out, changed: { type: input.itemType, ids: [itemId] } };
  });
  return c.json(record, 200);
};

/** GET /moderation/ */
export const listRecords: RouteHandler<typeof r.listRecords, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const w = resolveWindow(q, 50);
  const { rows, total } = await listModerationRecords(c.get('deps').db.kysely, { reason: q.reason, itemType: q.itemType, limit: w.limit, offset: w.offset });
  return c.json(
    makePage(
      rows.map((m) => toRecord(m, m.email ?? m.creatorUserId)),
      total,
      w,
    ),
    200,
  );
};

/** DELETE /moderation/{id}/ */
export const deleteRecord: RouteHandler<typeof r.deleteRecord, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { id } = c.req.valid('param');
  await withAudit(c.get('deps'), admin, { type: 'MODERATION', action: 'DELETE' }, async (tx) => {
    const row = await findRecord(tx, id);
    if (!row) throw notFound('Moderation record');
    await deleteRecordRow(tx, id);
    return { from: toRecord(row, row.creatorUserId), to: null, result: null, changed: { type: row.itemType as ItemType, ids: [row.itemId] } };
  });
  return c.body(null, 204);
};

/** DELETE /moderation/?itemId&itemType */
export const deleteByItem: RouteHandler<typeof r.deleteByItem, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const q = c.req.valid('query');
  await withAudit(c.get('deps'), admin, { type: 'MODERATION', action: 'DELETE' }, async (tx) => {
    // The item may be gone already; its record is still removable by the id it was stored under.
    const itemId = (await resolveItemId(tx, q.itemType, q.itemId)) ?? q.itemId;
    const rows = await listRecordsOf(tx, q.itemType, itemId);
    if (!rows.length) throw notFound('Moderation record');
    await deleteRecordsOf(tx, q.itemType, itemId);
    return { from: rows.map((m) => toRecord(m, m.creatorUserId)), to: null, result: null, changed: { type: q.itemType, ids: [itemId] } };
  });
  return c.body(null, 204);
};
