import { describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { Collection } from '../../src/domain/collection.ts';
import { pageOf } from '../../src/domain/page.ts';
import { fixtureApp, json, W } from './fixtures.ts';

const CollectionPage = pageOf(Collection);
const list = async (t: Awaited<ReturnType<typeof fixtureApp>>, path: string) => CollectionPage.parse(await json(await t.get(path)));
const one = async (t: Awaited<ReturnType<typeof fixtureApp>>, path: string) => Collection.parse(await json(await t.get(path)));

describe('GET /api/content/collection/', () => {
  test('lists public, active, non-empty, unmoderated collections of active users, newest first', async () => {
    const t = await fixtureApp();
    const p = await list(t, '/api/content/collection/');
    expect(p.results.map((c) => c.id)).toEqual([W.coll.alicePublic, W.coll.ofCollections, W.coll.featured2, W.coll.featured]);
    expect(p).toMatchObject({ totalResults: 4, hasNext: false });
    expect(p.results.every((c) => c.children.results.length === 0)).toBe(true);
    const alice = p.results[0] as Collection;
    expect(alice.userInfo).toMatchObject({ firstName: 'Alice', lastName: 'Anders', userSid: 'alicesid01', username: 'alice-anders' });
    expect(alice.userInfo?.profile?.photoUrl).toBe('/media/avatars/alice-256.webp');
    expect(alice.coverUrl).toBe('/media/spaces/key-space-loft/1200.webp');
  });

  test('filters by type and by a space, saying it is selected', async () => {
    const t = await fixtureApp();
    expect((await list(t, '/api/content/collection/?type=COLLECTION')).results.map((c) => c.id)).toEqual([W.coll.ofCollections]);
    expect((await list(t, '/api/content/collection/?type=SPACE')).totalResults).toBe(3);
    const withLoft = await list(t, '/api/content/collection/?spaceId=LOFTPARIS01');
    expect(withLoft.results.map((c) => c.id)).toEqual([W.coll.alicePublic, W.coll.featured]);
    expect(withLoft.results.every((c) => c.withSelectedSpace === true)).toBe(true);
    expect((await list(t, '/api/content/collection/?spaceId=nope')).totalResults).toBe(0);
    expect((await t.get('/api/content/collection/?type=NOPE')).status).toBe(400);
  });

  test('embeds a window of children and pages collections', async () => {
    const t = await fixtureApp();
    const p = await list(t, '/api/content/collection/?type=SPACE&childrenCount=2&limit=1&offset=2');
    expect(p).toMatchObject({ totalResults: 3, hasNext: false, nextOffset: null });
    const featured = p.results[0] as Collection;
    expect(featured.id).toBe(W.coll.featured);
    expect(featured.children.results.map((c) => c.space?.id)).toEqual([W.space.loft, W.space.museum]);
    expect(featured.children).toMatchObject({ hasNext: true, nextOffset: 2, totalResults: 3 });
    const first = await list(t, '/api/content/collection/?limit=1');
    expect(first).toMatchObject({ hasNext: true, nextOffset: 1, totalResults: 4 });
  });
});

describe('GET /api/content/collection/{id}/', () => {
  test('answers a collection by id or sid with visible children only', async () => {
    const t = await fixtureApp();
    for (const key of [W.coll.featured, 'featsid001']) {
      const c = await one(t, `/api/content/collection/${key}/`);
      expect(c.id).toBe(W.coll.featured);
      // Moderated castle, private office and unlisted villa are not shown to a guest.
      expect(c.children.results.map((x) => x.space?.id)).toEqual([W.space.loft, W.space.museum, W.space.moma]);
      expect(c.childrenCount).toBe(3);
      expect(c.spaceModelIds).toEqual(['LOFTPARIS01', 'MUSEUMLDN01', 'MOMANYC0001']);
      expect(c.children.results[0]).toMatchObject({ childType: 'SPACE', totalChildren: 0, order: 0, collection: null });
    }
  });

  test('pages children by childrenPage or childrenOffset', async () => {
    const t = await fixtureApp();
    const p2 = await one(t, '/api/content/collection/featsid001/?childrenCount=2&childrenPage=2');
    expect(p2.children.results.map((x) => x.space?.id)).toEqual([W.space.moma]);
    expect(p2.children).toMatchObject({ hasNext: false, nextOffset: null, totalResults: 3 });
    const o1 = await one(t, '/api/content/collection/featsid001/?childrenCount=2&childrenOffset=1');
    expect(o1.children.results.map((x) => x.space?.id)).toEqual([W.space.museum, W.space.moma]);
  });

  test('owners and members see more children; admins see all', async () => {
    const alice = await one(await fixtureApp('alice'), '/api/content/collection/featsid001/');
    expect(alice.childrenCount).toBe(5); // + her private office and Org A's unlisted villa
    const admin = await one(await fixtureApp('admin'), '/api/content/collection/featsid001/');
    expect(admin.childrenCount).toBe(6);
  });

  test('collections of collections carry sub-collection summaries, with space previews on request', async () => {
    const t = await fixtureApp();
    const c = await one(t, '/api/content/collection/ofcollsid1/?subchildrenCount=2');
    expect(c.type).toBe('COLLECTION');
    expect(c.children.results.map((x) => x.collection?.id)).toEqual([W.coll.featured2, W.coll.featured, W.coll.alicePublic]);
    const [f2, f1] = c.children.results;
    expect(f2).toMatchObject({ childType: 'COLLECTION', totalChildren: 1, space: null });
    expect(f1?.collection).toMatchObject({ sid: 'featsid001', childrenCount: 3, coverUrl: '/media/spaces/key-space-loft/1200.webp' });
    expect(f1?.collection?.spaces?.map((s) => s.id)).toEqual([W.space.loft, W.space.museum]);
    expect(c.coverUrl).toBe('/media/spaces/key-space-cafe/1200.webp');
    const plain = await one(t, '/api/content/collection/ofcollsid1/');
    expect(plain.children.results[0]?.collection?.spaces).toBeUndefined();
  });

  test('private, inactive, moderated and disabled-owner collections answer 404 except to those allowed', async () => {
    const guest = await fixtureApp();
    for (const id of [W.coll.alicePrivate, W.coll.aliceFav, W.coll.inactive, W.coll.moderated, W.coll.carols, 'nope']) {
      const res = await guest.get(`/api/content/collection/${id}/`);
      expect(res.status, id).toBe(404);
      expect(ApiErrorBody.parse(await res.json()).code).toBe('NOT_FOUND');
    }
    const alice = await fixtureApp('alice');
    expect((await alice.get(`/api/content/collection/${W.coll.alicePrivate}/`)).status).toBe(200);
    expect((await alice.get(`/api/content/collection/${W.coll.moderated}/`)).status).toBe(404);
    const bob = await fixtureApp('bob');
    expect((await bob.get(`/api/content/collection/${W.coll.alicePrivate}/`)).status).toBe(404);
    const admin = await fixtureApp('admin');
    for (const id of [W.coll.alicePrivate, W.coll.inactive, W.coll.moderated]) expect((await admin.get(`/api/content/collection/${id}/`)).status, id).toBe(200);
  });

  test("an owner's collection shows the unlisted spaces they added", async () => {
    const fav = await one(await fixtureApp('alice'), `/api/content/collection/${W.coll.aliceFav}/`);
    expect(fav.children.results.map((x) => x.space?.id)).toEqual([W.space.cafe, W.space.villa]);
  });
});

describe('GET /api/content/collection/featured', () => {
  test('answers active admin collections by priority with per-type child counts', async () => {
    const t = await fixtureApp();
    const p = await list(t, '/api/content/collection/featured?childrenCount=1&spacesCount=2');
    expect(p.results.map((c) => c.id)).toEqual([W.coll.ofCollections, W.coll.featured, W.coll.featured2]);
    expect(p.results[0]?.children.results).toHaveLength(1);
    expect(p.results[1]?.children.results).toHaveLength(2);
    expect(p.results.every((c) => c.isAdmin && c.isActive)).toBe(true);
  });
});

describe('favorite and my collections', () => {
  test('answer 401 to guests', async () => {
    const t = await fixtureApp();
    for (const path of ['/api/content/collection/favorite/', '/api/content/collection/my/']) {
      const body = ApiErrorBody.parse(await json(await t.get(path), 401));
      expect(body.code).toBe('UNAUTHORIZED');
    }
  });

  test("favorite answers the user's favorites, or null", async () => {
    const alice = await fixtureApp('alice');
    const fav = Collection.parse(await json(await alice.get('/api/content/collection/favorite/?spaceId=CAFENYC0001')));
    expect(fav).toMatchObject({ id: W.coll.aliceFav, isFavorite: true, childrenCount: 2, withSelectedSpace: true });
    const noSpace = Collection.parse(await json(await alice.get('/api/content/collection/favorite/?spaceId=nope')));
    expect(noSpace.withSelectedSpace).toBe(false);
    expect(await json(await (await fixtureApp('bob')).get('/api/content/collection/favorite/'))).toBeNull();
  });

  test('my answers every own collection, favorites first, each saying if it holds the space', async () => {
    const alice = await fixtureApp('alice');
    const p = await list(alice, '/api/content/collection/my/?spaceId=LOFTPARIS01');
    expect(p.results[0]?.id).toBe(W.coll.aliceFav);
    expect(p.results.map((c) => c.id).sort()).toEqual([W.coll.aliceFav, W.coll.alicePrivate, W.coll.alicePublic].sort());
    const held = Object.fromEntries(p.results.map((c) => [c.id, c.withSelectedSpace]));
    expect(held).toEqual({ [W.coll.aliceFav]: false, [W.coll.alicePrivate]: true, [W.coll.alicePublic]: true });
    const plain = await list(alice, '/api/content/collection/my/');
    expect(plain.results.every((c) => c.withSelectedSpace === null)).toBe(true);
    const bob = await list(await fixtureApp('bob'), '/api/content/collection/my/');
    expect(bob.results.map((c) => c.id)).toEqual([W.coll.empty]);
  });
});
