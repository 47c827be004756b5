import type { Db } from './db/db.ts';
import type { Env } from './env.ts';
import type { SessionResolver } from './context.ts';

/** Sets up sign-in sessions for the main process and returns the resolver every request uses. */
export async function setupSessions(_db: Db, _env: Env): Promise<SessionResolver> {
  return async () => null;
}

/** How the seed gives demo users their password; none until sign-in exists. */
export async function demoCredentialCreator(_db: Db): Promise<((user: { id: string; email: string; password: string }) => Promise<void>) | undefined> {
  return undefined;
}
