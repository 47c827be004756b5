import type { Context, MiddlewareHandler } from 'hono';
import { JOBS_API_PREFIX, TECHNICIAN_FLAG } from '../../../domain/capture-delivery.ts';
import type { AppEnv, SessionUser } from '../../context.ts';
import { forbidden, unauthorized } from '../../platform/errors.ts';
import { hasSessionCookie } from './auth.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Message of the 403 answered to a cross-site state-changing call. */
export const CROSS_SITE_MESSAGE = 'Cross-site request refused.';

const originOf = (value: string | undefined | null): string | null => {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
};

/**
 * Whether a state-changing request may proceed: its Origin (or Referer) must be this server's
 * (the public origin or the host the request names). Without either header only a request without
 * a session cookie passes: browsers send Origin on every POST/PUT/PATCH/DELETE, so a cookie without
 * one is not a page of ours, while cookieless scripts and servers carry no ambient credentials.
 */
export function isSameSiteWrite(req: Request, publicOrigin: string): boolean {
  const source = originOf(req.headers.get('origin')) ?? originOf(req.headers.get('referer'));
  if (source === null) return !hasSessionCookie(req.headers);
  return source === publicOrigin || source === new URL(req.url).origin;
}

const isAdminApi = (path: string) => path === '/admin/api' || path.startsWith('/admin/api/');
/** Technicians' jobs live in the console too; their routes check the technician (or administrator) themselves. */
const isJobsApi = (path: string) => path.startsWith(JOBS_API_PREFIX);

/**
 * The app-wide enforcement that runs after the session is resolved: CSRF refusal of cross-site
 * writes, then the administrator gate over all of `/admin/api/**` (401 guest, 403 non-admin).
 */
export const guards: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (STATE_CHANGING.has(c.req.method) && !isSameSiteWrite(c.req.raw, c.get('deps').env.publicOrigin)) throw forbidden(CROSS_SITE_MESSAGE);
  if (isAdminApi(c.req.path) && !isJobsApi(c.req.path)) requireAdmin(c);
  await next();
};

/** The signed-in user, or a 401 for a guest. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

/** The signed-in administrator (is_privileged): 401 for a guest, 403 for anyone else. */
export function requireAdmin(c: Context<AppEnv>): SessionUser {
  const user = requireUser(c);
  if (!user.isPrivileged) throw forbidden('Only administrators can do this.');
  return user;
}

/** Route middleware (createRoute's `middleware`) refusing guests before the request is validated. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

/** Route middleware refusing everyone but administrators before the request is validated. */
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdmin(c);
  await next();
};

/** Whether a user signs in as a technician (the console shows them their jobs). */
export const isTechnician = (user: SessionUser | null | undefined): boolean => Boolean(user?.flags.includes(TECHNICIAN_FLAG));

/** Whether a user is an administrator. */
export const isAdmin = (user: SessionUser | null | undefined): boolean => Boolean(user?.isPrivileged);

/**
 * Whether a user may edit an account's profile: their own personal account, an organization where
 * they are an OWNER, or any account for an administrator. Billing contacts and members may not.
 */
export function canEditAccount(user: SessionUser | null | undefined, accountId: string): boolean {
  if (!user) return false;
  if (user.isPrivileged || user.accountId === accountId) return true;
  return user.memberships.some((m) => m.accountId === accountId && m.role === 'OWNER');
}

/**
 * Whether a user owns a thing (a collection, a space, a profile: pass its owner's user id) or is an
 * administrator. Use it for writes and for reads of PRIVATE items; answer 404 rather than 403 when
 * the caller may not even know the item exists.
 */
export function isOwnerOrAdmin(user: SessionUser | null | undefined, ownerUserId: string | null | undefined): boolean {
  if (!user) return false;
  return user.isPrivileged || (ownerUserId !== null && ownerUserId !== undefined && user.id === ownerUserId);
}
