import { describe, expect, test } from 'vitest';
import { AuditEntry } from '../../src/domain/admin.ts';
import { pageOf } from '../../src/domain/page.ts';
import { TEST_ORIGIN } from '../../src/server/testing.ts';
import { adminApp, body, counts, expectInvalid, type AdminApp } from './admin-helpers.ts';
import { W } from './fixtures.ts';
import { blob, makePng } from './user-helpers.ts';

const AuditPage = pageOf(AuditEntry);

/** The audit search as an administrator sees it (then the app goes back to acting as `after`). */
async function search(t: AdminApp, filter: Record<string, unknown> = {}, after: Parameters<AdminApp['as']>[0] = 'alice') {
  t.as('admin');
  const page = AuditPage.parse(await body(await t.post('/admin/api/audit/?limit=100', filter)));
  t.as(after);
  return page;
}

describe("a user's own changes in the audit log", () => {
  test('a profile edit and a collection rename appear with the user and isAdmin false; adminOnly hides them', async () => {
    const t = await adminApp('alice');
    await body(await t.post('/api/content/user/me/profile/', { description: 'Lofts and light.' }));
    await body(await t.post(`/api/content/collection/${W.coll.alicePublic}/rename/`, { name: 'Alice Best Lofts' }));

    const page = await search(t);
    const [rename, profile] = page.results;
    expect(page.totalResults).toBe(2);
    expect(profile).toMatchObject({
      type: 'USER',
      action: 'UPDATE_PROFILE',
      user: 'alice@example.com',
      isAdmin: false,
      from: { id: W.user.alice, description: 'I collect lofts.' },
      to: { id: W.user.alice, description: 'Lofts and light.' },
    });
    expect(rename).toMatchObject({
      type: 'COLLECTION',
      action: 'RENAME',
      user: 'alice@example.com',
      isAdmin: false,
      from: { id: W.coll.alicePublic, name: 'Alice Lofts' },
      to: { id: W.coll.alicePublic, name: 'Alice Best Lofts' },
    });

    // An administrator's change through the admin API stays when the log is narrowed to admin changes.
    t.as('admin');
    await body(await t.patch(`/admin/api/space/${W.space.loft}/`, { name: 'Loft of Paris' }));
    const adminOnly = await search(t, { adminOnly: true });
    expect(adminOnly.results.map((e) => [e.type, e.action, e.isAdmin])).toEqual([['SPACE', 'UPDATE', true]]);
    expect(adminOnly.results[0]?.user).not.toBe('alice@example.com');
    expect((await search(t, { searchText: 'alice@example.com' })).totalResults).toBe(2);
  });

  test('a write refused with 400 writes no entry', async () => {
    const t = await adminApp('alice');
    const before = await counts(t);
    await expectInvalid(await t.post('/api/content/user/me/profile/', { url: 'javascript:alert(1)', description: 'changed' }), 'json.url');
    await expectInvalid(await t.post(`/api/content/collection/${W.coll.alicePublic}/rename/`, { name: '' }), 'json.name');
    await expectInvalid(await t.patch(`/api/content/collection/${W.coll.alicePublic}/`, { children: [{ id: 'no-such-space' }] }), 'json.children.0.id');
    expect((await counts(t)).audit).toBe(before.audit);
    expect((await search(t)).totalResults).toBe(0);
  });

  test('social links, follows, favorites, collection create/add/reorder/remove/delete and a space edit are each one entry; repeats write none', async () => {
    const t = await adminApp('alice');
    await body(await t.put('/api/content/user/me/profile/socialmedia/', { instagram: 'instagram.com/alice.lofts' }));
    await body(await t.put('/api/content/user/follow/', { accountId: W.acc.orgB, follow: false }));
    await body(await t.put('/api/content/user/follow/', { accountId: W.acc.orgB, follow: false }));
    await body(await t.put('/api/content/collection/favorite/add/?itemId=' + W.space.loft));
    const created = await body<{ id: string }>(await t.post('/api/content/collection/', { name: 'Trip ideas', children: [{ id: W.space.loft }] }), 201);
    await body(await t.put(`/api/content/collection/${created.id}/add/?itemId=${W.space.moma}`));
    await body(await t.put(`/api/content/collection/${created.id}/add/?itemId=${W.space.moma}`));
    await body(await t.patch(`/api/content/collection/${created.id}/`, { children: [{ id: W.space.moma, order: 0 }] }));
    await body(await t.put(`/api/content/collection/${created.id}/delete/?itemId=${W.space.loft}`));
    await body(await t.del(`/api/content/collection/${created.id}/`));
    await body(await t.patch(`/api/content/space/${W.space.office}/`, { summary: 'A quiet office.' }));

    const page = await search(t, { reversed: true });
    expect(page.results.map((e) => [e.type, e.action])).toEqual([
      ['USER', 'UPDATE_SOCIAL_MEDIA'],
      ['ACCOUNT', 'UNFOLLOW'],
      ['COLLECTION', 'FAVORITE'],
      ['COLLECTION', 'CREATE'],
      ['COLLECTION', 'ADD'],
      ['COLLECTION', 'REORDER'],
      ['COLLECTION', 'REMOVE'],
      ['COLLECTION', 'DELETE'],
      ['SPACE', 'UPDATE'],
    ]);
    expect(page.results.every((e) => e.user === 'alice@example.com' && !e.isAdmin)).toBe(true);
    const [social, unfollow, , create, add, reorder, , del, space] = page.results;
    expect(social).toMatchObject({
      from: { instagram: 'https://instagram.com/alice' },
      to: { id: W.user.alice, instagram: 'https://instagram.com/alice.lofts' },
    });
    expect(unfollow).toMatchObject({ from: { id: W.acc.orgB, following: true }, to: { id: W.acc.orgB, following: false } });
    expect(create).toMatchObject({ from: null, to: { name: 'Trip ideas', children: [W.space.loft] } });
    expect(add?.to).toMatchObject({ children: [W.space.loft, W.space.moma] });
    expect(reorder).toMatchObject({ from: { children: [W.space.loft, W.space.moma] }, to: { children: [W.space.moma, W.space.loft] } });
    expect(del).toMatchObject({ from: { id: created.id, name: 'Trip ideas' }, to: null });
    expect(space).toMatchObject({
      from: { id: W.space.office, summary: expect.any(String) as unknown },
      to: { id: W.space.office, summary: 'A quiet office.' },
    });
    expect((await search(t, { adminOnly: true })).totalResults).toBe(0);
  });

  test('a profile photo upload and its removal are entries with the picture before and after', async () => {
    const t = await adminApp('alice');
    const form = new FormData();
    form.set('file', blob(await makePng(400, 400)), 'me.png');
    form.set('type', 'PROFILE_IMAGE');
    await body(await t.app.request('/api/content/user/me/profile/attachment/', { method: 'PUT', headers: { Origin: TEST_ORIGIN }, body: form }));
    await body(await t.del('/api/content/user/me/profile/attachment/?type=PROFILE_IMAGE'));
    await body(await t.del('/api/content/user/me/profile/attachment/?type=PROFILE_IMAGE'));

    const [set, removed, ...rest] = (await search(t, { reversed: true })).results;
    expect(rest).toEqual([]);
    expect(set).toMatchObject({
      action: 'SET_PROFILE_IMAGE',
      from: { id: W.user.alice, photoId: 'att-alice-photo' },
      to: { id: W.user.alice, photoId: expect.any(String) as unknown },
    });
    expect(removed).toMatchObject({ action: 'REMOVE_PROFILE_IMAGE', from: { photoId: (set?.to as { photoId: string }).photoId }, to: { photoId: null } });
  });
});
