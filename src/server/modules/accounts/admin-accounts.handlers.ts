import type { RouteHandler } from '@hono/zod-openapi';
import { sql, type Transaction } from 'kysely';
import type { AccountRef, BulkResult, ImportResult } from '../../../domain/admin.ts';
import type { AccountImportItem } from '../../../domain/admin-inputs.ts';
import type { EntityStatus } from '../../../domain/enums.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import { fixUrl } from '../../../domain/urls.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv, SessionUser } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { withAudit } from '../../platform/audit.ts';
import { requireItems, uniqueIds, type KeyedItems } from '../../platform/admin/bulk.ts';
import { anyContains } from '../../platform/admin/query.ts';
import { EMPTY_PROFILE } from '../profiles/empty-profile.ts';
import type * as r from './admin-accounts.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { fieldError } from '../../platform/errors.ts';

type Tx = Transaction<Database>;

/** Accounts as admin calls name them: by id or sid. */
const ACCOUNTS: KeyedItems<'accounts'> = { table: 'accounts', label: 'Account', keys: ['id', 'sid'] };

/** The profile fields an account feed may set, as stored. */
function importedFields(item: AccountImportItem) {
  const out: Partial<Record<'name' | 'status' | 'description' | 'url' | 'locationDescription' | 'visibility', string | null>> = { name: item.name };
  if (item.status !== undefined) out.status = item.status;
  if (item.description !== undefined) out.description = item.description || null;
  if (item.url !== undefined) out.url = item.url ? (fixUrl(item.url) ?? null) : null;
  if (item.locationDescription !== undefined) out.locationDescription = item.locationDescription || null;
  if (item.visibility !== undefined) out.visibility = item.visibility;
  return out;
}

/** POST /account/importAll/ */
export const importAll: RouteHandler<typeof r.importAll, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { accounts } = c.req.valid('json');
  const seen = new Set<string>();
  accounts.forEach((a, i) => {
    if (seen.has(a.sid)) throw fieldError(`json.accounts.${i}.sid`, `sid ${a.sid} appears twice in the feed`);
    seen.add(a.sid);
  });
  const result = await withAudit(c.get('deps'), admin, { type: 'ACCOUNT', action: 'IMPORT' }, async (tx) => {
    const existing = await tx
      .selectFrom('accounts')
      .selectAll()
      .where('sid', 'in', [...seen])
      .execute();
    const bySid = new Map(existing.map((a) => [a.sid, a]));
    const now = clockOf(c.get('deps')).now().toISOString();
    const before: unknown[] = [];
    const after: unknown[] = [];
    const out: ImportResult = { created: 0, updated: 0, unchanged: 0, ids: [] };
    for (const item of accounts) {
      const fields = importedFields(item);
      const row = bySid.get(item.sid);
      if (!row) {
        const id = newId();
        await tx
          .insertInto('accounts')
          .values({
            id,
            sid: item.sid,
            name: item.name,
            status: fields.status ?? 'ACTIVE',
            isPersonal: 0,
            flags: '[]',
            ...EMPTY_PROFILE,
            description: fields.description ?? null,
            url: fields.url ?? null,
            locationDescription: fields.locationDescription ?? null,
            visibility: fields.visibility ?? EMPTY_PROFILE.visibility,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        out.created++;
        out.ids.push(id);
        after.push({ id, sid: item.sid, ...fields });
        continue;
      }
      const changed = Object.fromEntries(Object.entries(fields).filter(([k, v]) => (row as Record<string, unknown>)[k] !== v));
      if (!Object.keys(changed).length) {
        out.unchanged++;
        continue;
      }
      await tx
        .updateTable('accounts')
        .set({ ...changed, updatedAt: now })
        .where('id', '=', row.id)
        .execute();
      out.updated++;
      out.ids.push(row.id);
      before.push({ id: row.id, sid: row.sid, ...Object.fromEntries(Object.keys(changed).map((k) => [k, (row as Record<string, unknown>)[k]])) });
      after.push({ id: row.id, sid: row.sid, ...changed });
    }
    return { from: before, to: after, result: out, changed: { type: 'ACCOUNT', ids: out.ids } };
  });
  return c.json(result, 200);
};

/** POST /account/search/ */
export const search: RouteHandler<typeof r.search, AppEnv> = async (c) => {
  const w = resolveWindow(c.req.valid('query'), 24);
  const body = c.req.valid('json');
  const db = c.get('deps').db.kysely;
  let q = db.selectFrom('accounts');
  const text = body.searchText?.trim();
  if (text) q = q.where((eb) => eb.or([anyContains([sql.ref('name'), sql.ref('sid')], text), eb('id', '=', text)]));
  if (body.idsToExclude?.length) q = q.where('id', 'not in', body.idsToExclude);
  if (body.status) q = q.where('status', '=', body.status);
  const [rows, count] = await Promise.all([
    q.select(['id', 'name', 'sid', 'status', 'isPersonal']).orderBy('name').orderBy('id').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const results: AccountRef[] = rows.map((a) => ({ id: a.id, name: a.name, sid: a.sid, status: a.status as EntityStatus, isPersonal: a.isPersonal === 1 }));
  return c.json(makePage(results, Number(count?.n ?? 0), w), 200);
};

/**
 * Sets the status of accounts (by canonical id) and of the users whose personal accounts they are,
 * so a person and their personal account never disagree, updated at `now` (ISO). Answers the accounts that changed.
 */
async function setAccountStatus(tx: Tx, admin: SessionUser, ids: readonly string[], status: EntityStatus, now: string) {
  if (status === 'DISABLED' && ids.includes(admin.accountId)) throw fieldError('json.ids', 'You cannot disable your own account');
  const rows = ids.length ? await tx.selectFrom('accounts').select(['id', 'status']).where('id', 'in', ids).where('status', '<>', status).execute() : [];
  const changed = rows.map((a) => a.id);
  if (changed.length) {
    await tx.updateTable('accounts').set({ status, updatedAt: now }).where('id', 'in', changed).execute();
    await tx.updateTable('users').set({ status, updatedAt: now }).where('accountId', 'in', changed).execute();
  }
  return { from: rows.map((a) => ({ id: a.id, status: a.status })), to: changed.map((id) => ({ id, status })), changed };
}

/** POST /account/updateStatus/ */
export const updateStatus: RouteHandler<typeof r.updateStatus, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const body = c.req.valid('json');
  const keys = uniqueIds([...(body.id === undefined ? [] : [body.id]), ...(body.ids ?? [])]);
  const result = await withAudit(c.get('deps'), admin, { type: 'ACCOUNT', action: 'UPDATE_STATUS' }, async (tx) => {
    const rows = await requireItems(tx, ACCOUNTS, keys);
    const { from, to, changed } = await setAccountStatus(
      tx,
      admin,
      rows.map((a) => a.id),
      body.status,
      clockOf(c.get('deps')).now().toISOString(),
    );
    const out: BulkResult = { count: changed.length, ids: changed };
    return { from, to, result: out, changed: { type: 'ACCOUNT', ids: changed }, noop: !changed.length };
  });
  return c.json(result, 200);
};

/** POST /account/updateStatusAll/ */
export const updateStatusAll: RouteHandler<typeof r.updateStatusAll, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const result = await withAudit(c.get('deps'), admin, { type: 'ACCOUNT', action: 'UPDATE_STATUS_ALL' }, async (tx) => {
    const disabled = await tx.selectFrom('accounts').select('id').where('status', '=', 'DISABLED').execute();
    const { from, to, changed } = await setAccountStatus(
      tx,
      admin,
      disabled.map((a) => a.id),
      'ACTIVE',
      clockOf(c.get('deps')).now().toISOString(),
    );
    const out: BulkResult = { count: changed.length, ids: changed };
    return { from, to, result: out, changed: { type: 'ACCOUNT', ids: changed }, noop: !changed.length };
  });
  return c.json(result, 200);
};
