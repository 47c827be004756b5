import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_COMMON_MESSAGE, PASSWORD_CONTEXT_MESSAGE, PASSWORD_HINT } from '../../src/domain/auth-inputs.ts';
import { escapeHtml } from '../../src/domain/html.ts';
import { RESET_LINK_SECONDS } from '../../src/server/modules/auth/emails.ts';
import { RESET_REQUEST_ANSWER_MS } from '../../src/server/modules/auth/auth.ts';
import { createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { TestClock } from '../../src/server/platform/clock.ts';
import { createTestApp, signInHeaders, TEST_ORIGIN } from '../../src/server/testing.ts';
import { emailsTo, NO_LIMITS, PASSWORD, postForm, sessionCookieOf, type TestApp } from './helpers.ts';

const OWNER = 'owner@example.com';
const NEW_PASSWORD = 'lantern-orchard-sixty';

const resetMails = async (t: TestApp, to: string) => (await emailsTo(t, to)).filter((m) => m.subject === 'Reset your Discover password');

/** The link in an email's text, as a path on the app. */
function linkIn(text: string): string {
  const u = new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? 'http://x/no-link-in-the-email');
  return `${u.pathname}${u.search}`;
}

/** The reset link of the newest reset email to an address, as a path on the app (the email leaves through the outbox, after the answer). */
async function resetLink(t: TestApp, to: string, after = 0): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(async () => {
      const mails = await resetMails(t, to);
      text = mails.length > after ? mails.at(-1)?.text : undefined;
      return text;
    })
    .toBeDefined();
  return linkIn(text as string);
}

const tokenOf = (link: string) => new URL(link, TEST_ORIGIN).searchParams.get('token') as string;
const signedIn = async (t: TestApp, cookie: string) =>
  ((await (await t.app.request('/api/session/user/', { headers: { cookie } })).json()) as { is_authenticated: boolean }).is_authenticated;

describe('password reset', () => {
  let t: TestApp;
  const clock = new TestClock(Date.now());
  beforeAll(async () => {
    t = await createTestApp({ auth: NO_LIMITS, clock });
    await createCredentialUser(t.db, { email: OWNER, firstName: 'Olivia', lastName: 'Owner', password: PASSWORD });
  });
  afterAll(() => t.close());

  it('links "Forgot password?" from the sign-in page to "Reset your password"', async () => {
    const signIn = await (await t.app.request('/auth/sign-in?target=%2Fdiscover%2Fmanage%2F')).text();
    expect(signIn).toContain('<a href="/auth/forgot-password?target=%2Fdiscover%2Fmanage%2F">Forgot password?</a>');
    const page = await t.app.request('/auth/forgot-password?target=%2Fdiscover%2Fmanage%2F');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Reset your password</h1>');
    expect(html).toContain('autocomplete="email"');
  });

  it('answers an address with an account and one without the same way, and emails only the account', async () => {
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await postForm(t, '/auth/forgot-password', { email });
      return [res, performance.now() - start] as const;
    };
    const [known, knownMs] = await timed(OWNER);
    const [unknown, unknownMs] = await timed('nobody@example.com');
    // Both answer no sooner than the same moment after the request, so their few milliseconds of different work do not show.
    for (const ms of [knownMs, unknownMs]) expect(ms).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS - 2);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    const strip = (res: Response) => [...res.headers].filter(([k]) => k !== 'date' && k !== 'content-length').sort();
    expect(strip(unknown)).toEqual(strip(known));
    const [a, b] = [await known.text(), await unknown.text()];
    expect(a).toContain('If <strong>owner@example.com</strong> has a Discover account, we have sent it a link');
    expect(a.replace(OWNER, '@')).toBe(b.replace('nobody@example.com', '@'));
    // The JSON endpoint too: the same body for both.
    const json = async (email: string): Promise<unknown> =>
      (
        await t.app.request('/auth/api/request-password-reset', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
          body: JSON.stringify({ email }),
        })
      ).json();
    expect(await json('nobody@example.com')).toEqual(await json(OWNER));

    const link = await resetLink(t, OWNER);
    expect(link).toMatch(/^\/auth\/reset-password\?token=[\w-]{20,}$/);
    expect(await emailsTo(t, 'nobody@example.com')).toEqual([]);
    const mail = (await resetMails(t, OWNER)).at(-1);
    expect(mail?.text).toContain(`The link works once, for ${RESET_LINK_SECONDS / 60} minutes.`);
  });

  it('keeps no usable token in the database (stored hashed)', async () => {
    const token = tokenOf(await resetLink(t, OWNER));
    const rows = await t.db.kysely.selectFrom('auth_verification').select('identifier').where('identifier', 'like', 'reset-password:%').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);
  });

  it('refuses a weak new password with the sign-up policy’s message, keeping the link usable', async () => {
    const link = await resetLink(t, OWNER);
    const page = await t.app.request(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Choose a new password</h1>');
    expect(html).toContain(`<p class="hint" id="f-newPassword-hint">${escapeHtml(PASSWORD_HINT)}</p>`);
    expect(html).toContain('autocomplete="new-password"');
    expect(html).toContain(`name="username" autocomplete="username" value="${OWNER}"`);

    const token = tokenOf(link);
    for (const [password, message] of [
      ['password', PASSWORD_COMMON_MESSAGE],
      ['Olivia-Owner', PASSWORD_CONTEXT_MESSAGE],
    ] as const) {
      const res = await postForm(t, '/auth/reset-password', { token, newPassword: password });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(`<p class="error" id="f-newPassword-error">${escapeHtml(message)}</p>`);
    }
    const short = await postForm(t, '/auth/reset-password', { token, newPassword: 'short' });
    expect(await short.text()).toContain('Use at least 8 characters.');
    // The JSON endpoint applies the same policy.
    const api = await t.app.request('/auth/api/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ token, newPassword: 'iloveyou' }),
    });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ code: 'BAD_REQUEST', message: PASSWORD_COMMON_MESSAGE, extra: { authCode: 'PASSWORD_TOO_COMMON' } });
    expect((await t.app.request(link)).status).toBe(200);
  });

  it('sets the new password once, ends every session, and then only the new password signs in', async () => {
    const sessions = [await signInHeaders(t.auth!, OWNER, PASSWORD), await signInHeaders(t.auth!, OWNER, PASSWORD)];
    for (const s of sessions) expect(await signedIn(t, s.cookie)).toBe(true);
    const before = (await resetMails(t, OWNER)).length;
    // Asked from a sign-in page that had a target: the link, the new-password page and sign-in keep it.
    await postForm(t, '/auth/forgot-password?target=%2Fdiscover%2Fmanage%2F', { email: OWNER });
    const link = await resetLink(t, OWNER, before);
    expect(link).toMatch(/&target=%2Fdiscover%2Fmanage%2F$/);
    const token = tokenOf(link);
    expect(await (await t.app.request(link)).text()).toContain('<input type="hidden" name="target" value="/discover/manage/">');

    const res = await postForm(t, '/auth/reset-password', { token, newPassword: NEW_PASSWORD, target: '/discover/manage/' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/sign-in?reset=done&target=%2Fdiscover%2Fmanage%2F');
    expect(sessionCookieOf(res)).toBe('');
    const notice = await (await t.app.request('/auth/sign-in?reset=done')).text();
    expect(notice).toContain('Your password has been changed and every session of your account has been signed out.');

    for (const s of sessions) expect(await signedIn(t, s.cookie)).toBe(false);
    const userId = (await t.db.kysely.selectFrom('auth_user').select('id').where('email', '=', OWNER).executeTakeFirstOrThrow()).id;
    expect(await t.db.kysely.selectFrom('auth_session').select('id').where('userId', '=', userId).execute()).toEqual([]);

    expect((await postForm(t, '/auth/sign-in', { email: OWNER, password: PASSWORD })).status).toBe(401);
    const signIn = await postForm(t, '/auth/sign-in?target=%2Fdiscover%2Fmanage%2F', { email: OWNER, password: NEW_PASSWORD });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/discover/manage/');
    expect(sessionCookieOf(signIn)).not.toBe('');

    // The link works once: again, it leads to asking for a new one, and the password stays.
    const again = await postForm(t, '/auth/reset-password', { token, newPassword: 'another-lantern-field' });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This password-reset link has expired or has already been used.');
    expect((await t.app.request(link)).status).toBe(400);
    // The owner is told, and the earlier links of the same person stopped working too.
    await expect.poll(async () => (await emailsTo(t, OWNER)).some((m) => m.subject === 'Your Discover password was changed')).toBe(true);
    const earlier = linkIn((await resetMails(t, OWNER)).at(0)?.text ?? '');
    expect(earlier).not.toBe(link);
    expect((await t.app.request(earlier)).status).toBe(400);
    expect((await postForm(t, '/auth/sign-in', { email: OWNER, password: NEW_PASSWORD })).status).toBe(303);
  });

  it('expires a link after 30 minutes by the app’s clock', async () => {
    const before = (await resetMails(t, OWNER)).length;
    await postForm(t, '/auth/forgot-password', { email: OWNER });
    const link = await resetLink(t, OWNER, before);
    clock.advance((RESET_LINK_SECONDS - 60) * 1000);
    expect((await t.app.request(link)).status).toBe(200);
    clock.advance(2 * 60 * 1000);
    const page = await t.app.request(link);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('This password-reset link has expired or has already been used. Enter your email to get a new one.');
    const res = await postForm(t, '/auth/reset-password', { token: tokenOf(link), newPassword: 'yet-another-lantern' });
    expect(res.status).toBe(400);
    const api = await t.app.request('/auth/api/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ token: tokenOf(link), newPassword: 'yet-another-lantern' }),
    });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ extra: { authCode: 'INVALID_TOKEN' } });
    expect((await postForm(t, '/auth/sign-in', { email: OWNER, password: NEW_PASSWORD })).status).toBe(303);
    clock.set(Date.now()); // better-auth dates new tokens by the system time: back to it for the tests that follow
  });

  it('lets a person made by the seed, with no sign-in yet, set a first password through the link', async () => {
    const email = 'seeded@example.org';
    await createCredentialUser(t.db, { email, firstName: 'Seed', lastName: 'Ed', password: PASSWORD });
    await t.db.kysely.deleteFrom('auth_user').where('email', '=', email).execute();
    expect((await postForm(t, '/auth/forgot-password', { email })).status).toBe(200);
    const link = await resetLink(t, email);
    expect((await postForm(t, '/auth/reset-password', { token: tokenOf(link), newPassword: 'first-garden-kettle' })).status).toBe(303);
    const res = await postForm(t, '/auth/sign-in', { email, password: 'first-garden-kettle' });
    expect(res.status).toBe(303);
    expect(sessionCookieOf(res)).not.toBe('');
  });

  it('carries only a safe return address in the link', async () => {
    for (const target of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const before = (await resetMails(t, OWNER)).length;
      await postForm(t, '/auth/forgot-password', { email: OWNER, target });
      expect(await resetLink(t, OWNER, before)).toMatch(/^\/auth\/reset-password\?token=[\w-]+$/);
    }
  });

  it('checks the email field like sign-up does', async () => {
    const res = await postForm(t, '/auth/forgot-password', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter an email address like name@example.com.');
  });
});

describe('password reset rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: { rateLimits: { signIn: { window: 600, max: 2 } } } });
  });
  afterAll(() => t.close());

  it('counts requests for a link like sign-in attempts', async () => {
    for (let i = 0; i < 2; i++) expect((await postForm(t, '/auth/forgot-password', { email: `p${i}@example.com` })).status).toBe(200);
    const res = await postForm(t, '/auth/forgot-password', { email: 'p3@example.com' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.text()).toContain('Too many attempts from your network.');
  });
});
