import { describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { Collection } from '../../src/domain/collection.ts';
import { pageOf } from '../../src/domain/page.ts';
import { FollowedAccounts, Profile } from '../../src/domain/profile.ts';
import { SpaceCard } from '../../src/domain/space.ts';
import { fixtureApp, json, W } from './fixtures.ts';

const CardPage = pageOf(SpaceCard);
const CollectionPage = pageOf(Collection);

describe('GET /api/content/account/{accountId}/profile/', () => {
  test('answers the profile by id or sid with media URLs, counts and badges', async () => {
    const t = await fixtureApp();
    for (const key of [W.acc.orgA, 'orgasid001']) {
      const p = Profile.parse(await json(await t.get(`/api/content/account/${key}/profile/`)));
      expect(p).toMatchObject({
        sid: 'orgasid001',
        name: 'Org A',
        description: 'We scan lofts.',
        url: 'https://org-a.example',
        location: { description: 'Paris, France' },
        photoUrl: '/media/avatars/a-256.webp',
        coverUrl: '/media/covers/c-1600.webp',
        followers: 2,
        spaceCount: 1,
        visibility: 'PUBLIC',
        socialMedia: { facebook: null, instagram: null, linkedin: null, twitter: 'https://x.com/orga' },
      });
      expect(p.badges.map((b) => b.collectionId)).toEqual([W.coll.featured]);
      expect(p.badges[0]?.message).toBe('Featured in Featured One');
    }
    const b = Profile.parse(await json(await t.get(`/api/content/account/${W.acc.orgB}/profile/`)));
    expect(b).toMatchObject({ photoUrl: null, coverUrl: null, spaceCount: 3 });
  });

  test('disabled, moderated, private and unknown accounts answer 404', async () => {
    const t = await fixtureApp();
    for (const id of [W.acc.disabled, W.acc.moderated, W.acc.privateOrg, 'nope']) {
      const res = await t.get(`/api/content/account/${id}/profile/`);
      expect(res.status, id).toBe(404);
    }
    const admin = await fixtureApp('admin');
    expect((await admin.get(`/api/content/account/${W.acc.moderated}/profile/`)).status).toBe(200);
  });
});

describe("an account's spaces", () => {
  test("POST without accountId answers 400 'accountId is required'", async () => {
    const t = await fixtureApp();
    const body = ApiErrorBody.parse(await json(await t.post('/api/content/account/spaces/', {}), 400));
    expect(body.message).toBe('accountId is required');
    expect(body.code).toBe('VALIDATION_ERROR');
  });

  test('POST pages by offset or page, 12 by default, newest first', async () => {
    const t = await fixtureApp();
    const all = CardPage.parse(await json(await t.post('/api/content/account/spaces/', { accountId: 'orgbsid001' })));
    expect(all.results.map((s) => s.id)).toEqual([W.space.moma, W.space.cafe, W.space.museum]);
    const first = CardPage.parse(await json(await t.post('/api/content/account/spaces/', { accountId: W.acc.orgB, pageSize: 2 })));
    expect(first).toMatchObject({ hasNext: true, nextOffset: 2, totalResults: 3 });
    const second = CardPage.parse(await json(await t.post('/api/content/account/spaces/', { accountId: W.acc.orgB, pageSize: 2, page: 2 })));
    expect(second.results.map((s) => s.id)).toEqual([W.space.museum]);
    const byOffset = CardPage.parse(await json(await t.post('/api/content/account/spaces/', { accountId: W.acc.orgB, pageSize: 2, offset: 1 })));
    expect(byOffset.results.map((s) => s.id)).toEqual([W.space.cafe, W.space.museum]);
    expect((await t.post('/api/content/account/spaces/', { accountId: 'nope' })).status).toBe(404);
  });

  test('members also see their unlisted and private spaces', async () => {
    const guest = CardPage.parse(await json(await (await fixtureApp()).post('/api/content/account/spaces/', { accountId: W.acc.orgA })));
    expect(guest.results.map((s) => s.id)).toEqual([W.space.loft]);
    const alice = CardPage.parse(await json(await (await fixtureApp('alice')).post('/api/content/account/spaces/', { accountId: W.acc.orgA })));
    expect(alice.results.map((s) => s.id)).toEqual([W.space.office, W.space.villa, W.space.loft]);
  });

  test("GET pages by offset and limit; a personal account shows its person's spaces", async () => {
    const t = await fixtureApp();
    const p = CardPage.parse(await json(await t.get(`/api/content/account/${W.acc.orgB}/spaces?limit=1&offset=1`)));
    expect(p).toMatchObject({ totalResults: 3, hasNext: true, nextOffset: 2 });
    expect(p.results.map((s) => s.id)).toEqual([W.space.cafe]);
    const bob = CardPage.parse(await json(await t.get('/api/content/account/bobacc0001/spaces')));
    expect(bob.results.map((s) => s.id)).toEqual([W.space.bobs]);
    expect((await t.get('/api/content/account/nope/spaces')).status).toBe(404);
  });
});

describe('GET /api/content/user/{userId}/profile/', () => {
  test('answers the personal profile by id or sid', async () => {
    const t = await fixtureApp();
    for (const key of [W.user.alice, 'alicesid01']) {
      const p = Profile.parse(await json(await t.get(`/api/content/user/${key}/profile/`)));
      expect(p).toMatchObject({
        sid: 'alicesid01',
        name: 'Alice Anders',
        description: 'I collect lofts.',
        location: { description: 'Lyon' },
        photoUrl: '/media/avatars/alice-256.webp',
        coverUrl: null,
        spaceCount: 0,
      });
      expect(p.badges.map((b) => b.collectionId)).toEqual([W.coll.ofCollections]);
    }
  });

  test('private, disabled and unknown users answer 404; me needs a session', async () => {
    const guest = await fixtureApp();
    for (const id of [W.user.bob, W.user.carol, 'nope']) expect((await guest.get(`/api/content/user/${id}/profile/`)).status, id).toBe(404);
    expect((await guest.get('/api/content/user/me/profile/')).status).toBe(401);
    expect((await (await fixtureApp('bob')).get(`/api/content/user/${W.user.bob}/profile/`)).status).toBe(200);
    expect((await (await fixtureApp('admin')).get(`/api/content/user/${W.user.bob}/profile/`)).status).toBe(200);
    expect(Profile.parse(await json(await (await fixtureApp('alice')).get('/api/content/user/me/profile/'))).sid).toBe('alicesid01');
  });
});

describe('user collections', () => {
  test("GET /user/{userId}/collections/ answers the user's public collections", async () => {
    const t = await fixtureApp();
    const p = CollectionPage.parse(await json(await t.get('/api/content/user/alicesid01/collections/?childrenCount=1')));
    expect(p.results.map((c) => c.id)).toEqual([W.coll.alicePublic]);
    expect(p.results[0]?.children.results).toHaveLength(1);
    expect(p.results[0]?.userInfo?.userSid).toBe('alicesid01');
    expect((await t.get('/api/content/user/nope/collections/')).status).toBe(404);
  });

  test('GET /user/admin/ answers the system profile collections by priority', async () => {
    const t = await fixtureApp();
    const p = CollectionPage.parse(await json(await t.get('/api/content/user/admin/?childrenCount=2')));
    expect(p.results.map((c) => c.id)).toEqual([W.coll.ofCollections, W.coll.featured, W.coll.featured2]);
    expect(p.results.every((c) => c.userInfo === null)).toBe(true);
    expect(p.results[1]?.children.results).toHaveLength(2);
  });
});

describe('GET /api/content/user/follow/', () => {
  test('answers 401 to guests', async () => {
    expect(ApiErrorBody.parse(await json(await (await fixtureApp()).get('/api/content/user/follow/'), 401)).code).toBe('UNAUTHORIZED');
  });

  test('answers followed ids and summaries of listed accounts', async () => {
    const f = FollowedAccounts.parse(await json(await (await fixtureApp('alice')).get('/api/content/user/follow/')));
    expect(f.ids).toEqual([W.acc.disabled, W.acc.orgB, W.acc.orgA]);
    expect(f.accounts.map((a) => a.id)).toEqual([W.acc.orgB, W.acc.orgA]);
    expect(f.accounts[1]).toEqual({ id: W.acc.orgA, sid: 'orgasid001', name: 'Org A', photoUrl: '/media/avatars/a-256.webp', spaceCount: 1 });
    expect(f.accounts[0]?.spaceCount).toBe(3);
    const bob = FollowedAccounts.parse(await json(await (await fixtureApp('admin')).get('/api/content/user/follow/')));
    expect(bob).toEqual({ ids: [], accounts: [] });
  });
});
