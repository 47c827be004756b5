import type { Db } from './db/db.ts';
import type { Env } from './env.ts';
import type { SessionResolver } from './context.ts';
import { createAuth } from './modules/auth/auth.ts';
import { attachCredential } from './modules/auth/users.ts';

/** Sets up sign-in sessions for the main process and returns the resolver every request uses. */
export async function setupSessions(db: Db, env: Env): Promise<SessionResolver> {
  const max = env.AUTH_RATE_LIMIT_MAX;
  const auth = await createAuth({
    db,
    env,
    rateLimits: { signIn: { window: 60, max }, signUp: { window: 600, max } },
  });
  return auth.resolveSession;
}

/** How the seed gives demo users their password. */
export function demoCredentialCreator(db: Db): (user: { id: string; email: string; password: string }) => Promise<void> {
  return (u) => attachCredential(db, u);
}
