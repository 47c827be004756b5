import type { RouteHandler } from '@hono/zod-openapi';
import { authOf } from '../../auth/auth.ts';
import { requireAdmin, requireUser } from '../../auth/guards.ts';
import { prepareUserData, toCurrentUser } from '../../auth/users.ts';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../errors.ts';
import type { construct, sessionUser, setUserFlags } from './session.routes.ts';

/** Answers the current user; renews the session (and its cookie) when better-auth says it is due. */
export const getSessionUser: RouteHandler<typeof sessionUser, AppEnv> = async (c) => {
  c.header('Cache-Control', 'no-store');
  const user = c.get('user');
  const auth = authOf(c.get('deps'));
  if (user && auth) {
    const renewed = await auth.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    for (const cookie of renewed.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  }
  return c.json(toCurrentUser(user), 200);
};

/** Prepares the user's data and answers 204. */
export const getConstruct: RouteHandler<typeof construct, AppEnv> = async (c) => {
  const user = requireUser(c);
  if (user.preparedAt === null) await prepareUserData(c.get('deps').db.kysely, user.id);
  c.header('Cache-Control', 'no-store');
  return c.body(null, 204);
};

/** Replaces a user's own flags and records the change in the audit log. */
export const putUserFlags: RouteHandler<typeof setUserFlags, AppEnv> = async (c) => {
  const admin = requireAdmin(c);
  const { userId } = c.req.valid('param');
  const flags = [...new Set(c.req.valid('json').flags)].sort();
  const db = c.get('deps').db.kysely;
  const now = new Date().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['id', 'flags'])
      .where((eb) => eb.or([eb('id', '=', userId), eb('sid', '=', userId)]))
      .executeTakeFirst();
    if (!row) throw notFound('User');
    await trx
      .updateTable('users')
      .set({ flags: JSON.stringify(flags), updatedAt: now })
      .where('id', '=', row.id)
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        id: crypto.randomUUID(),
        action: 'UPDATE_FLAGS',
        date: now,
        type: 'USER',
        userId: admin.id,
        isAdmin: 1,
        fromValue: JSON.stringify({ userId: row.id, flags: JSON.parse(row.flags) as unknown }),
        toValue: JSON.stringify({ userId: row.id, flags }),
      })
      .execute();
    return row.id;
  });
  return c.json({ userId: id, flags }, 200);
};
