import type { MiddlewareHandler } from 'hono';
import { SITE_BASE, SITE_HOME } from '../../../domain/urls.ts';

/** Where sign-in, sign-up and sign-out land when no usable target is given: the site's home page. */
export const DEFAULT_TARGET = SITE_HOME;

/** Stands in for the site's origin when none is given: only "same origin or not" matters. */
const PROBE_ORIGIN = 'http://target.invalid';

/** The product's own pages a target may lead to: the public site and the admin console. */
const PRODUCT_ROOTS = [SITE_BASE, '/admin'];
/** Where the process itself may also send a browser: the sign-in host (its pages and better-auth's endpoints). */
const REDIRECT_ROOTS = [...PRODUCT_ROOTS, '/auth'];

const under = (roots: readonly string[], path: string) => roots.some((root) => path === root || path.startsWith(`${root}/`));

/**
 * The rule itself: the value parsed against `origins[0]` as a browser would, kept (as the path a
 * browser requests) only when the normalized URL is on one of `origins` with a path under `roots`.
 * Null when refused. Absolute URLs count only with `absolute` (Location headers of our own origin).
 */
function sitePath(raw: unknown, origins: readonly string[], roots: readonly string[], absolute: boolean): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/.test(raw)) return null;
  const isPath = raw.startsWith('/') && !raw.startsWith('//');
  if (!isPath && !(absolute && /^https?:\/\/[^/]/i.test(raw))) return null;
  let url: URL;
  try {
    url = new URL(raw, origins[0] ?? PROBE_ORIGIN);
  } catch {
    return null;
  }
  // Dot segments (also percent-encoded ones) are resolved by now: judge the path a browser would request.
  const same = origins.some((o) => {
    try {
      return new URL(o).origin === url.origin;
    } catch {
      return false;
    }
  });
  if (!same || url.pathname.startsWith('//') || !under(roots, url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

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
  return sitePath(raw, [origin], PRODUCT_ROOTS, false) ?? DEFAULT_TARGET;
}

/**
 * The same rule for an address the process itself redirects to, including better-auth's
 * (`callbackURL`, `redirectTo`, … and every `Location`): a site or admin page, or a page of the
 * sign-in host (`/auth/…`, where confirmation links land), on one of `origins` (the request's and
 * the public origin); absolute URLs of those origins count too. Null when refused.
 */
export function safeRedirectPath(raw: unknown, origins: readonly string[] = [PROBE_ORIGIN]): string | null {
  return sitePath(raw, origins, REDIRECT_ROOTS, true);
}

/** The return-address fields better-auth reads from a query or body and later redirects to. */
const CALLBACK_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

/**
 * A request for better-auth with every return address it carries (query, JSON or form body)
 * decided by the rule above (relative, or absolute on the request's or the public origin): a refused
 * one is replaced by the default, so a confirmation, reset or sign-out link can only lead to the
 * product. The request is answered as is when it has none.
 */
export async function withSafeCallbacks(req: Request, publicOrigin?: string): Promise<Request> {
  const url = new URL(req.url);
  const origins = publicOrigin ? [url.origin, publicOrigin] : [url.origin];
  let changed = false;
  for (const field of CALLBACK_FIELDS) {
    const value = url.searchParams.get(field);
    if (value !== null && safeRedirectPath(value, origins) === null) {
      url.searchParams.set(field, DEFAULT_TARGET);
      changed = true;
    }
  }
  let body: string | undefined;
  const type = req.headers.get('content-type') ?? '';
  if (req.body && (req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH')) {
    const text = await req.clone().text();
    body = text;
    if (/application\/json/i.test(type)) {
      const parsed = ((): unknown => {
        try {
          return JSON.parse(text);
        } catch {
          return undefined;
        }
      })();
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const record = parsed as Record<string, unknown>;
        let bodyChanged = false;
        for (const field of CALLBACK_FIELDS) {
          if (field in record && record[field] !== undefined && record[field] !== null && safeRedirectPath(record[field], origins) === null) {
            record[field] = DEFAULT_TARGET;
            bodyChanged = true;
          }
        }
        if (bodyChanged) {
          body = JSON.stringify(record);
          changed = true;
        }
      }
    } else if (/application\/x-www-form-urlencoded/i.test(type)) {
      const form = new URLSearchParams(text);
      let bodyChanged = false;
      for (const field of CALLBACK_FIELDS) {
        const value = form.get(field);
        if (value !== null && safeRedirectPath(value, origins) === null) {
          form.set(field, DEFAULT_TARGET);
          bodyChanged = true;
        }
      }
      if (bodyChanged) {
        body = form.toString();
        changed = true;
      }
    }
  }
  if (!changed) return req;
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  return new Request(url, { method: req.method, headers, ...(body === undefined ? {} : { body }) });
}

/**
 * The last line against open redirects, on the whole server (src/server/main.ts): every 3xx answer
 * whose `Location` the rule above refuses (another host, `//host`, a path outside the product, …)
 * is sent to the default instead, whoever made it (our routes, better-auth, a library).
 */
export function sameSiteRedirects(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 300 || res.status > 399) return;
    const location = res.headers.get('location');
    if (location === null || safeRedirectPath(location, [new URL(c.req.url).origin, publicOrigin]) !== null) return;
    try {
      res.headers.set('location', DEFAULT_TARGET);
    } catch {
      // A response with immutable headers (from fetch): answer a copy.
      const headers = new Headers(res.headers);
      headers.set('location', DEFAULT_TARGET);
      c.res = undefined;
      c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
    }
  };
}
