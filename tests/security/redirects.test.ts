import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BannerInput, CarouselItemInput, normaliseLink } from '../../src/domain/admin-inputs.ts';
import { isSitePath, linkHref } from '../../src/domain/urls.ts';
import { DEFAULT_TARGET, safeTarget } from '../../src/server/auth/target.ts';
import { createCredentialUser } from '../../src/server/auth/users.ts';
import { createTestApp, signInHeaders } from '../../src/server/testing.ts';
import { FORM, NO_LIMITS, PASSWORD, postForm, type TestApp } from './helpers.ts';

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
