import { SITE_BASE, SITE_HOME } from '../../domain/urls.ts';

/** Where sign-in, sign-up and sign-out land when no usable target is given: the site's home page. */
export const DEFAULT_TARGET = SITE_HOME;

/** Stands in for the site's origin when none is given: only "same origin or not" matters. */
const PROBE_ORIGIN = 'http://target.invalid';

/** The product's own pages a target may lead to: the public site and the admin console. */
const PRODUCT_ROOTS = [SITE_BASE, '/admin'];

const underProduct = (path: string) => PRODUCT_ROOTS.some((root) => path === root || path.startsWith(`${root}/`));

/**
 * The one place a return address (`?target=`, a form's `target`, a verification link's callback)
 * is decided before the server redirects to it: the value is parsed against the site's origin as a
 * browser would, and honoured only when the normalized URL is on that origin with a path under the
 * product (`/discover…`, `/admin…`). Everything else answers the default, so sign-in, sign-up and
 * sign-out are never open redirects. Refused, among others: `//host`, `/\host`, `/.//host`,
 * `/..//host`, `/%2e%2e//host`, `/discover/../..//host`, absolute URLs of other origins,
 * `javascript:`, and any value with whitespace or control characters (browsers drop tabs and
 * newlines, turning `/\t/host` into `//host`).
 */
export function safeTarget(raw: string | null | undefined, origin: string = PROBE_ORIGIN): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return DEFAULT_TARGET;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/.test(raw)) return DEFAULT_TARGET;
  if (!raw.startsWith('/') || raw.startsWith('//')) return DEFAULT_TARGET;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return DEFAULT_TARGET;
  }
  // Dot segments (also percent-encoded ones) are resolved by now: judge the path a browser would request.
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//') || !underProduct(url.pathname)) return DEFAULT_TARGET;
  return `${url.pathname}${url.search}${url.hash}`;
}
