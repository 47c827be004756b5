import { loadEnv } from './env.ts';
import { migrate, openDb } from './db/db.ts';
import { ContentEvents } from './events.ts';
import { createApp } from './app.ts';
import type { Deps, SessionUser } from './context.ts';

/** An in-process app over a fresh in-memory database, for API tests. `as` sets the session user. */
export async function createTestApp(options: { session?: (req: Request) => Promise<SessionUser | null> } = {}) {
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/discover-test' });
  const db = openDb(':memory:');
  await migrate(db);
  const deps: Deps = { env, db, events: new ContentEvents(), resolveSession: options.session ?? (async () => null) };
  const app = createApp(deps);
  return { app, deps, db, close: () => db.close() };
}
