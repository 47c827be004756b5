import { describe, expect, test } from 'vitest';
import { AccountRef, AuditEntry, BulkResult, ImportResult } from '../../src/domain/admin.ts';
import { pageOf } from '../../src/domain/page.ts';
import { createCredentialUser } from '../../src/server/modules/auth/users.ts';
import { createTestApp, signInHeaders } from '../../src/server/testing.ts';
import { adminApp, body, counts, expectError, expectInvalid, expectNothingWritten, lastAudit } from './admin-helpers.ts';
import { W } from './fixtures.ts';

const AccountPage = pageOf(AccountRef);
const AuditPage = pageOf(AuditEntry);

describe('POST /admin/api/account/search/', () => {
  test('finds any account by part of its name, sid or id, by name, with paging and exclusions', async () => {
    const t = await adminApp();
    const page = AccountPage.parse(await body(await t.post('/admin/api/account/search/', { searchText: 'ORG' })));
    expect(page.results.map((a) => a.name)).toEqual(['Disabled Org', 'Moderated Org', 'Org A', 'Org B', 'Private Org']);
    expect(page.results[0]).toEqual({ id: W.acc.disabled, name: 'Disabled Org', sid: 'disabled01', status: 'DISABLED', isPersonal: false });
    const bySid = AccountPage.parse(await body(await t.post('/admin/api/account/search/', { searchText: 'aliceacc' })));
    expect(bySid.results.map((a) => a.id)).toEqual([W.acc.alice]);
    const excluded = AccountPage.parse(
      await body(await t.post('/admin/api/account/search/', { searchText: 'org', idsToExclude: [W.acc.orgA, W.acc.disabled] })),
    );
    expect(excluded.results.map((a) => a.name)).toEqual(['Moderated Org', 'Org B', 'Private Org']);
    const second = AccountPage.parse(await body(await t.post('/admin/api/account/search/?limit=2&offset=2', { searchText: 'org' })));
    expect(second).toMatchObject({ totalResults: 5, hasNext: true, nextOffset: 4 });
    expect(second.results.map((a) => a.name)).toEqual(['Org A', 'Org B']);
    const bySeek = AccountPage.parse(await body(await t.post(`/admin/api/account/search/?limit=2&seek=${(4).toString(36)}`, { searchText: 'org' })));
    expect(bySeek.results.map((a) => a.name)).toEqual(['Private Org']);
    const all = AccountPage.parse(await body(await t.post('/admin/api/account/search/', {})));
    expect(all.totalResults).toBe(9);
    const disabled = AccountPage.parse(await body(await t.post('/admin/api/account/search/', { status: 'DISABLED' })));
    expect(disabled.results.map((a) => a.id)).toEqual([W.acc.disabled]);
  });

  test('answers 400 with the field list for a bad body or query', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/account/search/', { idsToExclude: 'acc-org-a' }), 'json.idsToExclude');
    await expectInvalid(await t.post('/admin/api/account/search/?limit=0', {}), 'query.limit');
  });
});

describe('POST /admin/api/account/updateStatus/', () => {
  test('disables an account (by sid): it disappears from the public site; audited with before and after, one event', async () => {
    const t = await adminApp();
    expect((await t.get(`/api/content/account/${W.acc.orgA}/profile/`)).status).toBe(200);
    const res = BulkResult.parse(await body(await t.post('/admin/api/account/updateStatus/', { id: 'orgasid001', status: 'DISABLED' })));
    expect(res).toEqual({ count: 1, ids: [W.acc.orgA] });
    const audit = await lastAudit(t, 'ACCOUNT', 'UPDATE_STATUS');
    expect(audit.from).toEqual([{ id: W.acc.orgA, status: 'ACTIVE' }]);
    expect(audit.to).toEqual([{ id: W.acc.orgA, status: 'DISABLED' }]);
    expect(await t.events()).toEqual([{ type: 'ACCOUNT', ids: [W.acc.orgA] }]);
    t.as(null);
    expect((await t.get(`/api/content/account/${W.acc.orgA}/profile/`)).status).toBe(404);
    expect((await t.post('/api/content/account/spaces/', { accountId: W.acc.orgA })).status).toBe(404);
    t.as('admin');
    expect(BulkResult.parse(await body(await t.post('/admin/api/account/updateStatus/', { ids: [W.acc.orgA], status: 'ACTIVE' })))).toEqual({
      count: 1,
      ids: [W.acc.orgA],
    });
    t.as(null);
    expect((await t.get(`/api/content/account/${W.acc.orgA}/profile/`)).status).toBe(200);
  });

  test('a personal account takes its person along', async () => {
    const t = await adminApp();
    await body(await t.post('/admin/api/account/updateStatus/', { ids: [W.acc.alice], status: 'DISABLED' }));
    const alice = await t.db.kysely.selectFrom('users').select('status').where('id', '=', W.user.alice).executeTakeFirstOrThrow();
    expect(alice.status).toBe('DISABLED');
    t.as(null);
    expect((await t.get(`/api/content/user/${W.user.alice}/profile/`)).status).toBe(404);
  });

  test('setting the status it already has changes nothing and writes nothing', async () => {
    const t = await adminApp();
    expect(BulkResult.parse(await body(await t.post('/admin/api/account/updateStatus/', { id: W.acc.orgB, status: 'ACTIVE' })))).toEqual({ count: 0, ids: [] });
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });

  test('is all or nothing: one unknown id answers 404 and changes nothing', async () => {
    const t = await adminApp();
    const err = await expectError(
      await t.post('/admin/api/account/updateStatus/', { ids: [W.acc.orgA, 'no-such-account'], status: 'DISABLED' }),
      404,
      'NOT_FOUND',
    );
    expect(err.extra).toEqual({ missing: ['no-such-account'] });
    const orgA = await t.db.kysely.selectFrom('accounts').select('status').where('id', '=', W.acc.orgA).executeTakeFirstOrThrow();
    expect(orgA.status).toBe('ACTIVE');
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });

  test('answers 400 with the field list, and refuses to disable your own account', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/account/updateStatus/', { status: 'DISABLED' }), 'json.ids');
    await expectInvalid(await t.post('/admin/api/account/updateStatus/', { id: W.acc.orgA, status: 'GONE' }), 'json.status');
    await expectInvalid(await t.post('/admin/api/account/updateStatus/', { ids: [], status: 'ACTIVE' }), 'json.ids');
    await expectInvalid(await t.post('/admin/api/account/updateStatus/', { ids: [W.acc.admin], status: 'DISABLED' }), 'json.ids');
  });
});

describe('POST /admin/api/account/updateStatusAll/', () => {
  test('reactivates every disabled account, audited; with nothing disabled it writes nothing', async () => {
    const t = await adminApp();
    await body(await t.post('/admin/api/account/updateStatus/', { id: W.acc.orgA, status: 'DISABLED' }));
    const res = BulkResult.parse(await body(await t.post('/admin/api/account/updateStatusAll/')));
    expect(res.ids.sort()).toEqual([W.acc.disabled, W.acc.orgA].sort());
    const audit = await lastAudit(t, 'ACCOUNT', 'UPDATE_STATUS_ALL');
    expect(audit.to).toEqual(expect.arrayContaining([{ id: W.acc.disabled, status: 'ACTIVE' }]));
    t.as(null);
    expect((await t.get(`/api/content/account/${W.acc.disabled}/profile/`)).status).toBe(200);
    t.as('admin');
    const before = await counts(t);
    expect(BulkResult.parse(await body(await t.post('/admin/api/account/updateStatusAll/')))).toEqual({ count: 0, ids: [] });
    await expectNothingWritten(t, before);
  });
});

describe('POST /admin/api/account/importAll/', () => {
  test('creates new organizations and updates known ones by sid, in one audited change', async () => {
    const t = await adminApp();
    const res = ImportResult.parse(
      await body(
        await t.post('/admin/api/account/importAll/', {
          accounts: [
            { sid: 'neworg0001', name: 'New Org', url: 'neworg.example', description: 'Fresh scans' },
            { sid: 'orgasid001', name: 'Org A Renamed' },
            { sid: 'orgbsid001', name: 'Org B' },
          ],
        }),
      ),
    );
    expect(res).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    expect(res.ids[1]).toBe(W.acc.orgA);
    const created = await t.db.kysely.selectFrom('accounts').selectAll().where('sid', '=', 'neworg0001').executeTakeFirstOrThrow();
    expect(created).toMatchObject({ name: 'New Org', url: 'https://neworg.example', status: 'ACTIVE', isPersonal: 0, visibility: 'PUBLIC' });
    const audit = await lastAudit(t, 'ACCOUNT', 'IMPORT');
    expect(audit.from).toEqual([{ id: W.acc.orgA, sid: 'orgasid001', name: 'Org A' }]);
    expect(audit.to).toEqual(expect.arrayContaining([{ id: W.acc.orgA, sid: 'orgasid001', name: 'Org A Renamed' }]));
    expect(await t.events()).toEqual([{ type: 'ACCOUNT', ids: res.ids }]);
    t.as(null);
    const profile = await body<{ name: string; url: string }>(await t.get('/api/content/account/neworg0001/profile/'));
    expect(profile).toMatchObject({ name: 'New Org', url: 'https://neworg.example' });
  });

  test('answers 400 with the field list and imports nothing', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/account/importAll/', { accounts: [] }), 'json.accounts');
    await expectInvalid(
      await t.post('/admin/api/account/importAll/', { accounts: [{ sid: 'x1', name: 'X', url: 'javascript:alert(1)' }] }),
      'json.accounts.0.url',
    );
    await expectInvalid(await t.post('/admin/api/account/importAll/', { accounts: [{ sid: 'bad sid', name: 'X' }] }), 'json.accounts.0.sid');
    await expectInvalid(
      await t.post('/admin/api/account/importAll/', {
        accounts: [
          { sid: 'dup0000001', name: 'A' },
          { sid: 'dup0000001', name: 'B' },
        ],
      }),
      'json.accounts.1.sid',
    );
    expect(await t.db.kysely.selectFrom('accounts').select('id').where('sid', 'in', ['x1', 'dup0000001']).execute()).toEqual([]);
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });
});

describe('POST /admin/api/user/updateStatus/ and updateStatusAll/', () => {
  test('disabling a user hides their profile and collections and their personal account; audited', async () => {
    const t = await adminApp();
    t.as(null);
    const listed = async () => (await body<{ results: { id: string }[] }>(await t.get('/api/content/collection/?limit=100'))).results.map((c) => c.id);
    expect(await listed()).toContain(W.coll.alicePublic);
    t.as('admin');
    expect(BulkResult.parse(await body(await t.post('/admin/api/user/updateStatus/', { id: 'alicesid01', status: 'DISABLED' })))).toEqual({
      count: 1,
      ids: [W.user.alice],
    });
    const audit = await lastAudit(t, 'USER', 'UPDATE_STATUS');
    expect(audit).toMatchObject({ from: [{ id: W.user.alice, status: 'ACTIVE' }], to: [{ id: W.user.alice, status: 'DISABLED' }] });
    expect(await t.events()).toEqual([{ type: 'USER', ids: [W.user.alice] }]);
    const account = await t.db.kysely.selectFrom('accounts').select('status').where('id', '=', W.acc.alice).executeTakeFirstOrThrow();
    expect(account.status).toBe('DISABLED');
    t.as(null);
    expect((await t.get(`/api/content/user/${W.user.alice}/profile/`)).status).toBe(404);
    expect((await t.get(`/api/content/collection/${W.coll.alicePublic}/`)).status).toBe(404);
    expect(await listed()).not.toContain(W.coll.alicePublic);
  });

  test('updateStatusAll reactivates every disabled user', async () => {
    const t = await adminApp();
    expect(BulkResult.parse(await body(await t.post('/admin/api/user/updateStatusAll/')))).toEqual({ count: 1, ids: [W.user.carol] });
    await lastAudit(t, 'USER', 'UPDATE_STATUS_ALL');
    t.as(null);
    expect((await t.get(`/api/content/user/${W.user.carol}/profile/`)).status).toBe(200);
  });

  test('400, 404 all or nothing, and no disabling yourself', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/user/updateStatus/', { ids: [W.user.bob] }), 'json.status');
    await expectError(await t.post('/admin/api/user/updateStatus/', { ids: [W.user.bob, 'nobody'], status: 'DISABLED' }), 404, 'NOT_FOUND');
    await expectInvalid(await t.post('/admin/api/user/updateStatus/', { id: W.user.admin, status: 'DISABLED' }), 'json.ids');
    const bob = await t.db.kysely.selectFrom('users').select('status').where('id', '=', W.user.bob).executeTakeFirstOrThrow();
    expect(bob.status).toBe('ACTIVE');
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });

  test("a disabled user's session stops working at once", async () => {
    const t = await createTestApp({ auth: true });
    if (!t.auth) throw new Error('auth not wired');
    const patId = await createCredentialUser(t.db, { email: 'pat@example.com', firstName: 'Pat', lastName: 'User', password: 'pat-password-1' });
    await createCredentialUser(t.db, { email: 'root@example.com', firstName: 'Root', lastName: 'Admin', password: 'root-password-1', isPrivileged: true });
    const pat = await signInHeaders(t.auth, 'pat@example.com', 'pat-password-1');
    const root = await signInHeaders(t.auth, 'root@example.com', 'root-password-1');
    expect((await t.app.request('/api/content/construct/', { headers: pat })).status).toBe(204);
    const res = await t.app.request('/admin/api/user/updateStatus/', {
      method: 'POST',
      headers: { ...root, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: patId, status: 'DISABLED' }),
    });
    expect(res.status).toBe(200);
    expect((await t.app.request('/api/content/construct/', { headers: pat })).status).toBe(401);
  });
});

describe('POST /admin/api/audit/', () => {
  test('pages entries newest first (or reversed) with the user, before and after values', async () => {
    const t = await adminApp();
    await body(await t.post('/admin/api/banner/', { color: 'FFBB00', text: 'One' }));
    await body(await t.post('/admin/api/account/updateStatus/', { id: W.acc.orgB, status: 'DISABLED' }));
    await body(await t.put('/admin/api/featuredTag/randomize/?newValue=true'));
    const page = AuditPage.parse(await body(await t.post('/admin/api/audit/', {})));
    expect(page.totalResults).toBe(3);
    expect(page.results.map((e) => e.type)).toEqual(['SETTING', 'ACCOUNT', 'BANNER']);
    expect(page.results[1]).toMatchObject({
      action: 'UPDATE_STATUS',
      user: 'ada@example.com',
      from: [{ id: W.acc.orgB, status: 'ACTIVE' }],
      to: [{ id: W.acc.orgB, status: 'DISABLED' }],
    });
    expect(page.results[2]).toMatchObject({ action: 'CREATE', from: null, to: { text: 'One', color: 'FFBB00' } });
    const reversed = AuditPage.parse(await body(await t.post('/admin/api/audit/', { reversed: true })));
    expect(reversed.results.map((e) => e.type)).toEqual(['BANNER', 'ACCOUNT', 'SETTING']);
    const second = AuditPage.parse(await body(await t.post('/admin/api/audit/?page=2&limit=1', {})));
    expect(second).toMatchObject({ totalResults: 3, hasNext: true, nextOffset: 2 });
    expect(second.results.map((e) => e.type)).toEqual(['ACCOUNT']);
  });

  test('filters by admin-only, date range and text', async () => {
    const t = await adminApp();
    await body(await t.post('/admin/api/banner/', { color: 'FFBB00', text: 'Spring sale' }));
    await t.db.kysely
      .insertInto('audit_log')
      .values([
        {
          id: 'old-user-change',
          action: 'UPDATE',
          date: '2020-05-01T12:00:00.000Z',
          fromValue: null,
          toValue: '{"name":"Mine"}',
          type: 'COLLECTION',
          userId: W.user.bob,
          isAdmin: 0,
        },
        {
          id: 'old-admin-change',
          action: 'DELETE',
          date: '2020-05-02T12:00:00.000Z',
          fromValue: '{"text":"Winter"}',
          toValue: null,
          type: 'BANNER',
          userId: W.user.admin,
          isAdmin: 1,
        },
      ])
      .execute();
    const ids = async (filter: object) => AuditPage.parse(await body(await t.post('/admin/api/audit/', filter))).results.map((e) => e.id);
    expect(await ids({ adminOnly: true })).not.toContain('old-user-change');
    expect((await ids({})).length).toBe(3);
    expect(await ids({ from: '2020-05-01', to: '2020-05-01' })).toEqual(['old-user-change']);
    expect(await ids({ from: '2020-05-01T00:00:00Z', to: '2020-05-31' })).toEqual(['old-admin-change', 'old-user-change']);
    expect(await ids({ searchText: 'winter' })).toEqual(['old-admin-change']);
    expect(await ids({ searchText: 'bob@' })).toEqual(['old-user-change']);
    expect((await ids({ searchText: 'SPRING' })).length).toBe(1);
  });

  test('answers 400 with the field list for bad dates', async () => {
    const t = await adminApp();
    await expectInvalid(await t.post('/admin/api/audit/', { from: 'yesterday' }), 'json.from');
    await expectInvalid(await t.post('/admin/api/audit/', { adminOnly: 'yes' }), 'json.adminOnly');
    await expectInvalid(await t.post('/admin/api/audit/?page=0', {}), 'query.page');
  });
});

describe('a disabled or moderated organization leaves the public site with its spaces', () => {
  test('disabling Org A removes its spaces from public lists and search; reactivating brings them back', async () => {
    const t = await adminApp();
    const publicIds = async () => {
      t.as(null);
      const page = await body<{ results: { id: string }[] }>(await t.get('/api/content/space/?limit=100'));
      const found = await body<{ results: { id: string }[] }>(await t.post('/api/content/space/search/', { searchText: 'loft' }));
      t.as('admin');
      return { list: page.results.map((s) => s.id), search: found.results.map((s) => s.id) };
    };
    expect((await publicIds()).list).toContain(W.space.loft);
    await body(await t.post('/admin/api/account/updateStatus/', { ids: [W.acc.orgA], status: 'DISABLED' }));
    const hidden = await publicIds();
    expect(hidden.list).not.toContain(W.space.loft);
    expect(hidden.search).not.toContain(W.space.loft);
    await body(await t.post('/admin/api/account/updateStatus/', { ids: [W.acc.orgA], status: 'ACTIVE' }));
    expect((await publicIds()).list).toContain(W.space.loft);
    await body(await t.post('/admin/api/moderation/', { itemId: W.acc.orgA, itemType: 'ACCOUNT', reason: 'spam' }));
    expect((await publicIds()).list).not.toContain(W.space.loft);
  });
});
