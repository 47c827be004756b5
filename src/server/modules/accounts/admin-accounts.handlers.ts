import type { RouteHandler } from '@hono/zod-openapi';
import type { Transaction } from 'kysely';
import type { BulkResult, ImportResult } from '../../../domain/admin.ts';
import type { AccountImportItem } from '../../../domain/admin-inputs.ts';
import type { EntityStatus } from '../../../domain/enums.ts';
import { makePage, resolveWindow } from '../../../domain/page.ts';
import { fixUrl } from '../../../domain/urls.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv, SessionUser } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { withAudit } from '../../platform/audit.ts';
import { requireItems, uniqueIds, type KeyedItems } from '../../platform/admin/bulk.ts';
import {
  findAccountsBySid,
  insertImportedAccount,
  listDisabledAccountIds,
  searchAccounts,
  setAccountsStatus,
  updateAccountFields,
  type ImportedFields,
} from './admin-accounts.queries.ts';
import type * as r from './admin-accounts.routes.ts';
import { clockOf } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { fieldError } from '../../platform/errors.ts';

type Tx = Transaction<Database>;

/** Accounts as admin calls name them: by id or sid. */
const ACCOUNTS: KeyedItems<'accounts'> = { table: 'accounts', label: 'Account', keys: ['id', 'sid'] };

/** The profile fields an account feed may set, as stored. */
function importedFields(item: AccountImportItem): ImportedFields {
  const out: ImportedFields = { name: item.name };
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
    const existing = await findAccountsBySid(tx, [...seen]);
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
        await insertImportedAccount(tx, id, item, fields, now);
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
      await updateAccountFields(tx, row.id, changed, now);
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
  const { results, total } = await searchAccounts(c.get('deps').db.kysely, body, w);
  return c.json(makePage(results, total, w), 200);
};

/**
 * Sets the status of accounts (by canonical id) and of the users whose personal accounts they are,
 * so a person and their personal account never disagree, updated at `now` (ISO). Answers the accounts that changed.
 */
async function setAccountStatus(tx: Tx, admin: SessionUser, ids: readonly string[], status: EntityStatus, now: string) {
  if (status === 'DISABLED' && ids.includes(admin.accountId)) throw fieldError('json.ids', 'You cannot disable your own account');
  return setAccountsStatus(tx, ids, status, now);
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
    const disabled = await listDisabledAccountIds(tx);
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
