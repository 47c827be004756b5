import type { Context, MiddlewareHandler } from 'hono';
import { canEditAccount, requireUser } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

/** The id of the account a path's `accountId` (id or sid) names; 404 when there is none. */
export async function pathAccountId(c: Context<AppEnv>): Promise<string> {
  const key = c.req.param('accountId') ?? '';
  const row = await c
    .get('deps')
    .db.kysely.selectFrom('accounts')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', key), eb('sid', '=', key)]))
    .executeTakeFirst();
  if (!row) throw notFound('Account');
  return row.id;
}

/**
 * Route middleware of the account profile writes: 401 for a guest, 404 for an unknown account and
 * 403 unless the user may edit it (canEditAccount: their personal account, an organization they
 * own, or any for an administrator), all before the body is read.
 */
export const accountEditor: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = requireUser(c);
  if (!canEditAccount(user, await pathAccountId(c))) throw forbidden('Only an owner of this organization can edit its profile.');
  await next();
};
