import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BannerInput, CarouselItemInput, normaliseLink } from '../../src/domain/admin-inputs.ts';
import { isSitePath, linkHref } from '../../src/domain/urls.ts';
import { DEFAULT_TARGET, safeRedirectPath, safeTarget, sameSiteRedirects } from '../../src/server/modules/auth/target.ts';
import { createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { createTestApp, signInHeaders, TEST_ORIGIN } from '../../src/server/testing.ts';
import { confirmationLink, FORM, NO_LIMITS, PASSWORD, postForm, rootApp, type TestApp } from './helpers.ts';

/**
 * Every form the probe found (and their relatives) as the raw value a handler receives after the
 * query or form is decoded once: each must land on the default, never another host.
 */
const OFF_SITE = [
  '/.//evil.example/phish',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/%2e//evil.example',
  '/./%2e%2e//evil.example',
  '/discover/../..//evil.example',
  '/discover/%2e%2e/%2e%2e//evil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/discover/\\..\\..\\\\evil.example',
  '/%5Cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u0000/evil.example',
  ' /discover/',
  '/discover/ ',
  'https://evil.example/',
  'http:evil.example',
  'https:/evil.example',
  '//evil.example/discover/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  '/javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  'discover',
  '/api/content/space/',
  '/auth/sign-out',
  '/media/x.png',
  '',
  `/discover/${'a'.repeat(2000)}`,
];

/** How each off-site value reaches the server: in the query once-encoded, and its doubly encoded variant. */
const queryForms = (raw: string) => [encodeURIComponent(raw), encodeURIComponent(encodeURIComponent(raw))];

describe('safeTarget: the one decision on a return address', () => {
  it.each(OFF_SITE.map((v) => [v]))('refuses %j', (raw) => {
    expect(safeTarget(raw)).toBe(DEFAULT_TARGET);
    expect(safeTarget(raw, 'http://127.0.0.1:4321')).toBe(DEFAULT_TARGET);
  });

  it.each([
    ['/discover/space/abc', '/discover/space/abc'],
    ['/discover', '/discover'],
    ['/discover/search?q=a%20b#x', '/discover/search?q=a%20b#x'],
    ['/discover/./accounts/', '/discover/accounts/'],
    ['/discover/de/../accounts/', '/discover/accounts/'],
    ['/admin', '/admin'],
    ['/admin/banners?page=2', '/admin/banners?page=2'],
    ['/discover/%2F%2Fevil.example', '/discover/%2F%2Fevil.example'],
    // Encoded slashes are not path separators to a browser: this stays a (missing) page of the site.
    ['/discover/..%2f..//evil.example', '/discover/..%2f..//evil.example'],
  ])('keeps the site path %j as %j', (raw, expected) => {
    expect(safeTarget(raw)).toBe(expected);
  });
});

describe('sign-in, sign-up and sign-out follow only site paths', () => {
  let t: TestApp;
  let signedIn: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS });
    await createCredentialUser(t.db, { email: 'owner@example.com', firstName: 'Olivia', lastName: 'Owner', password: PASSWORD });
    signedIn = await signInHeaders(t.auth!, 'owner@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  /** The home page, or a 400 for a value the route refuses outright (over 2000 characters, a NUL): never elsewhere. */
  const expectHome = (res: Response) => {
    if (res.status === 400) return;
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get('location')).toBe(DEFAULT_TARGET);
  };

  it('answers the probe’s request with the home page, not http://evil.example/phish', async () => {
    const res = await t.app.request('/auth/sign-in?target=%2F.%2F%2Fevil.example%2Fphish', { headers: { cookie: signedIn.cookie } });
    expectHome(res);
  });

  it.each(OFF_SITE.flatMap((raw) => queryForms(raw).map((q) => [raw, q])))(
    'GET /auth/sign-in and /auth/sign-up signed in: %j (?target=%s)',
    async (_raw, q) => {
      expectHome(await t.app.request(`/auth/sign-in?target=${q}`, { headers: { cookie: signedIn.cookie } }));
      expectHome(await t.app.request(`/auth/sign-up?target=${q}`, { headers: { cookie: signedIn.cookie } }));
    },
  );

  it.each(OFF_SITE.map((raw) => [raw]))('POST /auth/sign-in and /auth/sign-out with the target %j in the form and the query', async (raw) => {
    const signIn = await postForm(t, `/auth/sign-in?target=${encodeURIComponent(raw)}`, { email: 'owner@example.com', password: PASSWORD, target: raw });
    expectHome(signIn);
    const out = await postForm(t, `/auth/sign-out?target=${encodeURIComponent(raw)}`, { target: raw }, { ...FORM, cookie: signedIn.cookie });
    expectHome(out);
  });

  it('keeps a site target through sign-in', async () => {
    const res = await postForm(t, '/auth/sign-in', { email: 'owner@example.com', password: PASSWORD, target: '/discover/profile/private?edit=true' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/discover/profile/private?edit=true');
  });

  it('never writes an off-site target into the sign-in page’s links or form', async () => {
    for (const raw of OFF_SITE) {
      const res = await t.app.request(`/auth/sign-in?target=${encodeURIComponent(raw)}`);
      if (res.status === 400) continue;
      const html = await res.text();
      expect(html).toContain('name="target" value="/discover/"');
      expect(html).not.toMatch(/evil\.example/);
    }
  });
});

describe('links administrators set (banner hyperlink, carousel URL slide)', () => {
  const refused = [
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '//evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
  ];
  const kept = [
    ['/discover/tag/museum/', '/discover/tag/museum/'],
    ['https://example.org/page', 'https://example.org/page'],
    ['example.org/page', 'https://example.org/page'],
  ];

  it.each(refused.map((v) => [v]))('refuses %j everywhere a link is judged', (value) => {
    expect(isSitePath(value)).toBe(false);
    expect(linkHref(value)).toBeUndefined();
    expect(BannerInput.safeParse({ color: 'FFBB00', text: 'Hi', hyperlink: value }).success).toBe(false);
    expect(CarouselItemInput.safeParse({ type: 'URL', item: { url: value } }).success).toBe(false);
  });

  it.each(kept)('accepts %j as %j', (value, href) => {
    expect(linkHref(value)).toBe(href);
    expect(normaliseLink(value)).toBe(href);
    expect(BannerInput.safeParse({ color: 'FFBB00', text: 'Hi', hyperlink: value }).success).toBe(true);
    expect(CarouselItemInput.safeParse({ type: 'URL', item: { url: value } }).success).toBe(true);
  });
});

/** The probe's forms of an off-site address given as a return address, besides the ones above. */
const CALLBACKS = [
  ...OFF_SITE.filter((v) => v !== '/auth/sign-out'),
  '/discover/../..//evil.example',
  '/admin/..//evil.example',
  'http://evil.example/discover/',
];

/** A control character (no header can carry one, so the middleware test leaves those values out). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/;

/** The test app's public origin (better-auth makes some callbacks absolute with it). */
const PUBLIC_ORIGIN = 'http://127.0.0.1:4321';

/** Where a browser goes with an answer's Location, resolved as it would: on this site, under the product or the sign-in host. */
function expectOnSite(res: Response | { status: number; location: string | null }, origin = TEST_ORIGIN) {
  const location = res instanceof Response ? res.headers.get('location') : res.location;
  expect(res.status, location ?? '').not.toBe(429);
  if (res.status < 300 || res.status > 399 || location === null) return;
  const url = new URL(location, `${origin}/auth/api/verify-email`);
  expect([origin, PUBLIC_ORIGIN], location).toContain(url.origin);
  expect(url.pathname, location).toMatch(/^\/(?:discover|admin|auth)(?:\/|$)/);
  expect(url.pathname.startsWith('//'), location).toBe(false);
}

/** Sends a request with its path exactly as given (no URL normalization), as curl --path-as-is does; answers status and Location. */
function rawGet(server: Server, path: string, headers: Record<string, string> = {}): Promise<{ status: number; location: string | null }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((ok, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      res.resume();
      res.on('end', () => ok({ status: res.statusCode ?? 0, location: res.headers.location ?? null }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('safeRedirectPath: the same rule for every address the process redirects to', () => {
  it.each(CALLBACKS.map((v) => [v]))('refuses %j', (raw) => {
    expect(safeRedirectPath(raw)).toBeNull();
    expect(safeRedirectPath(raw, ['http://127.0.0.1:4321'])).toBeNull();
  });

  it.each([
    ['/auth/sign-in?target=%2Fadmin', '/auth/sign-in?target=%2Fadmin'],
    ['/discover/space/abc/', '/discover/space/abc/'],
    ['/admin', '/admin'],
    ['http://127.0.0.1:4321/discover/?x=1', '/discover/?x=1'],
    ['https://discover.example/auth/sign-in', '/auth/sign-in'],
  ])('keeps %j (as %j)', (raw, path) => {
    expect(safeRedirectPath(raw, ['http://127.0.0.1:4321', 'https://discover.example'])).toBe(path);
  });

  it('refuses an absolute URL of the right host on another port or scheme', () => {
    expect(safeRedirectPath('http://127.0.0.1:9999/discover/', ['http://127.0.0.1:4321'])).toBeNull();
    expect(safeRedirectPath('https://127.0.0.1:4321/discover/', ['http://127.0.0.1:4321'])).toBeNull();
  });
});

describe('the last line: every 3xx the server answers stays on the site', () => {
  const app = new Hono();
  app.use('*', sameSiteRedirects('https://discover.example'));
  app.get('/to', (c) => c.redirect(c.req.query('l') ?? '/', 302));
  // A fetch-made answer has immutable headers.
  app.get('/fetched', () => Response.redirect('https://evil.example/phish', 302));
  app.get('/ok', (c) => c.text('fine'));

  it.each(CALLBACKS.filter((v) => v && !CONTROL.test(v)).map((v) => [v]))('replaces Location %j with the home page', async (location) => {
    const res = await app.request(`/to?l=${encodeURIComponent(location)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(DEFAULT_TARGET);
  });

  it.each([
    '/discover/space/X/',
    '/auth/sign-in?target=%2Fadmin%2Fbanners',
    '/admin',
    'http://localhost/discover/',
    'https://discover.example/discover/tag/museum/',
    '/discover/capture//x',
  ])('keeps the site address %j', async (location) => {
    const res = await app.request(`/to?l=${encodeURIComponent(location)}`);
    expect(res.headers.get('location')).toBe(location);
  });

  it('also replaces it in an answer whose headers cannot be changed, and leaves other answers alone', async () => {
    const res = await app.request('/fetched');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(DEFAULT_TARGET);
    expect(await (await app.request('/ok')).text()).toBe('fine');
  });
});

describe('better-auth’s own endpoints redirect only to the site', () => {
  let clients = 0;
  /** Headers of a request from a new client address. */
  const client = (headers: Record<string, string> = {}) => {
    clients += 1;
    return { ...headers, 'x-test-client': `10.1.${clients >> 8}.${clients & 255}` };
  };
  let t: TestApp;
  let root: ReturnType<typeof rootApp>;
  let server: Server;
  beforeAll(async () => {
    // Each request comes from its own address (below), so better-auth's limit of 100 a minute never answers 429 instead.
    t = await createTestApp({ auth: NO_LIMITS, env: { CLIENT_IP_HEADER: 'x-test-client' } });
    await createCredentialUser(t.db, { email: 'owner@example.com', firstName: 'Olivia', lastName: 'Owner', password: PASSWORD });
    root = rootApp(t);
    const listener = getRequestListener(root.fetch);
    server = createServer((req, res) => void listener(req, res));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  });
  afterAll(async () => {
    await new Promise((ok) => server.close(() => ok(undefined)));
    await t.close();
  });

  it('answers the probe’s verify-email request with the home page, not //evil.example', async () => {
    for (const app of [t.app, root]) {
      const res = await app.request('/auth/api/verify-email?token=x&callbackURL=%2F.%2F%2Fevil.example', { headers: client() });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${DEFAULT_TARGET}?error=INVALID_TOKEN`);
    }
  });

  it.each(CALLBACKS.flatMap((raw) => queryForms(raw).map((q) => [raw, q])))('GET verify-email with the callback %j (?callbackURL=%s)', async (_raw, q) => {
    expectOnSite(await t.app.request(`/auth/api/verify-email?token=x&callbackURL=${q}`, { headers: client() }));
    expectOnSite(await root.request(`/auth/api/verify-email?token=x&callbackURL=${q}`, { headers: client() }));
  });

  it.each(CALLBACKS.map((raw) => [raw]))('GET reset-password/{token} with the callback %j', async (raw) => {
    const res = await t.app.request(`/auth/api/reset-password/x?callbackURL=${encodeURIComponent(raw)}`, { headers: client() });
    expect(res.status).toBeLessThan(500);
    expectOnSite(res);
    expectOnSite(await root.request(`/auth/api/reset-password/x?callbackURL=${encodeURIComponent(raw)}`, { headers: client() }));
  });

  it('a real confirmation link with an off-site callback signs the person in and lands on the home page', async () => {
    const email = 'newcomer@example.com';
    const signUp = await t.app.request('/auth/api/sign-up/email', {
      method: 'POST',
      headers: client({ 'content-type': 'application/json', origin: TEST_ORIGIN }),
      body: JSON.stringify({ email, password: 'a long and quiet walk', name: 'New Comer', callbackURL: '/.//evil.example/phish' }),
    });
    expect(signUp.status).toBe(200);
    const link = await confirmationLink(t, email);
    // The link better-auth emailed already carries the decided callback.
    expect(new URL(link, TEST_ORIGIN).searchParams.get('callbackURL')).toBe(DEFAULT_TARGET);
    // Edited by an attacker, it still leads home.
    const u = new URL(link, TEST_ORIGIN);
    u.searchParams.set('callbackURL', '/discover/%2e%2e/%2e%2e//evil.example');
    const res = await root.request(`${u.pathname}${u.search}`, { headers: client() });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(DEFAULT_TARGET);
    expect(res.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(true);
  });

  it.each(['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'])('a JSON or form body’s %s is decided too', async (field) => {
    const json = await t.app.request('/auth/api/sign-in/email', {
      method: 'POST',
      headers: client({ 'content-type': 'application/json', origin: TEST_ORIGIN }),
      body: JSON.stringify({ email: 'owner@example.com', password: PASSWORD, [field]: '//evil.example' }),
    });
    expect(json.status).toBe(200);
    expectOnSite(json);
    const body = (await json.json()) as { url?: string | null; redirect?: boolean };
    expect(String(body.url ?? '')).not.toMatch(/evil/);
  });

  it('keeps a callback that is absolute on the public origin', async () => {
    const res = await t.app.request(`/auth/api/verify-email?token=x&callbackURL=${encodeURIComponent(`${PUBLIC_ORIGIN}/discover/space/X/`)}`, {
      headers: client(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC_ORIGIN}/discover/space/X/?error=INVALID_TOKEN`);
  });

  it('sign-out answers without an off-site Location whatever the callback', async () => {
    const signedIn = await signInHeaders(t.auth!, 'owner@example.com', PASSWORD);
    for (const raw of ['//evil.example', '/.//evil.example']) {
      const res = await root.request(`/auth/api/sign-out?callbackURL=${encodeURIComponent(raw)}`, {
        method: 'POST',
        headers: client({ ...signedIn, 'content-type': 'application/json' }),
        body: JSON.stringify({ callbackURL: raw, redirectTo: raw }),
      });
      expect(res.status).toBeLessThan(500);
      expectOnSite(res);
    }
  });

  it.each([
    '/discover/../..//evil.example',
    '/admin/..//evil.example',
    '/discover/%2e%2e/%2e%2e//evil.example',
    '/discover/de/..//evil.example',
    '//evil.example',
    '//evil.example/',
    '/admin//evil.example',
    '/discover/de/capture//evil.example',
    '/auth/sign-in/?target=//evil.example',
    '/auth/api/verify-email?token=x&callbackURL=%2F.%2F%2Fevil.example',
    '/auth/api/verify-email?token=x&callbackURL=/discover/../..//evil.example',
    '/auth/api/verify-email?token=x&callbackURL=/admin/..//evil.example',
    '/auth/api/verify-email?token=x&callbackURL=/discover/%2e%2e/%2e%2e//evil.example',
    '/auth/api/verify-email?token=x&callbackURL=https://evil.example/',
    '/auth/api/reset-password/x?callbackURL=//evil.example',
  ])('the raw request path %s (as sent, not normalized) never leads off-site', async (path) => {
    expectOnSite(await rawGet(server, path, client({ host: 'localhost' })));
    const { port } = server.address() as AddressInfo;
    // Also with the Host the server listens on (the origin a browser would use).
    expectOnSite(await rawGet(server, path, client()), `http://127.0.0.1:${port}`);
  });
});

describe('the English-only redirect with a path that decodes to a control character', () => {
  let t: TestApp;
  let root: ReturnType<typeof rootApp>;
  const logged = vi.spyOn(console, 'error');
  beforeAll(async () => {
    t = await createTestApp();
    root = rootApp(t);
  });
  afterAll(() => t.close());
  afterEach(() => logged.mockClear());

  it.each([
    '/discover/de/space/%00',
    '/discover/de/capture/%00x',
    '/discover/de/capture/a%0d%0aSet-Cookie:%20x=1',
    '/discover/de/capture/%0a',
    '/discover/de/%00/',
  ])('%s answers 404 and logs nothing', async (path) => {
    const res = await root.request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });

  it('still sends a localized address of an English-only section to the English page, keeping its encoding', async () => {
    for (const [path, location] of [
      ['/discover/de/capture/', '/discover/capture/'],
      ['/discover/de/capture/a%20b?x=1', '/discover/capture/a%20b?x=1'],
      ['/discover/de/space/LOFTPARIS01/', '/discover/space/LOFTPARIS01/'],
      ['/discover/de/capture/%C3%A9t%C3%A9', '/discover/capture/%C3%A9t%C3%A9'],
    ]) {
      const res = await root.request(path as string);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location')).toBe(location);
    }
    expect(logged).not.toHaveBeenCalled();
  });
});
