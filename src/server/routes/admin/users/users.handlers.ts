import type { RouteHandler } from '@hono/zod-openapi';
import type { Transaction } from 'kysely';
import type { BulkResult } from '../../../../domain/admin.ts';
import type { EntityStatus } from '../../../../domain/enums.ts';
import { requireAdmin } from '../../../auth/guards.ts';
import type { AppEnv, SessionUser } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { withAudit } from '../../../admin/audit.ts';
import { fieldError, requireItems, uniqueIds, type KeyedItems } from '../../../admin/bulk.ts';
import type * as r from './users.routes.ts';

/** Users as admin calls name them: by id or sid. */
const USERS: KeyedItems<'users'> = { table: 'users', label: 'User', keys: ['id', 'sid'] };

/** Sets the status of users (canonical ids) and of their personal accounts; answers the users that changed. */
async function setUserStatus(tx: Transaction<Database>, admin: SessionUser, ids: readonly string[], status: EntityStatus) {
  if (status === 'DISABLED' && ids.includes(admin.id)) throw fieldError('json.ids', 'You cannot disable yourself');
  const rows = ids.length
    ? await tx.selectFrom('users').select(['id', 'accountId', 'status']).where('id', 'in', ids).where('status', '<>', status).execute()
    : [];
  if (rows.length) {
    const now = new Date().toISOString();
    await tx
      .updateTable('users')
      .set({ status, updatedAt: now })
      .where(
        'id',
        'in',
        rows.map((u) => u.id),
      )
      .execute();
    await tx
      .updateTable('accounts')
      .set({ status, updatedAt: now })
      .where('isPersonal', '=', 1)
      .where(
        'id',
        'in',
        rows.map((u) => u.accountId),
      )
      .execute();
  }
  return { from: rows.map((u) => ({ id: u.id, status: u.status })), to: rows.map((u) => ({ id: u.id, status })), changed: rows.map((u) => u.id) };
}

/** POST /user/updateStatus/ */
export const updateStatus: RouteHandler<typeof r.updateStatus, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const body = c.req.valid('json');
  const keys = uniqueIds([...(body.id === undefined ? [] : [body.id]), ...(body.ids ?? [])]);
  const result = await withAudit(c.get('deps'), admin, { type: 'USER', action: 'UPDATE_STATUS' }, async (tx) => {
    const rows = await requireItems(tx, USERS, keys);
    const { from, to, changed } = await setUserStatus(
      tx,
      admin,
      rows.map((u) => u.id),
      body.status,
    );
    const out: BulkResult = { count: changed.length, ids: changed };
    return { from, to, result: out, changed: { type: 'USER', ids: changed }, noop: !changed.length };
  });
  return c.json(result, 200);
};

/** POST /user/updateStatusAll/ */
export const updateStatusAll: RouteHandler<typeof r.updateStatusAll, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const result = await withAudit(c.get('deps'), admin, { type: 'USER', action: 'UPDATE_STATUS_ALL' }, async (tx) => {
    const disabled = await tx.selectFrom('users').select('id').where('status', '=', 'DISABLED').execute();
    const { from, to, changed } = await setUserStatus(
      tx,
      admin,
      disabled.map((u) => u.id),
      'ACTIVE',
    );
    const out: BulkResult = { count: changed.length, ids: changed };
    return { from, to, result: out, changed: { type: 'USER', ids: changed }, noop: !changed.length };
  });
  return c.json(result, 200);
};
