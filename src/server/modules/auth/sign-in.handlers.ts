import type { Context } from 'hono';
import type { ApiErrorBody, ErrorCode } from '../../../domain/api-error.ts';
import { EMAIL_MESSAGE, firstErrors, PASSWORD_LENGTH_MESSAGE, SignInInput, SignUpInput } from '../../../domain/auth-inputs.ts';
import { AUTH_API_BASE, authOf, hasSessionCookie, SESSION_COOKIE_NAMES, type DiscoverAuth } from './auth.ts';
import { VERIFICATION_LINK_SECONDS } from './emails.ts';
import { AUTH_PAGE_CSP, checkEmailPage, signInPage, signUpPage, type AuthPageState } from './pages.ts';
import { safeTarget } from './target.ts';
import type { AppEnv } from '../../context.ts';
import { ApiError } from '../../platform/errors.ts';
import { clientIp } from '../../platform/client-ip.ts';

/** A request on the sign-in host. */
export type C = Context<AppEnv>;

const FORM_TYPES = /application\/x-www-form-urlencoded|multipart\/form-data/i;
/** The pages allow only their own styles, the show-password script and posts to this site, and refuse to be framed. */
export const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': AUTH_PAGE_CSP,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
};

/** The app's sign-in, or a 500 when the server was built without it. */
export const requireAuth = (c: C): DiscoverAuth => {
  const auth = authOf(c.get('deps'));
  if (!auth) throw new ApiError('INTERNAL_ERROR', 'Sign-in is not configured on this server.');
  return auth;
};

/** The string fields of a form (or JSON) body; files and other values are ignored. */
export async function fields(c: C): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  let body: Record<string, unknown> = {};
  if (FORM_TYPES.test(type)) body = await c.req.parseBody();
  else if (/application\/json/i.test(type)) body = await c.req.json<Record<string, unknown>>().catch(() => ({}));
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The return address of a form post (its field, else the query), through safeTarget. */
export const targetOf = (c: C, f: Record<string, string>) => safeTarget(f['target'] ?? c.req.query('target'));

/** Answers an auth page with the pages' headers. */
export const page = <S>(c: C, render: (s: S) => string, state: S, status: 200 | 400 | 401 | 403 | 409 | 429 | 500 = 200, extra: Record<string, string> = {}) =>
  c.html(render(state), status, { ...PAGE_HEADERS, ...extra });

/** Calls one of better-auth's endpoints for a form post, as the browser would, with this server's view of the client address. */
export async function callAuth(
  c: C,
  auth: DiscoverAuth,
  path: string,
  body: unknown,
  withCookie: boolean,
): Promise<{ res: Response; code: string | undefined; message: string | undefined }> {
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const name of ['origin', 'referer', 'user-agent', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest', ...(withCookie ? ['cookie'] : [])]) {
    const v = c.req.header(name);
    if (v) headers.set(name, v);
  }
  const url = `${new URL(c.req.url).origin}${AUTH_API_BASE}${path}`;
  const res = await auth.handle(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }), clientIp(c));
  let failure: { code?: string; message?: string } = {};
  if (!res.ok)
    failure = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string; message?: string };
  return { res, code: failure.code, message: failure.message };
}

/** Seconds to wait, from better-auth's rate-limit answer. */
export const retryAfter = (res: Response) => res.headers.get('x-retry-after') ?? res.headers.get('retry-after') ?? '60';
/** What a page says when the rate limit was met. */
export const tooMany = (res: Response) => {
  const seconds = Math.max(1, Number(retryAfter(res)) || 60);
  const wait = seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return `Too many attempts from your network. Wait ${wait} and try again.`;
};

/** Sends the browser on with better-auth's cookies. */
function redirectWithCookies(c: C, res: Response, target: string) {
  for (const cookie of res.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  c.header('Cache-Control', 'no-store');
  return c.redirect(target, 303);
}

/** Where a confirmation link leads once used: the sign-in page, which sends a signed-in visitor on to the target. */
const verifiedCallback = (target: string) => `/auth/sign-in?target=${encodeURIComponent(target)}`;

/** What the sign-in page says when a confirmation link did not work (better-auth's `?error=` code). */
const LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: 'This confirmation link has expired. Sign in with your email and password to get a new one.',
  INVALID_TOKEN: 'This confirmation link is not valid. Sign in with your email and password to get a new one.',
  USER_NOT_FOUND: 'This confirmation link is not valid. Sign in with your email and password to get a new one.',
  INVALID_USER: 'This confirmation link belongs to another account. Sign out first, then open it again.',
};

/** What the sign-in page says after a password reset (`?reset=done`). */
const PASSWORD_CHANGED = 'Your password has been changed and every session of your account has been signed out. Sign in with your new password.';

/** GET /auth/sign-in (also where a used confirmation link lands, and where a password reset ends) */
export const getSignIn = (c: C) => {
  const target = safeTarget(c.req.query('target'));
  if (c.get('user')) return c.redirect(target, 303);
  const linkError = LINK_ERRORS[c.req.query('error') ?? ''];
  const notice = c.req.query('reset') === 'done' ? PASSWORD_CHANGED : undefined;
  return page(c, signInPage, { target, ...(linkError ? { errors: { form: linkError } } : {}), ...(notice ? { notice } : {}) });
};

/** GET /auth/sign-up */
export const getSignUp = (c: C) => {
  const target = safeTarget(c.req.query('target'));
  if (c.get('user')) return c.redirect(target, 303);
  return page(c, signUpPage, { target });
};

/** POST /auth/sign-in: checks the fields, signs in through better-auth (rate-limited), and redirects. */
export const postSignIn = async (c: C) => {
  const auth = requireAuth(c);
  const f = await fields(c);
  const target = targetOf(c, f);
  const input = SignInInput.safeParse({ email: f['email'] ?? '', password: f['password'] ?? '' });
  // The page shows the email as typed (trimmed), never the password.
  const state = (e: Record<string, string>): AuthPageState => ({ target, values: { email: (f['email'] ?? '').trim() }, errors: e });
  if (!input.success) return page(c, signInPage, state(firstErrors(input.error)), 400);

  const { res, code } = await callAuth(c, auth, '/sign-in/email', { ...input.data, rememberMe: true, callbackURL: verifiedCallback(target) }, false);
  if (res.ok) return redirectWithCookies(c, res, target);
  if (code === 'EMAIL_NOT_VERIFIED') {
    const hours = VERIFICATION_LINK_SECONDS / 3600;
    const message = `Confirm your email address first: we have sent a new link to ${input.data.email}. It works for ${hours} hours.`;
    return page(c, signInPage, state({ form: message }), 403);
  }
  if (res.status === 429) return page(c, signInPage, state({ form: tooMany(res) }), 429, { 'Retry-After': retryAfter(res) });
  if (res.status === 401 || code === 'INVALID_EMAIL_OR_PASSWORD') return page(c, signInPage, state({ form: 'The email or password is incorrect.' }), 401);
  if (code === 'ACCOUNT_DISABLED')
    return page(c, signInPage, state({ form: 'This account is disabled. Contact support if you think this is a mistake.' }), 403);
  if (res.status === 403) return page(c, signInPage, state({ form: 'Sign-in was refused for this page. Reload it and try again.' }), 403);
  if (res.status === 400) return page(c, signInPage, state({ form: 'Check your email and password and try again.' }), 400);
  return page(c, signInPage, state({ form: 'Sign-in failed. Try again, or contact support if the problem persists.' }), 500);
};

/**
 * POST /auth/sign-up: checks the fields and the password policy, creates the user through
 * better-auth (rate-limited) and answers "Check your email to continue" — the same page, status and
 * (absent) cookies whether the email is new or already has an account, so sign-up never tells who
 * has one. The confirmation link signs the new user in and returns them to the target.
 */
export const postSignUp = async (c: C) => {
  const auth = requireAuth(c);
  const f = await fields(c);
  const target = targetOf(c, f);
  const values = { firstName: (f['firstName'] ?? '').trim(), lastName: (f['lastName'] ?? '').trim(), email: (f['email'] ?? '').trim() };
  const input = SignUpInput.safeParse({ ...values, password: f['password'] ?? '' });
  const state = (e: Record<string, string>): AuthPageState => ({ target, values, errors: e });
  if (!input.success) return page(c, signUpPage, state(firstErrors(input.error)), 400);

  const { firstName, lastName } = input.data;
  const body = { name: `${firstName} ${lastName}`, ...input.data, rememberMe: true, callbackURL: verifiedCallback(target) };
  const { res, code, message } = await callAuth(c, auth, '/sign-up/email', body, false);
  if (res.ok) return c.html(checkEmailPage(input.data.email, target), 200, PAGE_HEADERS);
  if (res.status === 429) return page(c, signUpPage, state({ form: tooMany(res) }), 429, { 'Retry-After': retryAfter(res) });
  if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') return page(c, signUpPage, state({ password: PASSWORD_LENGTH_MESSAGE }), 400);
  if (code?.startsWith('PASSWORD_') && message) return page(c, signUpPage, state({ password: message }), 400);
  if (code === 'INVALID_EMAIL') return page(c, signUpPage, state({ email: EMAIL_MESSAGE }), 400);
  if (res.status === 403) return page(c, signUpPage, state({ form: 'Sign-up was refused for this page. Reload it and try again.' }), 403);
  return page(c, signUpPage, state({ form: 'Sign-up failed. Try again, or contact support if the problem persists.' }), 500);
};

/** POST /auth/sign-out: ends the session; 303 for form posts and navigations, 204 for fetch. */
export const postSignOut = async (c: C) => {
  const auth = authOf(c.get('deps'));
  const isForm = FORM_TYPES.test(c.req.header('content-type') ?? '') || c.req.header('sec-fetch-mode') === 'navigate';
  const f = isForm ? await fields(c) : {};
  let cleared = false;
  if (auth && hasSessionCookie(c.req.raw.headers)) {
    const { res } = await callAuth(c, auth, '/sign-out', {}, true);
    for (const cookie of res.headers.getSetCookie()) {
      c.header('Set-Cookie', cookie, { append: true });
      cleared = true;
    }
  }
  // Clear the cookie even when better-auth had no session to end (an expired or forged cookie).
  if (!cleared && hasSessionCookie(c.req.raw.headers)) {
    for (const name of SESSION_COOKIE_NAMES) {
      c.header('Set-Cookie', `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${name.startsWith('__') ? '; Secure' : ''}`, { append: true });
    }
  }
  c.header('Cache-Control', 'no-store');
  if (isForm) return c.redirect(targetOf(c, f), 303);
  return c.body(null, 204);
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * `/auth/api/**`: better-auth's own JSON endpoints, with failures rewritten into the API's error
 * body (`{ code, message, extra: { authCode }, retry }`); 422 becomes 409 (email taken) or 400.
 */
export const authApi = async (c: C) => {
  const auth = requireAuth(c);
  const res = await auth.handle(c.req.raw, clientIp(c));
  // better-auth's answers reach here without session tokens (auth.handle strips them).
  if (res.status < 400) return res;
  const original = (await res
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string; message?: string };
  const status = res.status === 422 ? (original.code?.startsWith('USER_ALREADY_EXISTS') ? 409 : 400) : res.status;
  const code: ErrorCode = CODE_BY_STATUS[status] ?? 'INTERNAL_ERROR';
  const message =
    status === 429
      ? tooMany(res)
      : original.message || (status === 404 ? 'No such sign-in endpoint.' : status >= 500 ? 'Sign-in failed on the server.' : 'The request was refused.');
  const body: ApiErrorBody = { code, message, extra: original.code ? { authCode: original.code } : null, retry: status === 429 || status >= 500 };
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  if (status === 429) headers.set('Retry-After', retryAfter(res));
  return new Response(JSON.stringify(body), { status, headers });
};
