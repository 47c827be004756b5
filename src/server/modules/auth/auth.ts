import { createHash, randomBytes } from 'node:crypto';
import { APIError, betterAuth } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { Deps, SessionResolver } from '../../context.ts';
import type { Db } from '../../db/db.ts';
import type { Env } from '../../env.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { MAX_PASSWORD, MIN_PASSWORD, type PasswordContext } from '../../../domain/auth-inputs.ts';
import {
  existingAccountEmail,
  passwordChangedEmail,
  queueAuthEmail,
  RESET_LINK_SECONDS,
  resetPasswordEmail,
  VERIFICATION_LINK_SECONDS,
  verificationEmail,
} from './emails.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { passwordProblem } from './password-policy.ts';
import { withoutTokens } from './responses.ts';
import { DEFAULT_TARGET, safeTarget, withSafeCallbacks } from './target.ts';
import { insertPersonRows, loadSessionUser, prepareIdentityForReset, SIGN_UP_FLAGS } from './users.ts';
import { newId } from '../../platform/ids.ts';
import { rateLimitsOf, type RateRule } from '../../platform/rate-limit.ts';

/** Where better-auth's own JSON endpoints live (sign-in/email, sign-up/email, get-session, …). */
export const AUTH_API_BASE = '/auth/api';
/**
 * Cookie names start with this; the session cookie is `discover.session_token`, and over https
 * `__Host-discover.session_token` (Secure, Path=/, no Domain: no subdomain can set or shadow it).
 */
export const COOKIE_PREFIX = 'discover';
/** The prefix of every auth cookie over https. */
export const HOST_COOKIE_PREFIX = `__Host-${COOKIE_PREFIX}`;
/** The header better-auth reads the client address from; set only by this server, never trusted from the client. */
export const CLIENT_IP_HEADER = 'x-discover-client-ip';
/** A session ends after this many seconds without use (each use at least a day later renews it). */
export const SESSION_IDLE_SECONDS = 14 * 24 * 60 * 60;
/** A session ends this many seconds after sign-in, however often it is used: then the person signs in again. */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;

/** Every name the session cookie may have had (http, older `__Secure-` builds, https `__Host-`): sign-out clears them all. */
export const SESSION_COOKIE_NAMES = [`${COOKIE_PREFIX}.session_token`, `__Secure-${COOKIE_PREFIX}.session_token`, `${HOST_COOKIE_PREFIX}.session_token`];
const SESSION_COOKIE_RE = new RegExp(`(?:^|;\\s*)(?:__Secure-|__Host-)?${COOKIE_PREFIX}\\.session_token=`);
/** Whether a request carries a session cookie (valid or not). */
export const hasSessionCookie = (headers: Headers) => SESSION_COOKIE_RE.test(headers.get('cookie') ?? '');

/** The page a password-reset link opens (it carries the token as `?token=`). */
export const RESET_PASSWORD_PATH = '/auth/reset-password';
/** better-auth's prefix of a password-reset token's verification identifier. */
const RESET_IDENTIFIER = 'reset-password:';

/** What reading a reset token needs of better-auth's internal adapter. */
interface VerificationReader {
  findVerificationValue(identifier: string): Promise<{ value: string; expiresAt: Date } | null>;
}

/**
 * The user id of a password-reset token that is still good by the app's clock (better-auth itself
 * checks the system time), or null: unknown, used (consumed) or past its 30 minutes.
 */
async function liveResetToken(adapter: VerificationReader, token: string, clock: Clock): Promise<string | null> {
  if (!token) return null;
  const found = await adapter.findVerificationValue(`${RESET_IDENTIFIER}${token}`);
  return found && new Date(found.expiresAt).getTime() > clock.now().getTime() ? found.value : null;
}

/**
 * The least time an answer to "email me a reset link" takes, whether or not the address has an
 * account: the work differs by a few milliseconds (a token row and a queued email, or a lookup),
 * which enough samples could tell apart; every answer waits for the same moment instead.
 */
export const RESET_REQUEST_ANSWER_MS = 300;
/** When each reset request being answered began (its answer waits until RESET_REQUEST_ANSWER_MS later). */
const resetRequestStarts = new WeakMap<Request, number>();

/** What sign-in is built from. */
export interface AuthOptions {
  db: Db;
  env: Env;
  /**
   * Attempts per client address (src/server/platform/client-ip.ts), counted in the app's one
   * rate-limit store. Defaults: sign-in 10 a minute, sign-up 10 per 10 minutes.
   */
  rateLimits?: { signIn?: RateRule; signUp?: RateRule };
  /** The time for session lifetimes and queued emails; the system clock when absent. */
  clock?: Clock;
}

/** Reads AUTH_SECRET, else a random secret kept in `settings` (shared by replicas on the same database). */
async function authSecret(db: Db, env: Env, clock: Clock): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const key = 'auth.secret';
  const now = clock.now().toISOString();
  await db.kysely
    .insertInto('settings')
    .values({ key, value: randomBytes(32).toString('base64url'), updatedAt: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.kysely.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

const splitName = (name: string): [string, string] => {
  const n = name.trim().replace(/\s+/g, ' ');
  const i = n.lastIndexOf(' ');
  return i > 0 ? [n.slice(0, i), n.slice(i + 1)] : [n, ''];
};
const str = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : undefined);

/** A person's context for the password rules, from a sign-up body (`firstName`/`lastName`, else the split `name`). */
function contextOf(body: Record<string, unknown>): PasswordContext {
  const [first, last] = splitName(typeof body['name'] === 'string' ? body['name'] : '');
  return {
    email: typeof body['email'] === 'string' ? body['email'] : undefined,
    firstName: str(body['firstName'], 200) || first,
    lastName: str(body['lastName'], 200) || last,
  };
}

/** Marks every identity made before email verification existed as verified, once per database. */
async function grandfatherVerifiedEmails(db: Db, clock: Clock): Promise<void> {
  const key = 'auth.emailVerification.grandfathered';
  const now = clock.now().toISOString();
  const inserted = await db.kysely
    .insertInto('settings')
    .values({ key, value: now, updatedAt: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await db.kysely
    .updateTable('auth_user')
    .set({ emailVerified: db.dialect === 'postgres' ? true : 1 })
    .execute();
}

function buildAuth(o: AuthOptions, secret: string) {
  const { db, env } = o;
  const clock = o.clock ?? systemClock;
  const origin = env.publicOrigin;
  const https = origin.startsWith('https://');
  const signIn = o.rateLimits?.signIn ?? { window: 60, max: 10 };
  const signUp = o.rateLimits?.signUp ?? { window: 600, max: 10 };
  return betterAuth({
    appName: 'Discover',
    baseURL: `${origin}${AUTH_API_BASE}`,
    basePath: AUTH_API_BASE,
    secret,
    database: { db: db.kysely, type: db.dialect },
    telemetry: { enabled: false },
    // Our users table is the profile of record: better-auth may not rename, re-email or delete people.
    disabledPaths: ['/update-user', '/change-email', '/delete-user', '/sign-in/social', '/link-social', '/unlink-account'],
    logger: { level: env.NODE_ENV === 'test' ? 'error' : 'warn' },
    // The site may be reached by its public origin or by the host a request names; both are this server.
    trustedOrigins: (req) => [origin, req ? new URL(req.url).origin : undefined],
    // A new account signs in only once its address is confirmed: sign-up answers the same for a
    // new and a taken email (no session either way), and the confirmation link signs the owner in.
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD,
      maxPasswordLength: MAX_PASSWORD,
      autoSignIn: false,
      requireEmailVerification: true,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      onExistingUserSignUp: async ({ user }) => {
        await queueAuthEmail(db, 'auth.sign-up-existing', existingAccountEmail(user, origin), clock);
      },
      // Forgot password: a single-use link to our own page, good for 30 minutes; using it ends every session.
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token, url: own }) => {
        // The link opens our page, not better-auth's redirect; the page the person came from (its
        // `redirectTo`, in better-auth's link as callbackURL) rides along for after the next sign-in.
        const back = safeTarget(new URL(own).searchParams.get('callbackURL'));
        const url = `${origin}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}${back === DEFAULT_TARGET ? '' : `&target=${encodeURIComponent(back)}`}`;
        // Not awaited (the outbox sends it): nothing about this address's work shows in the answer.
        queueAuthEmail(db, 'auth.reset-password', resetPasswordEmail(user, url), clock).catch((cause: unknown) =>
          console.error(new Error(`The password-reset email to user ${user.id} was not queued; they can ask again.`, { cause })),
        );
        return Promise.resolve();
      },
      onPasswordReset: async ({ user }) => {
        // The link reached the inbox, which confirms the address as the confirmation link would; the other
        // links of the same person stop working, and the owner is told in case it was not them.
        await db.kysely
          .updateTable('auth_user')
          .set({ emailVerified: db.dialect === 'postgres' ? true : 1 })
          .where('id', '=', user.id)
          .execute();
        await db.kysely.deleteFrom('auth_verification').where('identifier', 'like', `${RESET_IDENTIFIER}%`).where('value', '=', user.id).execute();
        await queueAuthEmail(db, 'auth.password-changed', passwordChangedEmail(user, origin), clock);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unconfirmed account that signs in with the right password gets a fresh link.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await queueAuthEmail(db, 'auth.verify-email', verificationEmail(user, url), clock);
      },
    },
    hooks: {
      // The password policy (length, context words, common passwords) wherever a password is chosen;
      // a reset link's own checks; a first sign-in identity for seeded people asking for a link.
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        let password: unknown;
        let context: PasswordContext = {};
        if (ctx.path === '/request-password-reset') {
          if (ctx.request) resetRequestStarts.set(ctx.request, performance.now());
          // The one lookup runs for every address, so people made by the seed or an operator can set a first password too.
          if (typeof body['email'] === 'string') await prepareIdentityForReset(db, body['email'], clock);
          return;
        }
        if (ctx.path === '/sign-up/email') {
          password = body['password'];
          context = contextOf(body);
        } else if (ctx.path === '/reset-password') {
          // A used or expired link is refused before the password is judged; the rules know whose password it is.
          const query = (ctx.query ?? {}) as Record<string, unknown>;
          const token = typeof body['token'] === 'string' ? body['token'] : typeof query['token'] === 'string' ? query['token'] : '';
          const userId = await liveResetToken(ctx.context.internalAdapter, token, clock);
          if (!userId)
            throw APIError.fromStatus('BAD_REQUEST', { code: 'INVALID_TOKEN', message: 'This password-reset link has expired or has already been used.' });
          password = body['newPassword'];
          const user = await ctx.context.internalAdapter.findUserById(userId);
          if (user) context = contextOf({ email: user.email, name: user.name });
        } else if (ctx.path === '/change-password' || ctx.path === '/set-password') {
          password = body['newPassword'];
          const session = ctx.path === '/change-password' ? await getSessionFromCtx(ctx).catch(() => null) : null;
          if (session) context = contextOf({ email: session.user.email, name: session.user.name });
        } else return;
        if (typeof password !== 'string') return;
        const problem = await passwordProblem(password, context);
        if (problem) throw APIError.fromStatus('BAD_REQUEST', { code: problem.code, message: problem.message });
      }),
      // A reset request answers at the same moment after it began, whatever the address.
      after: createAuthMiddleware(async (ctx) => {
        const started = ctx.path === '/request-password-reset' && ctx.request ? resetRequestStarts.get(ctx.request) : undefined;
        if (started === undefined) return;
        const wait = started + RESET_REQUEST_ANSWER_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }),
    },
    user: { modelName: 'auth_user' },
    session: { modelName: 'auth_session', expiresIn: SESSION_IDLE_SECONDS, updateAge: 60 * 60 * 24 },
    account: { modelName: 'auth_account' },
    verification: {
      modelName: 'auth_verification',
      // Reset tokens are stored hashed (a copy of the database holds no usable link), keeping their prefix.
      storeIdentifier: {
        default: 'plain',
        overrides: {
          [RESET_IDENTIFIER]: { hash: (id) => Promise.resolve(`${RESET_IDENTIFIER}${createHash('sha256').update(id).digest('base64url')}`) },
        },
      },
    },
    rateLimit: {
      enabled: true,
      // Counted where every other limit of the app counts (src/server/platform/rate-limit.ts: the database).
      customStorage: rateLimitsOf({ db, clock }),
      window: 60,
      max: 100,
      // Asking for a reset link and choosing the new password count like sign-in attempts.
      customRules: { '/sign-in/*': signIn, '/sign-up/*': signUp, '/request-password-reset': signIn, '/reset-password': signIn },
    },
    advanced: {
      // Over https every auth cookie is `__Host-`: Secure, Path=/ and no Domain, so a sibling or
      // subdomain cannot plant or overwrite it. (better-auth's own secure prefix is `__Secure-`.)
      cookiePrefix: https ? HOST_COOKIE_PREFIX : COOKIE_PREFIX,
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/', secure: https },
      // better-auth skips these under NODE_ENV=test; keep them on so tests see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => newId() },
    },
    databaseHooks: {
      user: {
        create: {
          // Seeded people have a users row but no sign-in yet; their email is taken. Sign-up answers
          // as for any taken email (better-auth's generic answer to a 403 here), and they are told.
          before: async (user) => {
            const taken = await db.kysely
              .selectFrom('users')
              .select(['id', 'firstName', 'lastName', 'email'])
              .where('email', '=', user.email.toLowerCase())
              .executeTakeFirst();
            if (taken) {
              const name = `${taken.firstName} ${taken.lastName}`.trim();
              await queueAuthEmail(db, 'auth.sign-up-existing', existingAccountEmail({ email: taken.email, name }, origin), clock);
              throw APIError.fromStatus('FORBIDDEN', { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' });
            }
          },
          // Runs once sign-up has written better-auth's rows: the person's own rows, in one transaction.
          after: async (user, ctx) => {
            const body = (ctx?.body ?? {}) as Record<string, unknown>;
            const [first, last] = splitName(user.name);
            const person = {
              email: user.email,
              firstName: str(body['firstName'], 50) || first.slice(0, 50),
              lastName: str(body['lastName'], 50) ?? last.slice(0, 50),
              flags: [...SIGN_UP_FLAGS],
            };
            try {
              await db.kysely.transaction().execute((trx) => insertPersonRows(trx, user.id, person, clock));
            } catch (error) {
              // Without its users row the identity is useless; remove it (sessions and credential cascade).
              await db.kysely.deleteFrom('auth_user').where('id', '=', user.id).execute();
              throw new Error(`Sign-up of ${user.email} failed while creating the user's rows.`, { cause: error });
            }
          },
        },
      },
      session: {
        create: {
          // A disabled user cannot start a session. (During sign-up the users row comes after the session.)
          before: async (session) => {
            const u = await db.kysely.selectFrom('users').select('status').where('id', '=', session.userId).executeTakeFirst();
            if (u && u.status !== 'ACTIVE') throw APIError.fromStatus('FORBIDDEN', { code: 'ACCOUNT_DISABLED', message: 'This account is disabled.' });
          },
        },
      },
    },
  });
}

/** The configured better-auth instance. */
export type BetterAuthInstance = ReturnType<typeof buildAuth>;

/** Sign-in for one app: better-auth, the session resolver, and the gate every auth request passes. */
export interface DiscoverAuth {
  auth: BetterAuthInstance;
  /** The SessionResolver for `createApp`: reads the session cookie, answers the user or null. */
  resolveSession: SessionResolver;
  /** Hands a request to better-auth with this server's view of the client address. */
  handle(req: Request, clientIp: string | undefined): Promise<Response>;
  /** The account a password-reset token is for while it still works (known, unused, within its 30 minutes by the app's clock), else null. */
  resetTokenAccount(token: string): Promise<{ email: string; name: string } | null>;
}

const registry = new WeakMap<SessionResolver, DiscoverAuth>();

/** The auth behind an app's resolver; undefined when the app was built with a stand-in resolver (tests). */
export const authOf = (deps: Deps): DiscoverAuth | undefined => registry.get(deps.resolveSession);

/**
 * Builds sign-in over the app's database. Use its `resolveSession` in `createApp`'s deps:
 * `const a = await createAuth({ db, env }); createApp({ env, db, events, resolveSession: a.resolveSession })`.
 */
export async function createAuth(options: AuthOptions): Promise<DiscoverAuth> {
  const clock = options.clock ?? systemClock;
  const auth = buildAuth(options, await authSecret(options.db, options.env, clock));
  const { db } = options;
  await grandfatherVerifiedEmails(db, clock);
  /**
   * The session of a request, or null; a session past its absolute lifetime is deleted here, so
   * neither the API nor better-auth's own endpoints (which run this first) accept it again.
   */
  const currentSession = async (headers: Headers) => {
    if (!hasSessionCookie(headers)) return null;
    // Read-only here; GET /api/session/user/ refreshes the session and its cookie together.
    const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
    if (!found) return null;
    if (clock.now().getTime() - new Date(found.session.createdAt).getTime() > SESSION_ABSOLUTE_SECONDS * 1000) {
      await db.kysely.deleteFrom('auth_session').where('id', '=', found.session.id).execute();
      return null;
    }
    return found;
  };
  const resolveSession: SessionResolver = async (req) => {
    const found = await currentSession(req.headers);
    return found ? loadSessionUser(db.kysely, found.user.id) : null;
  };
  const discover: DiscoverAuth = {
    auth,
    resolveSession,
    async handle(req, clientIp) {
      const headers = new Headers(req.headers);
      headers.delete(CLIENT_IP_HEADER);
      if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
      await currentSession(headers);
      // Return addresses (callbackURL, redirectTo, …) pass the product's redirect rule before better-auth sees them.
      return withoutTokens(await auth.handler(new Request(await withSafeCallbacks(req, options.env.publicOrigin), { headers })));
    },
    async resetTokenAccount(token) {
      const { internalAdapter } = await auth.$context;
      const userId = await liveResetToken(internalAdapter, token, clock);
      const user = userId ? await internalAdapter.findUserById(userId) : null;
      return user ? { email: user.email, name: user.name } : null;
    },
  };
  registry.set(resolveSession, discover);
  return discover;
}
