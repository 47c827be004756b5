import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentUser } from '../../src/domain/session.ts';
import { createAuth } from '../../src/server/modules/auth/auth.ts';
import { verifyPassword } from '../../src/server/modules/auth/password.ts';
import { safeTarget } from '../../src/server/modules/auth/target.ts';
import { attachCredential, createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { EMPTY_PROFILE } from '../../src/server/modules/profiles/empty-profile.ts';
import { loadEnv } from '../../src/server/env.ts';
import { createTestApp, signInHeaders, TEST_ORIGIN } from '../../src/server/testing.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN };
const PASSWORD = 'discover-demo';
/** Generous limits so the functional tests never trip the limiter; the rate-limit tests set their own. */
const NO_LIMITS = { rateLimits: { signIn: { window: 60, max: 1000 }, signUp: { window: 60, max: 1000 } } };

const post = (t: TestApp, path: string, fields: Record<string, string>, headers: Record<string, string> = FORM) =>
  t.app.request(path, { method: 'POST', body: new URLSearchParams(fields), headers });
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] as string)
    .filter((c) => /session_token=./.test(c))
    .join('; ');
/** The emails queued for an address, oldest first. */
const emailsTo = async (t: TestApp, to: string) => {
  const rows = await t.db.kysely.selectFrom('outbox').select(['payload', 'createdAt']).where('target', '=', to).orderBy('createdAt').execute();
  return rows.map((r) => JSON.parse(r.payload) as { subject: string; text: string });
};
/** The confirmation link of the newest verification email to an address, as a path on the app. */
const confirmationLink = async (t: TestApp, to: string) => {
  const mail = (await emailsTo(t, to)).filter((m) => m.subject.startsWith('Confirm')).at(-1);
  const url = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!url) throw new Error(`No confirmation link was sent to ${to}.`);
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const currentUser = async (t: TestApp, cookie = '') =>
  CurrentUser.parse(await (await t.app.request('/api/session/user/', { headers: cookie ? { cookie } : {} })).json());

describe('sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS });
  });
  afterAll(() => t.close());

  it('shows a form with visible labels, a Sign up button and a link to sign in that keeps the target', async () => {
    const res = await t.app.request('/auth/sign-up?target=%2Fdiscover%2Faccounts');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await res.text();
    for (const label of ['First name', 'Last name', 'Email', 'Password']) expect(html).toMatch(new RegExp(`<label for="f-\\w+">${label}</label>`));
    expect(html).toContain('<button type="submit">Sign up</button>');
    expect(html).toContain('href="/auth/sign-in?target=%2Fdiscover%2Faccounts"');
    expect(html).toContain('Discover');
    // One script: the show-password toggle, inline and allowed by its hash alone.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script>']);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[\w+/=]+'; /);
  });

  it('creates the user and their personal account, emails a confirmation link, and the link signs in and returns to the target', async () => {
    const res = await post(t, '/auth/sign-up', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Ada@Example.org',
      password: 'analytical-engine',
      target: '/discover/accounts',
    });
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toBe('');
    expect(await res.text()).toContain('Check your email to continue');

    const link = await confirmationLink(t, 'ada@example.org');
    const confirmed = await t.app.request(link);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/auth/sign-in?target=%2Fdiscover%2Faccounts');
    const setCookie = confirmed.headers.getSetCookie().find((c) => c.startsWith('discover.session_token='));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // served over http here
    const landing = await t.app.request(confirmed.headers.get('location') as string, { headers: { cookie: cookieOf(confirmed) } });
    expect(landing.status).toBe(303);
    expect(landing.headers.get('location')).toBe('/discover/accounts');

    const me = await currentUser(t, cookieOf(confirmed));
    const row = await t.db.kysely.selectFrom('users').selectAll().where('email', '=', 'ada@example.org').executeTakeFirstOrThrow();
    const account = await t.db.kysely.selectFrom('accounts').selectAll().where('id', '=', row.accountId).executeTakeFirstOrThrow();
    const identity = await t.db.kysely.selectFrom('auth_user').selectAll().where('email', '=', 'ada@example.org').executeTakeFirstOrThrow();
    expect(identity.id).toBe(row.id);
    expect(account.isPersonal).toBe(1);
    expect(me).toEqual({
      is_authenticated: true,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      user_sid: row.sid,
      group_sid: row.accountId,
      is_privileged: false,
      is_staff: false,
      // Search is for everyone: a new user has the header search box (issue 14).
      flags: ['discover/search'],
      memberships: [],
      isUserDataPrepared: false,
      profile: { sid: row.sid },
    });
  });

  it('answers a taken email exactly as a new one (no session, no hint) and tells the owner by email', async () => {
    const fresh = await post(t, '/auth/sign-up', { firstName: 'Bob', lastName: 'Fresh', email: 'bob@example.org', password: 'analytical-engine' });
    const taken = await post(t, '/auth/sign-up', { firstName: 'Ada', lastName: 'Again', email: 'ada@example.org', password: 'analytical-engine' });
    expect(taken.status).toBe(fresh.status);
    expect(cookieOf(taken)).toBe('');
    const html = await taken.text();
    expect(html.replace('ada@example.org', 'X')).toBe((await fresh.text()).replace('bob@example.org', 'X'));
    expect(html).not.toMatch(/already/i);
    const notes = await emailsTo(t, 'ada@example.org');
    expect(notes.at(-1)?.subject).toBe('Someone tried to sign up with your email address');
  });

  it('answers the same for an email that a seeded person without a sign-in already uses, and tells them', async () => {
    await createCredentialUser(t.db, { email: 'seeded@example.org', firstName: 'Seed', lastName: 'Ed', password: PASSWORD });
    await t.db.kysely.deleteFrom('auth_user').where('email', '=', 'seeded@example.org').execute();
    const res = await post(t, '/auth/sign-up', { firstName: 'Not', lastName: 'Them', email: 'seeded@example.org', password: 'analytical-engine' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Check your email to continue');
    expect(await t.db.kysely.selectFrom('auth_user').select('id').where('email', '=', 'seeded@example.org').executeTakeFirst()).toBeUndefined();
    expect((await emailsTo(t, 'seeded@example.org')).map((m) => m.subject)).toEqual(['Someone tried to sign up with your email address']);
  });

  it('shows each field error next to its field, linked for screen readers, focusing the first', async () => {
    const res = await post(t, '/auth/sign-up', { firstName: '', lastName: 'Short', email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="f-firstName"[^>]*aria-describedby="f-firstName-error"[^>]*aria-invalid="true"[^>]*autofocus/);
    expect(html).toContain('<p class="error" id="f-firstName-error">Enter your first name.</p>');
    expect(html).toMatch(/id="f-email"[^>]*value="not-an-email"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="f-password"[^>]*aria-describedby="f-password-hint f-password-error"/);
    expect(html).not.toContain('value="short"');
  });

  it('lets JSON callers sign up through better-auth, splitting the name; they sign in once confirmed', async () => {
    const res = await t.app.request('/auth/api/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ name: 'Grace Brewster Hopper', email: 'grace@example.org', password: 'cobol-1959!' }),
    });
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toBe('');
    const confirmed = await t.app.request(await confirmationLink(t, 'grace@example.org'));
    const me = await currentUser(t, cookieOf(confirmed));
    expect([me.first_name, me.last_name]).toEqual(['Grace Brewster', 'Hopper']);
  });
});

describe('sign-in and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS });
    await createCredentialUser(t.db, { email: 'owner@example.com', firstName: 'Olivia', lastName: 'Owner', password: PASSWORD });
  });
  afterAll(() => t.close());

  it('shows a form with Email and Password labels, a Sign in button and a link to sign up', async () => {
    const html = await (await t.app.request('/auth/sign-in?target=/discover/space/abc')).text();
    expect(html).toMatch(/<label for="f-email">Email<\/label>/);
    expect(html).toMatch(/<label for="f-password">Password<\/label>/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain('href="/auth/sign-up?target=%2Fdiscover%2Fspace%2Fabc"');
    expect(html).toContain('name="target" value="/discover/space/abc"');
  });

  it('refuses a wrong password with an error, the email kept, and no cookie', async () => {
    const res = await post(t, '/auth/sign-in', { email: 'owner@example.com', password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([]);
    const html = await res.text();
    expect(html).toMatch(/role="alert"[^>]*>The email or password is incorrect\./);
    expect(html).toContain('value="owner@example.com"');
    expect(html).not.toContain('wrong-password');
  });

  it('signs in and returns to a same-site target', async () => {
    const res = await post(t, '/auth/sign-in', { email: 'owner@example.com', password: PASSWORD, target: '/discover/profile/private?edit=true' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/discover/profile/private?edit=true');
    expect((await currentUser(t, cookieOf(res))).email).toBe('owner@example.com');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil', '/\t/evil.com', 'javascript:alert(1)', '///evil.com', ' /x'])(
    'refuses the off-site target %j',
    async (target) => {
      const res = await post(t, `/auth/sign-in?target=${encodeURIComponent(target)}`, { email: 'owner@example.com', password: PASSWORD, target });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/discover/');
    },
  );

  it('sends a signed-in visitor of the sign-in page straight on', async () => {
    const { cookie } = await signInHeaders(t.auth!, 'owner@example.com', PASSWORD);
    const res = await t.app.request('/auth/sign-in?target=%2Fdiscover%2Faccounts', { headers: { cookie } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/discover/accounts');
  });

  it('signs out a fetch caller with 204, clearing the cookie and ending the session', async () => {
    const headers = await signInHeaders(t.auth!, 'owner@example.com', PASSWORD);
    const res = await t.app.request('/auth/sign-out', { method: 'POST', headers });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => /^discover\.session_token=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await currentUser(t, headers.cookie)).is_authenticated).toBe(false);
  });

  it('signs out a form post with 303 to the target, and is safe to repeat', async () => {
    const headers = await signInHeaders(t.auth!, 'owner@example.com', PASSWORD);
    const form = { ...FORM, cookie: headers.cookie };
    const first = await post(t, '/auth/sign-out', { target: '/discover/search?q=museums' }, form);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/discover/search?q=museums');
    const again = await post(t, '/auth/sign-out', { target: 'https://evil.com' }, form);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/discover/');
  });

  it('resolves seeded users given a credential afterwards (the demo seed path)', async () => {
    await createCredentialUser(t.db, { email: 'tmp@example.com', firstName: 'T', lastName: 'Mp', password: 'x' });
    const id = (await t.db.kysely.selectFrom('users').select('id').where('email', '=', 'tmp@example.com').executeTakeFirstOrThrow()).id;
    await t.db.kysely.deleteFrom('auth_user').where('id', '=', id).execute();
    await attachCredential(t.db, { id, email: 'tmp@example.com', password: PASSWORD });
    const res = await post(t, '/auth/sign-in', { email: 'tmp@example.com', password: PASSWORD });
    expect(res.status).toBe(303);
    await expect(attachCredential(t.db, { id, email: 'other@example.com', password: PASSWORD })).rejects.toThrow(/not their email/);
  });

  it('treats a disabled user as a guest and refuses their sign-in', async () => {
    const id = await createCredentialUser(t.db, { email: 'gone@example.com', firstName: 'Gone', lastName: 'User', password: PASSWORD });
    const { cookie } = await signInHeaders(t.auth!, 'gone@example.com', PASSWORD);
    await t.db.kysely.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', id).execute();
    expect((await currentUser(t, cookie)).is_authenticated).toBe(false);
    const res = await post(t, '/auth/sign-in', { email: 'gone@example.com', password: PASSWORD });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('This account is disabled');
  });
});

describe('passwords', () => {
  it('are stored as argon2id with at least 46 MiB of memory (m=47104, t=1, p=1)', async () => {
    const t = await createTestApp({ auth: NO_LIMITS });
    await post(t, '/auth/sign-up', { firstName: 'Hash', lastName: 'Check', email: 'hash@example.org', password: 'long enough password' });
    const rows = await t.db.kysely.selectFrom('auth_account').select(['password', 'providerId']).execute();
    expect(rows).toHaveLength(1);
    const hash = rows[0]?.password ?? '';
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=47104,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword(hash, 'long enough password')).toBe(true);
    expect(await verifyPassword(hash, 'long enough passworD')).toBe(false);
    await t.close();
  });

  it('are fast enough to seed the four demo users', async () => {
    const t = await createTestApp();
    const started = Date.now();
    await Promise.all(
      ['admin', 'staff', 'owner', 'visitor'].map((n) =>
        createCredentialUser(t.db, { email: `${n}@example.com`, firstName: n, lastName: 'Demo', password: PASSWORD }),
      ),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    await t.close();
  });
});

describe('session cookie over https', () => {
  it('is Secure and __Host- prefixed (Path=/, no Domain) when the public origin is https', async () => {
    const base = await createTestApp();
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/discover-test', PUBLIC_ORIGIN: 'https://discover.example' });
    const auth = await createAuth({ db: base.db, env });
    await createCredentialUser(base.db, { email: 'tls@example.com', firstName: 'T', lastName: 'Ls', password: PASSWORD });
    const { headers } = await auth.auth.api.signInEmail({ body: { email: 'tls@example.com', password: PASSWORD }, returnHeaders: true });
    const cookie = headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(cookie).toMatch(/^__Host-discover\.session_token=/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const user = await auth.resolveSession(
      new Request('https://discover.example/api/session/user/', { headers: { cookie: (cookie ?? '').split(';')[0] as string } }),
    );
    expect(user?.email).toBe('tls@example.com');
    await base.close();
  });
});

describe('construct', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS });
    await createCredentialUser(t.db, { email: 'new@example.com', firstName: 'New', lastName: 'Comer', password: PASSWORD });
  });
  afterAll(() => t.close());

  it('answers 401 with the error body to a guest', async () => {
    const res = await t.app.request('/api/content/construct/');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED', retry: false });
  });

  it('prepares the user once (favorites collection, prepared flag) and answers 204 every time', async () => {
    const { cookie } = await signInHeaders(t.auth!, 'new@example.com', PASSWORD);
    expect((await currentUser(t, cookie)).isUserDataPrepared).toBe(false);
    for (let i = 0; i < 3; i++) expect((await t.app.request('/api/content/construct/', { headers: { cookie } })).status).toBe(204);
    expect((await currentUser(t, cookie)).isUserDataPrepared).toBe(true);
    const favorites = await t.db.kysely.selectFrom('collections').selectAll().where('isFavorite', '=', 1).execute();
    expect(favorites).toHaveLength(1);
    expect(favorites[0]).toMatchObject({ name: 'Favorites', isUgc: 1, isFavorite: 1 });
  });
});

describe('rate limits', () => {
  const dir = mkdtempSync(join(tmpdir(), 'discover-auth-'));
  const file = join(dir, 'rate.sqlite');
  const limits = { rateLimits: { signIn: { window: 600, max: 3 }, signUp: { window: 600, max: 2 } } };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answer 429 after too many sign-ins, in the page and in the API error body, and survive a restart', async () => {
    const first = await createTestApp({ auth: limits, databaseFile: file });
    await createCredentialUser(first.db, { email: 'limited@example.com', firstName: 'Lim', lastName: 'Ited', password: PASSWORD });
    for (let i = 0; i < 3; i++) expect((await post(first, '/auth/sign-in', { email: 'limited@example.com', password: 'nope-nope' })).status).toBe(401);
    const page = await post(first, '/auth/sign-in', { email: 'limited@example.com', password: PASSWORD });
    expect(page.status).toBe(429);
    expect(page.headers.getSetCookie()).toEqual([]);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await page.text()).toContain('Too many attempts');
    await first.close();

    // A new process over the same database: the counter is still there.
    const second = await createTestApp({ auth: limits, databaseFile: file });
    const api = await second.app.request('/auth/api/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ email: 'limited@example.com', password: PASSWORD }),
    });
    expect(api.status).toBe(429);
    expect(await api.json()).toMatchObject({ code: 'RATE_LIMITED', retry: true });
    const rows = await second.db.kysely.selectFrom('auth_rate_limit').selectAll().execute();
    expect(rows.some((r) => r.key.includes('/sign-in/email'))).toBe(true);
    await second.close();
  });

  it('limit sign-ups too', async () => {
    const t = await createTestApp({ auth: limits });
    const signUp = (n: number) =>
      post(t, '/auth/sign-up', { firstName: 'Many', lastName: `N${n}`, email: `many${n}@example.org`, password: 'long enough password' });
    expect((await signUp(1)).status).toBe(200);
    expect((await signUp(2)).status).toBe(200);
    expect((await signUp(3)).status).toBe(429);
    await t.close();
  });
});

describe('cross-site requests', () => {
  let t: TestApp;
  let owner: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS });
    await createCredentialUser(t.db, { email: 'owner@example.com', firstName: 'Olivia', lastName: 'Owner', password: PASSWORD });
    owner = await signInHeaders(t.auth!, 'owner@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const refused = async (res: Response) => {
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: 'Cross-site request refused.', extra: null, retry: false });
  };

  it('refuses a state-changing call whose Origin is another site', async () => {
    await refused(await t.app.request('/auth/sign-out', { method: 'POST', headers: { cookie: owner.cookie, origin: 'https://evil.example' } }));
    await refused(await post(t, '/auth/sign-in', { email: 'owner@example.com', password: PASSWORD }, { ...FORM, origin: 'https://evil.example' }));
    await refused(await t.app.request('/api/content/collection/', { method: 'POST', headers: { cookie: owner.cookie, origin: 'null' } }));
    expect((await currentUser(t, owner.cookie)).is_authenticated).toBe(true);
  });

  it('judges by Referer when there is no Origin', async () => {
    await refused(await t.app.request('/auth/sign-out', { method: 'POST', headers: { cookie: owner.cookie, referer: 'https://evil.example/page' } }));
    const ok = await t.app.request('/auth/sign-out', {
      method: 'POST',
      headers: { cookie: (await signInHeaders(t.auth!, 'owner@example.com', PASSWORD)).cookie, referer: `${TEST_ORIGIN}/discover/` },
    });
    expect(ok.status).toBe(204);
  });

  it('refuses a state-changing call with a session cookie and neither header', async () => {
    await refused(await t.app.request('/auth/sign-out', { method: 'POST', headers: { cookie: owner.cookie } }));
  });

  it('accepts the public origin and cookieless scripts', async () => {
    const publicOrigin = t.deps.env.publicOrigin;
    const res = await post(t, '/auth/sign-in', { email: 'owner@example.com', password: PASSWORD }, { ...FORM, origin: publicOrigin });
    expect(res.status).toBe(303);
    const script = await t.app.request('/auth/api/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: PASSWORD }),
    });
    expect(script.status).toBe(200);
  });

  it('leaves reads alone', async () => {
    const res = await t.app.request('/api/session/user/', { headers: { cookie: owner.cookie, origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('roles, flags and the admin gate', () => {
  let t: TestApp;
  let ids: Record<string, string>;
  let h: Record<string, { cookie: string; origin: string }>;
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS });
    ids = {
      admin: await createCredentialUser(t.db, {
        email: 'admin@example.com',
        firstName: 'Ada',
        lastName: 'Admin',
        password: PASSWORD,
        isPrivileged: true,
        flags: ['discover/search'],
      }),
      staff: await createCredentialUser(t.db, { email: 'staff@example.com', firstName: 'Sam', lastName: 'Staff', password: PASSWORD, isStaff: true }),
      owner: await createCredentialUser(t.db, { email: 'owner@example.com', firstName: 'Olivia', lastName: 'Owner', password: PASSWORD }),
    };
    const now = new Date().toISOString();
    const org = {
      id: 'org1',
      sid: 'orgsid0001',
      name: 'Acme Spaces',
      status: 'ACTIVE',
      isPersonal: 0,
      flags: '["discover/zaya"]',
      ...EMPTY_PROFILE,
      createdAt: now,
      updatedAt: now,
    };
    await t.db.kysely.insertInto('accounts').values(org).execute();
    await t.db.kysely
      .insertInto('memberships')
      .values({ userId: ids['owner'] as string, accountId: 'org1', role: 'OWNER', flags: '["discover/collection_list_view"]', createdAt: now, updatedAt: now })
      .execute();
    h = {};
    for (const role of ['admin', 'staff', 'owner']) h[role] = await signInHeaders(t.auth!, `${role}@example.com`, PASSWORD);
  });
  afterAll(() => t.close());

  const putFlags = (who: { cookie: string; origin: string } | null, userId: string, flags: unknown) =>
    t.app.request(`/admin/api/user/${userId}/flags/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      body: JSON.stringify({ flags }),
    });

  it('lists organization memberships with role, and flags from the membership and the organization', async () => {
    const me = await currentUser(t, h['owner']?.cookie);
    expect(me.memberships).toEqual([
      { name: 'Acme Spaces', organization_sid: 'org1', role: 'OWNER', flags: ['discover/collection_list_view', 'discover/zaya'] },
    ]);
    const staff = await currentUser(t, h['staff']?.cookie);
    expect([staff.is_staff, staff.is_privileged]).toEqual([true, false]);
  });

  it('guards all of /admin/api: 401 for a guest, 403 for a signed-in non-administrator', async () => {
    expect((await t.app.request('/admin/api/anything/')).status).toBe(401);
    expect((await t.app.request('/admin/api/anything/', { headers: { cookie: h['staff']?.cookie ?? '' } })).status).toBe(403);
    expect((await t.app.request('/admin/api/anything/', { headers: { cookie: h['admin']?.cookie ?? '' } })).status).toBe(404);
  });

  it('lets only administrators set known flags, which then show on the user', async () => {
    expect((await putFlags(null, ids['owner'] as string, ['discover/search'])).status).toBe(401);
    expect((await putFlags(h['staff'] ?? null, ids['owner'] as string, ['discover/search'])).status).toBe(403);
    expect((await putFlags(h['admin'] ?? null, ids['owner'] as string, ['discover/nope'])).status).toBe(400);
    expect((await putFlags(h['admin'] ?? null, ids['owner'] as string, ['search'])).status).toBe(400);
    expect((await putFlags(h['admin'] ?? null, 'no-such-user', ['discover/search'])).status).toBe(404);
    const ok = await putFlags(h['admin'] ?? null, ids['owner'] as string, ['discover/search', 'discover/pro3', 'discover/search']);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ userId: ids['owner'], flags: ['discover/pro3', 'discover/search'] });
    expect((await currentUser(t, h['owner']?.cookie)).flags).toEqual(['discover/pro3', 'discover/search']);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'UPDATE_FLAGS').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.userId).toBe(ids['admin']);
  });
});

describe('safeTarget', () => {
  it.each([
    ['/discover/space/abc', '/discover/space/abc'],
    ['/discover/search?q=a%20b#x', '/discover/search?q=a%20b#x'],
    ['/discover/../admin', '/admin'],
    [undefined, '/discover/'],
    ['', '/discover/'],
    ['discover', '/discover/'],
    ['//evil.com', '/discover/'],
    ['/\\evil.com', '/discover/'],
    ['/x\\y', '/discover/'],
    ['https://evil.com/', '/discover/'],
    ['/\n/evil.com', '/discover/'],
  ])('%j → %j', (input, expected) => {
    expect(safeTarget(input)).toBe(expected);
  });
});

/** The whole sign-in path on the pass's database (in-memory SQLite, or a fresh PostgreSQL database in the PostgreSQL pass). */
describe(`on ${process.env['TEST_POSTGRES_URL'] ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('migrates, signs up, resolves the session, signs in and rate-limits', async () => {
    const t = await createTestApp({ auth: { rateLimits: { signIn: { window: 600, max: 2 } } } });
    try {
      const up = await post(t, '/auth/sign-up', { firstName: 'Post', lastName: 'Gres', email: 'pg@example.org', password: 'long enough password' });
      expect(up.status).toBe(200);
      const confirmed = await t.app.request(await confirmationLink(t, 'pg@example.org'));
      expect((await currentUser(t, cookieOf(confirmed))).last_name).toBe('Gres');
      await createCredentialUser(t.db, { email: 'seeded@example.org', firstName: 'S', lastName: 'D', password: PASSWORD });
      expect((await post(t, '/auth/sign-in', { email: 'seeded@example.org', password: PASSWORD })).status).toBe(303);
      expect((await post(t, '/auth/sign-in', { email: 'seeded@example.org', password: 'wrong-password' })).status).toBe(401);
      expect((await post(t, '/auth/sign-in', { email: 'seeded@example.org', password: PASSWORD })).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('better-auth JSON endpoints', () => {
  it('never hand the session token to script: it stays in the HttpOnly cookie', async () => {
    const t = await createTestApp({ auth: NO_LIMITS });
    await createCredentialUser(t.db, { email: 'json@example.com', firstName: 'J', lastName: 'Son', password: PASSWORD });
    const signIn = await t.app.request('/auth/api/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ email: 'json@example.com', password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = cookieOf(signIn);
    expect(cookie).toMatch(/^discover\.session_token=/);
    expect(await signIn.json()).toMatchObject({ token: null, user: { email: 'json@example.com' } });
    const session = (await (await t.app.request('/auth/api/get-session', { headers: { cookie } })).json()) as { session: Record<string, unknown> };
    expect(session.session).not.toHaveProperty('token');
    expect(
      (
        await t.app.request('/auth/api/update-user', {
          method: 'POST',
          headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
          body: '{"name":"X"}',
        })
      ).status,
    ).toBe(404);
    await t.close();
  });
});
