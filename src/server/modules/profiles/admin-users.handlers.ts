import type { RouteHandler } from '@hono/zod-openapi';
import type { Transaction } from 'kysely';
import type { BulkResult } from '../../../domain/admin.ts';
import { FeatureFlagName, type AdminUserFlags } from '../../../domain/admin-inputs.ts';
import type { EntityStatus } from '../../../domain/enums.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { AppEnv, SessionUser } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { withAudit } from '../../platform/audit.ts';
import { clockOf } from '../../platform/clock.ts';
import { fieldError } from '../../platform/errors.ts';
import { requireItems, uniqueIds, type KeyedItems } from '../../platform/admin/bulk.ts';
import { findPerson, listDisabledUserIds, setUserFlagsColumn, setUsersStatus } from './admin-users.queries.ts';
import type * as r from './admin-users.routes.ts';

/** Users as admin calls name them: by id or sid. */
const USERS: KeyedItems<'users'> = { table: 'users', label: 'User', keys: ['id', 'sid'] };

/** Sets the status of users (canonical ids) and of their personal accounts at `now` (ISO); answers the users that changed. */
async function setUserStatus(tx: Transaction<Database>, admin: SessionUser, ids: readonly string[], status: EntityStatus, now: string) {
  if (status === 'DISABLED' && ids.includes(admin.id)) throw fieldError('json.ids', 'You cannot disable yourself');
  return setUsersStatus(tx, ids, status, now);
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
      clockOf(c.get('deps')).now().toISOString(),
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
    const disabled = await listDisabledUserIds(tx);
    const { from, to, changed } = await setUserStatus(
      tx,
      admin,
      disabled.map((u) => u.id),
      'ACTIVE',
      clockOf(c.get('deps')).now().toISOString(),
    );
    const out: BulkResult = { count: changed.length, ids: changed };
    return { from, to, result: out, changed: { type: 'USER', ids: changed }, noop: !changed.length };
  });
  return c.json(result, 200);
};

/** A stored flags column as a list (bad JSON reads as none). */
function storedFlags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/** The known `discover/<flag>` flags of a stored list, sorted, without repeats. */
const knownFlags = (flags: readonly string[]): FeatureFlagName[] =>
  [...new Set(flags)].filter((f): f is FeatureFlagName => FeatureFlagName.safeParse(f).success).sort();

/** GET /user/{userId}/flags/ */
export const getUserFlags: RouteHandler<typeof r.getUserFlags, AppEnv> = async (c) => {
  requireAdmin(c);
  const u = await findPerson(c.get('deps').db.kysely, c.req.valid('param').userId);
  const out: AdminUserFlags = {
    userId: u.id,
    sid: u.sid,
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    status: u.status as EntityStatus,
    flags: knownFlags(storedFlags(u.flags)),
  };
  c.header('Cache-Control', 'no-store');
  return c.json(out, 200);
};

/**
 * PUT /user/{userId}/flags/: replaces the person's known flags (anything else stored in their
 * flags stays). Sessions read the flags on every request, so the person's next page sees them.
 */
export const setUserFlags: RouteHandler<typeof r.setUserFlags, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const deps = c.get('deps');
  const { userId } = c.req.valid('param');
  const wanted = knownFlags(c.req.valid('json').flags);
  const result = await withAudit(deps, admin, { type: 'USER', action: 'UPDATE_FLAGS' }, async (tx) => {
    const u = await findPerson(tx, userId);
    const stored = storedFlags(u.flags);
    const before = knownFlags(stored);
    const out = { userId: u.id, flags: wanted };
    const same = before.length === wanted.length && before.every((f, i) => f === wanted[i]);
    if (same) return { from: null, to: null, result: out, noop: true };
    const others = stored.filter((f) => !FeatureFlagName.safeParse(f).success);
    await setUserFlagsColumn(tx, u.id, [...others, ...wanted], clockOf(deps).now().toISOString());
    return { from: { id: u.id, flags: before }, to: { id: u.id, flags: wanted }, result: out };
  });
  return c.json(result, 200);
};
