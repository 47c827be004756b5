import type { RouteHandler } from '@hono/zod-openapi';
import { authOf } from './auth.ts';
import { requireUser } from './guards.ts';
import { prepareUserData, toCurrentUser } from './users.ts';
import type { AppEnv } from '../../context.ts';
import { clockOf } from '../../platform/clock.ts';
import type { construct, sessionUser } from './session.routes.ts';

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
  if (user.preparedAt === null) await prepareUserData(c.get('deps').db.kysely, user.id, clockOf(c.get('deps')));
  c.header('Cache-Control', 'no-store');
  return c.body(null, 204);
};
