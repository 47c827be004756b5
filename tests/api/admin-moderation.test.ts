import { describe, expect, test } from 'vitest';
import { ModerationRecord } from '../../src/domain/admin.ts';
import { pageOf } from '../../src/domain/page.ts';
import { Space } from '../../src/domain/space.ts';
import { adminApp, body, counts, expectError, expectInvalid, expectNothingWritten, lastAudit, type AdminApp } from './admin-helpers.ts';
import { W } from './fixtures.ts';

const Page = pageOf(ModerationRecord);
type Ids = { results: { id: string }[] };

/** Everywhere a guest can meet a space: its page, lists, search, collections, carousel, featured tags, its account, recommendations. */
async function publicSightings(t: AdminApp, spaceId: string, modelId: string): Promise<string[]> {
  t.as(null);
  const seen: string[] = [];
  if ((await t.get(`/api/content/space/${modelId}/`)).status === 200) seen.push('page');
  if ((await body<Ids>(await t.get('/api/content/space/?limit=100'))).results.some((s) => s.id === spaceId)) seen.push('list');
  if ((await body<Ids>(await t.post('/api/content/space/search/', { searchText: 'loft', pageSize: 100 }))).results.some((s) => s.id === spaceId))
    seen.push('search');
  const coll = await body<{ children: { results: { space: { id: string } | null }[] } }>(await t.get(`/api/content/collection/${W.coll.featured}/`));
  if (coll.children.results.some((c) => c.space?.id === spaceId)) seen.push('collection');
  if ((await body<{ item: { id: string | null } | null }[]>(await t.get('/api/content/fci/'))).some((s) => s.item?.id === spaceId)) seen.push('carousel');
  if ((await body<{ spaces: { id: string }[] }[]>(await t.get('/api/content/featuredTag/'))).some((f) => f.spaces.some((s) => s.id === spaceId)))
    seen.push('featuredTag');
  if ((await body<Ids>(await t.post('/api/content/account/spaces/', { accountId: W.acc.orgA }))).results.some((s) => s.id === spaceId)) seen.push('account');
  if ((await body<{ id: string }[]>(await t.get('/api/content/space/recommended/?number=50'))).some((s) => s.id === spaceId)) seen.push('recommended');
  t.as('admin');
  return seen;
}

describe('POST /admin/api/moderation/', () => {
  test('a moderated space disappears from every public list and read, and comes back when unmoderated', async () => {
    const t = await adminApp();
    const everywhere = ['page', 'list', 'search', 'collection', 'carousel', 'featuredTag', 'account', 'recommended'];
    expect(await publicSightings(t, W.space.loft, 'LOFTPARIS01')).toEqual(everywhere);
    const rec = ModerationRecord.parse(
      await body(await t.post('/admin/api/moderation/', { itemId: 'LOFTPARIS01', itemType: 'SPACE', reason: 'Copyright claim' })),
    );
    expect(rec).toMatchObject({ itemId: W.space.loft, itemType: 'SPACE', reason: 'Copyright claim', creator: 'ada@example.com' });
    expect(await publicSightings(t, W.space.loft, 'LOFTPARIS01')).toEqual([]);
    const admin = Space.parse(await body(await t.get('/admin/api/space/LOFTPARIS01/')));
    expect(admin.moderation).toEqual({ isModerated: true, reason: 'Copyright claim' });
    const audit = await lastAudit(t, 'MODERATION', 'CREATE');
    expect(audit).toMatchObject({ from: null, to: { id: rec.id, itemId: W.space.loft, reason: 'Copyright claim' } });
    expect(await t.events()).toEqual([{ type: 'SPACE', ids: [W.space.loft] }]);
    expect((await t.del(`/admin/api/moderation/${rec.id}/`)).status).toBe(204);
    expect(await publicSightings(t, W.space.loft, 'LOFTPARIS01')).toEqual(everywhere);
    expect((await lastAudit(t, 'MODERATION', 'DELETE')).from).toMatchObject({ id: rec.id });
  });

  test('moderates collections and accounts (a user through their personal account)', async () => {
    const t = await adminApp();
    await body(await t.post('/admin/api/moderation/', { itemId: 'alicepub01', itemType: 'COLLECTION', reason: 'Spam' }));
    await body(await t.post('/admin/api/moderation/', { itemId: 'orgbsid001', itemType: 'ACCOUNT', reason: 'Fake' }));
    await body(await t.post('/admin/api/moderation/', { itemId: W.user.alice, itemType: 'ACCOUNT', reason: 'Abuse' }));
    expect((await t.events()).map((e) => e.ids[0])).toEqual([W.coll.alicePublic, W.acc.orgB, W.acc.alice]);
    t.as(null);
    expect((await t.get(`/api/content/collection/${W.coll.alicePublic}/`)).status).toBe(404);
    expect((await body<Ids>(await t.get('/api/content/collection/?limit=100'))).results.map((c) => c.id)).not.toContain(W.coll.alicePublic);
    expect((await t.get(`/api/content/account/${W.acc.orgB}/profile/`)).status).toBe(404);
    expect((await t.get(`/api/content/user/${W.user.alice}/profile/`)).status).toBe(404);
  });

  test('409 for an item already moderated, 404 for an unknown one, 400 with the field list', async () => {
    const t = await adminApp();
    const conflict = await expectError(await t.post('/admin/api/moderation/', { itemId: 'CASTLEMOD01', itemType: 'SPACE', reason: 'Again' }), 409, 'CONFLICT');
    expect(conflict.extra).toEqual({ id: 'mod-castle' });
    await expectError(await t.post('/admin/api/moderation/', { itemId: 'no-such-space', itemType: 'SPACE', reason: 'X' }), 404, 'NOT_FOUND');
    await expectError(await t.post('/admin/api/moderation/', { itemId: W.space.loft, itemType: 'COLLECTION', reason: 'X' }), 404, 'NOT_FOUND');
    await expectInvalid(await t.post('/admin/api/moderation/', { itemId: W.space.loft, itemType: 'SPACE' }), 'json.reason');
    await expectInvalid(await t.post('/admin/api/moderation/', { itemId: W.space.loft, itemType: 'PHOTO', reason: 'X' }), 'json.itemType');
    await expectNothingWritten(t, { audit: 0, events: 0 });
  });
});

describe('GET /admin/api/moderation/', () => {
  test('pages records newest first, filtered by reason and type', async () => {
    const t = await adminApp();
    const rec = ModerationRecord.parse(await body(await t.post('/admin/api/moderation/', { itemId: W.space.galaxy, itemType: 'SPACE', reason: 'Spam link' })));
    const all = Page.parse(await body(await t.get('/admin/api/moderation/')));
    expect(all.totalResults).toBe(4);
    expect(all.results[0]).toEqual(rec);
    expect(all.results.find((r) => r.id === 'mod-castle')).toMatchObject({ creator: 'ada@example.com', itemType: 'SPACE', reason: 'Reported' });
    expect(
      Page.parse(await body(await t.get('/admin/api/moderation/?reason=SPAM')))
        .results.map((r) => r.id)
        .sort(),
    ).toEqual(['mod-coll', rec.id].sort());
    expect(Page.parse(await body(await t.get('/admin/api/moderation/?itemType=ACCOUNT'))).results.map((r) => r.id)).toEqual(['mod-acc']);
    const second = Page.parse(await body(await t.get('/admin/api/moderation/?page=2&limit=3')));
    expect(second).toMatchObject({ totalResults: 4, hasNext: false });
    expect(second.results).toHaveLength(1);
    await expectInvalid(await t.get('/admin/api/moderation/?limit=1000'), 'query.limit');
  });
});

describe('DELETE /admin/api/moderation/', () => {
  test('by id: 204, the item shows again; 404 for an unknown record', async () => {
    const t = await adminApp();
    expect((await t.get('/api/content/space/CASTLEMOD01/')).status).toBe(200);
    t.as(null);
    expect((await t.get('/api/content/space/CASTLEMOD01/')).status).toBe(404);
    t.as('admin');
    expect((await t.del('/admin/api/moderation/mod-castle/')).status).toBe(204);
    expect(await t.events()).toEqual([{ type: 'SPACE', ids: [W.space.castle] }]);
    t.as(null);
    expect((await t.get('/api/content/space/CASTLEMOD01/')).status).toBe(200);
    t.as('admin');
    const before = await counts(t);
    await expectError(await t.del('/admin/api/moderation/mod-castle/'), 404, 'NOT_FOUND');
    await expectNothingWritten(t, before);
  });

  test('by item (any key of it): 204; 404 when it is not moderated; 400 without itemId', async () => {
    const t = await adminApp();
    expect((await t.del('/admin/api/moderation/?itemId=moderated1&itemType=COLLECTION')).status).toBe(204);
    const audit = await lastAudit(t, 'MODERATION', 'DELETE');
    expect(audit.from).toMatchObject([{ id: 'mod-coll', itemId: W.coll.moderated }]);
    t.as(null);
    expect((await t.get(`/api/content/collection/${W.coll.moderated}/`)).status).toBe(200);
    t.as('admin');
    const before = await counts(t);
    await expectError(await t.del('/admin/api/moderation/?itemId=moderated1&itemType=COLLECTION'), 404, 'NOT_FOUND');
    await expectInvalid(await t.del('/admin/api/moderation/?itemType=SPACE'), 'query.itemId');
    await expectInvalid(await t.del('/admin/api/moderation/?itemId=x&itemType=THING'), 'query.itemType');
    await expectNothingWritten(t, before);
  });
});
