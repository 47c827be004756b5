import { loadEnv } from './env.ts';
import { openTestDatabase } from './db/test-databases.ts';
import { ContentEvents } from './platform/events.ts';
import { createApp } from './app.ts';
import type { Deps, SessionUser } from './context.ts';
import { createAuth, type AuthOptions, type DiscoverAuth } from './modules/auth/auth.ts';
import type { Clock } from './platform/clock.ts';
import { createOutbox } from './platform/outbox/dispatcher.ts';

/** How a test app is built. */
export interface TestAppOptions {
  /** A stand-in session resolver (every request is that user); ignored when `auth` is set. */
  session?: (req: Request) => Promise<SessionUser | null>;
  /** Wire real sign-in (better-auth over the test database); pass options to tune rate limits. */
  auth?: boolean | Pick<AuthOptions, 'rateLimits'>;
  /** A SQLite file instead of a fresh in-memory database (to test what survives a restart); on PostgreSQL, the same file names the same database. */
  databaseFile?: string;
  /** The app's clock (a `TestClock` to set the time); the system clock when absent. */
  clock?: Clock;
  /** Environment variables besides NODE_ENV and DATA_DIR (CONTENT_WEBHOOK_URL, SMTP_URL, …). */
  env?: Record<string, string>;
}

/** Where in-process test requests appear to come from; send it as Origin on state-changing calls. */
export const TEST_ORIGIN = 'http://localhost';

/** An in-process app over a fresh database (in-memory SQLite, or PostgreSQL with TEST_POSTGRES_URL set; or the given file), for API tests. */
export async function createTestApp(options: TestAppOptions = {}) {
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/discover-test', ...options.env });
  const database = await openTestDatabase(options.databaseFile);
  const db = database.db;
  const clock = options.clock === undefined ? {} : { clock: options.clock };
  let auth: DiscoverAuth | undefined;
  if (options.auth) auth = await createAuth({ db, env, ...clock, ...(options.auth === true ? {} : options.auth) });
  const events = new ContentEvents({ env, ...clock });
  const deps: Deps = { env, db, events, resolveSession: auth?.resolveSession ?? options.session ?? (() => Promise.resolve(null)), ...clock };
  const app = createApp(deps);
  /** The outbox dispatcher over the test database, not started: call `runOnce()`, or `start()` it. */
  const outbox = createOutbox({ db, env, events, ...clock });
  return {
    app,
    deps,
    db,
    auth,
    outbox,
    close: async () => {
      await outbox.stop();
      await database.close();
    },
  };
}

/**
 * Signs a user in without the rate limiter (a server-side better-auth call) and answers the
 * headers a same-site browser would send next: the session cookie and Origin.
 */
export async function signInHeaders(auth: DiscoverAuth, email: string, password: string): Promise<{ cookie: string; origin: string }> {
  const { headers } = await auth.auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(';')[0] as string)
    .filter((c) => c.includes('session_token='))
    .join('; ');
  if (!cookie) throw new Error(`Signing in ${email} gave no session cookie.`);
  return { cookie, origin: TEST_ORIGIN };
}
