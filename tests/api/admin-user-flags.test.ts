/** An administrator reads and sets a person's feature flags (issue 14), over real sessions. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AdminUserFlags, UserFlags } from '../../src/domain/admin-inputs.ts';
import { CurrentUser } from '../../src/domain/session.ts';
import { createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { createTestApp, signInHeaders, TEST_ORIGIN } from '../../src/server/testing.ts';

const PASSWORD = 'flags-password-1';
type Headers = { cookie: string; origin: string };

describe("a person's feature flags", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Headers;
  let ann: Headers;
  let adminId: string;
  let annId: string;
  beforeAll(async () => {
    t = await createTestApp({ auth: true });
    adminId = await createCredentialUser(t.db, { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', password: PASSWORD, isPrivileged: true });
    annId = await createCredentialUser(t.db, {
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Example',
      password: PASSWORD,
      flags: ['discover/search', 'discover/zaya', 'other/keep'],
    });
    admin = await signInHeaders(t.auth!, 'admin@example.com', PASSWORD);
    ann = await signInHeaders(t.auth!, 'ann@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const call = (who: Headers | null, method: string, path: string, body?: unknown) =>
    t.app.request(path, {
      method,
      headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const session = async (who: Headers) => CurrentUser.parse(await (await call(who, 'GET', '/api/session/user/')).json());
  const auditRows = () => t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'UPDATE_FLAGS').orderBy('id').execute();

  test('an administrator reads the flags by user id, user sid or personal account', async () => {
    const me = await session(ann);
    const person = await t.db.kysely.selectFrom('accounts').select(['id', 'sid']).where('id', '=', me.group_sid).executeTakeFirstOrThrow();
    for (const key of [annId, me.user_sid, person.id, person.sid]) {
      const res = await call(admin, 'GET', `/admin/api/user/${key}/flags/`);
      expect(res.status, key).toBe(200);
      expect(AdminUserFlags.parse(await res.json())).toEqual({
        userId: annId,
        sid: me.user_sid,
        name: 'Ann Example',
        email: 'ann@example.com',
        status: 'ACTIVE',
        flags: ['discover/search', 'discover/zaya'],
      });
    }
    expect((await call(admin, 'GET', '/admin/api/user/nobody/flags/')).status).toBe(404);
  });

  test('turning search off shows in the person’s very next session read, without signing in again; audited', async () => {
    expect((await session(ann)).flags).toContain('discover/search');
    const res = await call(admin, 'PUT', `/admin/api/user/${annId}/flags/`, { flags: ['discover/zaya', 'discover/collection_map_view'] });
    expect(res.status).toBe(200);
    expect(UserFlags.parse(await res.json())).toEqual({ userId: annId, flags: ['discover/collection_map_view', 'discover/zaya'] });
    const me = await session(ann);
    expect(me.is_authenticated).toBe(true);
    expect(me.flags).not.toContain('discover/search');
    expect(me.flags).toEqual(expect.arrayContaining(['discover/zaya', 'discover/collection_map_view']));
    // A flag the product does not know stays where it was.
    const row = await t.db.kysely.selectFrom('users').select('flags').where('id', '=', annId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.flags)).toContain('other/keep');
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ type: 'USER', userId: adminId, isAdmin: 1 });
    expect(JSON.parse(audit[0]?.fromValue ?? 'null')).toEqual({ id: annId, flags: ['discover/search', 'discover/zaya'] });
    expect(JSON.parse(audit[0]?.toValue ?? 'null')).toEqual({ id: annId, flags: ['discover/collection_map_view', 'discover/zaya'] });
    // The same flags again change nothing and write no entry.
    expect((await call(admin, 'PUT', `/admin/api/user/${annId}/flags/`, { flags: ['discover/zaya', 'discover/collection_map_view'] })).status).toBe(200);
    expect(await auditRows()).toHaveLength(1);
  });

  test('an unknown flag is a 400 naming it; nothing changes', async () => {
    for (const flags of [['discover/nope'], ['search'], 'discover/search']) {
      const res = await call(admin, 'PUT', `/admin/api/user/${annId}/flags/`, { flags });
      expect(res.status, JSON.stringify(flags)).toBe(400);
      const body = (await res.json()) as { code: string; extra: { fields: { path: string }[] } };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.extra.fields[0]?.path).toMatch(/^json\.flags/);
    }
    expect((await session(ann)).flags).not.toContain('discover/search');
  });

  test('only administrators: a guest gets 401, the person themselves 403', async () => {
    expect((await call(null, 'GET', `/admin/api/user/${annId}/flags/`)).status).toBe(401);
    expect((await call(ann, 'GET', `/admin/api/user/${annId}/flags/`)).status).toBe(403);
    expect((await call(ann, 'PUT', `/admin/api/user/${annId}/flags/`, { flags: ['discover/search'] })).status).toBe(403);
    expect((await session(ann)).flags).not.toContain('discover/search');
  });
});
