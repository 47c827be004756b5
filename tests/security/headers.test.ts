import { createHash } from 'node:crypto';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, RESOURCE_POLICY, securityHeaders, staticFileSecurityHeaders } from '../../src/server/security-headers.ts';
import { createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { createTestApp, signInHeaders } from '../../src/server/testing.ts';
import { fakeBuild, INLINE_SCRIPT, MODULE_SCRIPT, NO_LIMITS, PASSWORD, rootApp, type TestApp } from './helpers.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** A policy's directives by name. */
const directives = (policy: string | null) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name as string, values]),
  );

describe('security headers on every answer', () => {
  let t: TestApp;
  let root: ReturnType<typeof rootApp>;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS });
    await createCredentialUser(t.db, { email: 'owner@example.com', firstName: 'Olivia', lastName: 'Owner', password: PASSWORD });
    cookie = (await signInHeaders(t.auth!, 'owner@example.com', PASSWORD)).cookie;
    root = rootApp(t);
  });
  afterAll(() => t.close());

  const PATHS = [
    '/discover/',
    // Not a space page: the not-found answer under a space page's path.
    '/discover/space/NOSUCHSPACE/',
    '/discover/space/LOFTPARIS01/related-collections/',
    '/discover/profile/private/',
    '/discover/nope/',
    '/discover/_astro/x.js',
    '/auth/sign-in',
    '/auth/sign-up',
    '/api/docs',
    '/api/content/tag/',
    '/api/session/user/',
    '/env.js/',
    '/no/such/route',
    '/',
  ];

  it.each(PATHS)('%s: nosniff, referrer policy, opener policy, no framing, a CSP with object-src and base-uri none', async (path) => {
    const res = await root.request(path, { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(['strict-origin-when-cross-origin', 'same-origin', 'no-referrer']).toContain(res.headers.get('referrer-policy'));
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    for (const d of ['script-src', 'default-src']) expect(csp.get(d) ?? []).not.toContain("'unsafe-inline'");
    expect(res.headers.get('strict-transport-security')).toBeNull(); // served over http here
  });

  it('hashes each inline script of a page into script-src, computed from the HTML served (also when compressed)', async () => {
    const res = await root.request('/discover/', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const scriptSrc = directives(res.headers.get('content-security-policy')).get('script-src') ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(sha(INLINE_SCRIPT));
    expect(scriptSrc).toContain(sha(MODULE_SCRIPT));
    expect(scriptSrc.filter((s) => s.startsWith("'sha256-"))).toHaveLength(2);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
  });

  it('reads precompressed HTML (brotli, gzip) to hash its scripts', async () => {
    const html = `<!doctype html><script>${INLINE_SCRIPT}</script>`;
    for (const [encoding, bytes] of [
      ['br', brotliCompressSync(html)],
      ['gzip', gzipSync(html)],
    ] as const) {
      const app = new Hono();
      app.use('*', securityHeaders({ publicOrigin: 'http://127.0.0.1:4321', showcaseUrlTemplate: '/discover/showcase/?m={modelId}' }));
      app.get(
        '/discover/',
        () => new Response(new Uint8Array(bytes), { headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding } }),
      );
      const res = await app.request('/discover/');
      expect(directives(res.headers.get('content-security-policy')).get('script-src')).toContain(sha(INLINE_SCRIPT));
    }
  });

  it('scans a static page once per version: a rebuilt page gets its new hashes', async () => {
    const dir = fakeBuild();
    const app = rootApp(t, dir);
    const scriptSrc = async () =>
      directives((await app.request('/discover/space/LOFTPARIS01/')).headers.get('content-security-policy')).get('script-src') ?? [];
    expect(await scriptSrc()).toContain(sha(INLINE_SCRIPT));
    const file = join(dir, 'space/LOFTPARIS01/index.html');
    writeFileSync(file, readFileSync(file, 'utf8').replace(INLINE_SCRIPT, 'window.__rebuilt=1;'));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const after = await scriptSrc();
    expect(after).toContain(sha('window.__rebuilt=1;'));
    expect(after).not.toContain(sha(INLINE_SCRIPT));
  });

  it('finds inline scripts as browsers hash them (attributes, case, no src, no data blocks)', () => {
    const html = `<script>a()</script><SCRIPT type="module">b()</SCRIPT><script src="/x.js"></script><script type="application/ld+json">{"a":1}</script><script type=application/json id="x">{"b":2}</script>`;
    expect(inlineScriptHashes(html).sort()).toEqual([sha('a()'), sha('b()')].sort());
  });

  it('lets other sites frame the embeddable player only', async () => {
    const res = await root.request('/discover/showcase/?m=LOFTPARIS01');
    expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(['*']);
    expect(res.headers.get('x-frame-options')).toBeNull();
    for (const path of ['/discover/profile/private/', '/discover/', '/admin', '/auth/sign-in']) {
      const other = await root.request(path, { headers: { cookie } });
      expect(directives(other.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('lets anyone frame a space page’s HTML (any locale), which then only sends the top window to itself (spec 2)', async () => {
    const res = await root.request('/discover/space/LOFTPARIS01/', { headers: { cookie } });
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toEqual(['*']);
    expect(res.headers.get('x-frame-options')).toBeNull();
    // Everything else of the policy stays: hashed scripts only, no plugins, no <base>.
    expect(csp.get('script-src')).toContain(sha(INLINE_SCRIPT));
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // The static server's headers, made once per file from its path (a locale's space page too), agree.
    const options = { publicOrigin: 'https://discover.example', showcaseUrlTemplate: '/discover/showcase/?m={modelId}' };
    const html = '<!doctype html><title>x</title>';
    for (const path of ['/discover/space/LOFTPARIS01/', '/discover/de/space/LOFTPARIS01/', '/discover/zh-tw/space/LOFTPARIS01/']) {
      const h = staticFileSecurityHeaders(options, path, 'text/html; charset=utf-8', html);
      expect(directives(h['Content-Security-Policy'] ?? null).get('frame-ancestors'), path).toEqual(['*']);
      expect(h['X-Frame-Options'], path).toBeUndefined();
    }
    for (const [path, type] of [
      ['/discover/space/LOFTPARIS01/related-collections/', 'text/html'],
      ['/discover/space/', 'text/html'],
      ['/discover/404.html', 'text/html'],
      ['/discover/spaces/LOFTPARIS01/', 'text/html'],
      ['/discover/space/LOFTPARIS01/data.json', 'application/json'],
    ] as const) {
      const h = staticFileSecurityHeaders(options, path, type, type === 'text/html' ? html : null);
      expect(directives(h['Content-Security-Policy'] ?? null).get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(h['X-Frame-Options'], path).toBe('DENY');
    }
  });

  it('keeps a route’s stricter policy (the sign-in pages) and completes it', async () => {
    const csp = directives((await root.request('/auth/sign-in')).headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('gives everything that is not a page a policy under which nothing runs', async () => {
    expect((await root.request('/api/content/tag/')).headers.get('content-security-policy')).toBe(RESOURCE_POLICY);
  });

  it('adds Strict-Transport-Security when the public origin is https', async () => {
    const https = rootApp(t, undefined, 'https://discover.example');
    for (const path of ['/discover/', '/api/content/tag/', '/auth/sign-in']) {
      expect((await https.request(path)).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

describe('per-user answers are private', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS });
    await createCredentialUser(t.db, { email: 'owner@example.com', firstName: 'Olivia', lastName: 'Owner', password: PASSWORD });
    cookie = (await signInHeaders(t.auth!, 'owner@example.com', PASSWORD)).cookie;
  });
  afterAll(() => t.close());

  it.each([
    '/api/session/user/',
    '/api/content/user/me/profile/',
    '/api/content/collection/my/',
    '/api/content/collection/favorite/',
    '/api/content/user/follow/',
    '/api/content/user/me/collections/',
    '/api/content/tag/',
    '/api/content/construct/',
  ])('%s signed in: Cache-Control: private, no-store', async (path) => {
    const res = await t.app.request(path, { headers: { cookie } });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('leaves a guest’s public read cacheable', async () => {
    expect((await t.app.request('/api/content/tag/')).headers.get('cache-control')).not.toBe('private, no-store');
  });
});

describe('better-auth’s JSON never hands a session token to page script', () => {
  it('list-sessions, get-session and sign-in answer without tokens', async () => {
    const t = await createTestApp({ auth: NO_LIMITS });
    await createCredentialUser(t.db, { email: 'json@example.com', firstName: 'J', lastName: 'Son', password: PASSWORD });
    const first = await signInHeaders(t.auth!, 'json@example.com', PASSWORD);
    await signInHeaders(t.auth!, 'json@example.com', PASSWORD);
    const list = await t.app.request('/auth/api/list-sessions', { headers: { cookie: first.cookie } });
    expect(list.status).toBe(200);
    const text = await list.text();
    const sessions = JSON.parse(text) as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    for (const s of sessions) expect(s).not.toHaveProperty('token');
    const token = decodeURIComponent(first.cookie.split('=')[1] ?? '').split('.')[0] as string;
    expect(token.length).toBeGreaterThan(10);
    expect(text).not.toContain(token);
    const session = (await (await t.app.request('/auth/api/get-session', { headers: { cookie: first.cookie } })).json()) as { session: object };
    expect(session.session).not.toHaveProperty('token');
    await t.close();
  });
});
