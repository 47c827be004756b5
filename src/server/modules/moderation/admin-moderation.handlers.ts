import type { RouteHandler } from '@hono/zod-openapi';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ModerationRecord } from '../../../domain/admin.ts';
import type { ItemType } from '../../../domain/enums.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { withAudit } from '../../platform/audit.ts';
import { findAccount, findCollection, findSpace } from '../../platform/admin/items.ts';
import { anyContains } from '../../platform/admin/query.ts';
import type * as r from './admin-moderation.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';

type Row = Selectable<Database['moderation_records']>;

const toRecord = (m: Row, creator: string | null): ModerationRecord => ({
  id: m.id,
  created: m.createdAt,
  creator,
  itemId: m.itemId,
  itemType: m.itemType as ItemType,
  reason: m.reason,
});

/** The canonical id of a moderatable item given by any of its keys (a user's means their personal account); null when there is none. */
async function resolveItemId(db: Kysely<Database>, itemType: ItemType, key: string): Promise<string | null> {
  const found = itemType === 'SPACE' ? await findSpace(db, key) : itemType === 'COLLECTION' ? await findCollection(db, key) : await findAccount(db, key);
  if (found) return found.id;
  if (itemType === 'ACCOUNT') {
    const person = await db
      .selectFrom('users')
      .select('accountId')
      .where((eb) => eb.or([eb('id', '=', key), eb('sid', '=', key)]))
      .executeTakeFirst();
    if (person) return person.accountId;
  }
  return null;
}

/** POST /moderation/ */
export const createRecord: RouteHandler<typeof r.createRecord, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const input = c.req.valid('json');
  const record = await withAudit(c.get('deps'), admin, { type: 'MODERATION', action: 'CREATE' }, async (tx) => {
    const itemId = await resolveItemId(tx, input.itemType, input.itemId);
    if (!itemId) throw notFound(input.itemType === 'SPACE' ? 'Space' : input.itemType === 'COLLECTION' ? 'Collection' : 'Account');
    const existing = await tx
      .selectFrom('moderation_records')
      .select('id')
      .where('itemType', '=', input.itemType)
      .where('itemId', '=', itemId)
      .executeTakeFirst();
    if (existing) throw new ApiError('CONFLICT', `This ${input.itemType.toLowerCase()} is already moderated.`, { id: existing.id });
    const now = clockOf(c.get('deps')).now().toISOString();
    const row: Row = { id: newId(), creatorUserId: admin.id, itemId, itemType: input.itemType, reason: input.reason, createdAt: now, updatedAt: now };
    await tx.insertInto('moderation_records').values(row).execute();
    // The creator as the list shows it: the stored email of the admin.
    const creator = await tx.selectFrom('users').select('email').where('id', '=', admin.id).executeTakeFirst();
    const out = toRecord(row, creator?.email ?? admin.email);
    return { from: null, to: out, result: out, changed: { type: input.itemType, ids: [itemId] } };
  });
  return c.json(record, 200);
};

/** GET /moderation/ */
export const listRecords: RouteHandler<typeof r.listRecords, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const w = resolveWindow(q, 50);
  let query = c.get('deps').db.kysely.selectFrom('moderation_records as m').leftJoin('users as u', 'u.id', 'm.creatorUserId');
  if (q.reason?.trim()) query = query.where(anyContains([sql.ref('m.reason')], q.reason.trim()));
  if (q.itemType) query = query.where('m.itemType', '=', q.itemType);
  const [rows, count] = await Promise.all([
    query.selectAll('m').select('u.email').orderBy('m.createdAt', 'desc').orderBy('m.id').limit(w.limit).offset(w.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return c.json(
    makePage(
      rows.map((m) => toRecord(m, m.email ?? m.creatorUserId)),
      Number(count?.n ?? 0),
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
    const row = await tx.selectFrom('moderation_records').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Moderation record');
    await tx.deleteFrom('moderation_records').where('id', '=', id).execute();
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
    const rows = await tx.selectFrom('moderation_records').selectAll().where('itemType', '=', q.itemType).where('itemId', '=', itemId).execute();
    if (!rows.length) throw notFound('Moderation record');
    await tx.deleteFrom('moderation_records').where('itemType', '=', q.itemType).where('itemId', '=', itemId).execute();
    return { from: rows.map((m) => toRecord(m, m.creatorUserId)), to: null, result: null, changed: { type: q.itemType, ids: [itemId] } };
  });
  return c.body(null, 204);
};
