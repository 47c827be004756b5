import { describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { Collection } from '../../src/domain/collection.ts';
import { pageOf } from '../../src/domain/page.ts';
import { json, W } from './fixtures.ts';
import { userApp } from './user-helpers.ts';

const CollectionPage = pageOf(Collection);
type App = Awaited<ReturnType<typeof userApp>>;
const fieldsOf = async (res: Response) => (ApiErrorBody.parse(await json(res, 400)).extra as { fields: { path: string }[] }).fields.map((f) => f.path);
const create = async (t: App, body: unknown) => Collection.parse(await json(await t.call('POST', '/api/content/collection/', body), 201));
const spaceIds = (c: Collection) => c.children.results.map((x) => x.space?.id);

describe('POST /api/content/collection/', () => {
  test('creates a user collection owned by the caller, children in the given order', async () => {
    const t = await userApp('bob');
    const c = await create(t, {
      name: 'Weekend trips',
      description: 'Places to see',
      metaTitle: 'Trips',
      metaDescription: 'My trips',
      children: [{ id: 'MUSEUMLDN01', order: 2 }, { id: W.space.loft, order: 1 }, { id: 'corner-caf' }, { id: W.space.villa, order: 3 }],
    });
    expect(c).toMatchObject({
      name: 'Weekend trips',
      description: 'Places to see',
      type: 'SPACE',
      isActive: true,
      isFavorite: false,
      isUgc: true,
      isAdmin: false,
      metaTitle: 'Trips',
      metaDescription: 'My trips',
    });
    expect(c.userInfo?.userSid).toBe('bobsid0001');
    // The unlisted villa is shown to its collection's owner, who added it by id.
    expect(spaceIds(c)).toEqual([W.space.loft, W.space.museum, W.space.villa, W.space.cafe]);
    expect(c.childrenCount).toBe(4);
    const mine = CollectionPage.parse(await json(await t.get('/api/content/collection/my/')));
    expect(mine.results.map((x) => x.id)).toContain(c.id);
    expect(await t.events()).toEqual([{ type: 'COLLECTION', ids: [c.id] }]);
  });

  test("a child the caller cannot see is a 400 naming it: someone else's private space, a moderated one, an unknown one", async () => {
    const t = await userApp('bob');
    const res = await t.call('POST', '/api/content/collection/', {
      name: 'Sneaky',
      children: [{ id: W.space.office }, { id: W.space.loft }, { id: W.space.castle }, { id: 'NOSUCHSPACE' }],
    });
    expect(await fieldsOf(res)).toEqual(['json.children.0.id', 'json.children.2.id', 'json.children.3.id']);
    expect(await t.events()).toEqual([]);
    expect((await t.db.kysely.selectFrom('collections').select('id').where('name', '=', 'Sneaky').execute()).length).toBe(0);
  });

  test('bad input lists its fields; guests get 401', async () => {
    const t = await userApp('bob');
    expect(
      (await fieldsOf(await t.call('POST', '/api/content/collection/', { name: '', type: 'FOLDER', description: 'x'.repeat(2001), isActive: 'yes' }))).sort(),
    ).toEqual(['json.description', 'json.isActive', 'json.name', 'json.type']);
    expect(await fieldsOf(await t.call('POST', '/api/content/collection/', { name: 'n'.repeat(71) }))).toEqual(['json.name']);
    expect((await (await userApp()).call('POST', '/api/content/collection/', { name: 'x' })).status).toBe(401);
  });

  test('a collection of collections holds public or own collections of spaces, never itself', async () => {
    const t = await userApp('bob');
    const c = await create(t, { name: 'Lists', type: 'COLLECTION', children: [{ id: 'featsid001' }, { id: W.coll.empty }] });
    expect(c.children.results.map((x) => x.collection?.id)).toEqual([W.coll.featured, W.coll.empty]);
    expect(
      await fieldsOf(
        await t.call('POST', '/api/content/collection/', {
          name: 'Bad',
          type: 'COLLECTION',
          children: [{ id: W.coll.alicePrivate }, { id: W.coll.ofCollections }],
        }),
      ),
    ).toEqual(['json.children.0.id', 'json.children.1.id']);
  });
});

describe('changing a collection', () => {
  test("rename, PUT and PATCH change only the caller's own collection", async () => {
    const t = await userApp('alice');
    const renamed = Collection.parse(await json(await t.call('POST', `/api/content/collection/${W.coll.alicePublic}/rename/`, { name: 'Best lofts' })));
    expect(renamed.name).toBe('Best lofts');
    const put = Collection.parse(await json(await t.call('PUT', `/api/content/collection/alicepub01/`, { name: 'Lofts', children: [{ id: W.space.moma }] })));
    expect(put).toMatchObject({ name: 'Lofts', description: null, metaTitle: null, isActive: true });
    expect(spaceIds(put)).toEqual([W.space.moma]);
    const patch = Collection.parse(await json(await t.call('PATCH', `/api/content/collection/${W.coll.alicePublic}/`, { description: 'Only MoMA for now' })));
    expect(patch).toMatchObject({ name: 'Lofts', description: 'Only MoMA for now' });
    expect(spaceIds(patch)).toEqual([W.space.moma]);
    expect((await t.events()).map((e) => e.type)).toEqual(['COLLECTION', 'COLLECTION', 'COLLECTION']);
  });

  test('others get 403 on a public collection and 404 on a private one; nothing changes', async () => {
    const bob = await userApp('bob');
    const tries: [string, string, unknown?][] = [
      ['POST', `/api/content/collection/${W.coll.alicePublic}/rename/`, { name: 'Mine now' }],
      ['PUT', `/api/content/collection/${W.coll.alicePublic}/`, { name: 'Mine now' }],
      ['PATCH', `/api/content/collection/${W.coll.alicePublic}/`, { name: 'Mine now' }],
      ['PUT', `/api/content/collection/${W.coll.alicePublic}/add/?itemId=${W.space.cafe}`],
      ['PUT', `/api/content/collection/${W.coll.alicePublic}/delete/?itemId=${W.space.loft}`],
      ['DELETE', `/api/content/collection/${W.coll.alicePublic}/`],
    ];
    for (const [method, path, body] of tries) expect((await bob.call(method, path, body)).status, `${method} ${path}`).toBe(403);
    for (const [method, path, body] of tries) {
      const hidden = path.replace(W.coll.alicePublic, W.coll.alicePrivate);
      expect((await bob.call(method, hidden, body)).status, `${method} ${hidden}`).toBe(404);
    }
    expect((await bob.call('PUT', `/api/content/collection/${W.coll.aliceFav}/add/?itemId=${W.space.cafe}`)).status).toBe(404);
    expect((await bob.call('PUT', `/api/content/collection/${W.coll.moderated}/`, { name: 'x' })).status).toBe(404);
    expect((await bob.call('PUT', '/api/content/collection/no-such/', { name: 'x' })).status).toBe(404);
    // Refused before the body is read: bad input from a non-owner is still 403.
    expect((await bob.call('PUT', `/api/content/collection/${W.coll.alicePublic}/`, { name: '' })).status).toBe(403);
    expect(await bob.events()).toEqual([]);
    const c = Collection.parse(await json(await bob.get(`/api/content/collection/${W.coll.alicePublic}/`)));
    expect(c.name).toBe('Alice Lofts');
  });

  test('PATCH children reorders: listed ones move to their order, the rest keep theirs', async () => {
    const t = await userApp('bob');
    const c = await create(t, { name: 'Order', children: [{ id: W.space.loft }, { id: W.space.museum }, { id: W.space.cafe }, { id: W.space.moma }] });
    const moved = Collection.parse(
      await json(
        await t.call('PATCH', `/api/content/collection/${c.id}/`, {
          children: [
            { id: W.space.moma, order: 0 },
            { id: W.space.loft, order: 2 },
          ],
        }),
      ),
    );
    expect(spaceIds(moved)).toEqual([W.space.moma, W.space.museum, W.space.loft, W.space.cafe]);
    const again = Collection.parse(await json(await t.get(`/api/content/collection/${c.id}/`)));
    expect(spaceIds(again)).toEqual([W.space.moma, W.space.museum, W.space.loft, W.space.cafe]);
    expect(again.children.results.map((x) => x.order)).toEqual([0, 1, 2, 3]);
  });

  test('add and remove a space; adding twice keeps one; withSelectedSpace says where it is', async () => {
    const t = await userApp('alice');
    const added = Collection.parse(await json(await t.call('PUT', `/api/content/collection/${W.coll.alicePublic}/add/?itemId=CAFENYC0001`)));
    expect(added.withSelectedSpace).toBe(true);
    expect(added.spaceModelIds).toEqual(['LOFTPARIS01', 'MOMANYC0001', 'CAFENYC0001']);
    Collection.parse(await json(await t.call('PUT', `/api/content/collection/${W.coll.alicePublic}/add/?itemId=${W.space.cafe}`)));
    const mine = CollectionPage.parse(await json(await t.get(`/api/content/collection/my/?spaceId=${W.space.cafe}`)));
    expect(
      mine.results
        .filter((c) => c.withSelectedSpace)
        .map((c) => c.id)
        .sort(),
    ).toEqual([W.coll.aliceFav, W.coll.alicePublic].sort());
    const removed = Collection.parse(await json(await t.call('PUT', `/api/content/collection/${W.coll.alicePublic}/delete/?itemId=${W.space.cafe}`)));
    expect(removed).toMatchObject({ withSelectedSpace: false, spaceModelIds: ['LOFTPARIS01', 'MOMANYC0001'] });
    expect((await t.call('PUT', `/api/content/collection/${W.coll.alicePublic}/add/?itemId=NOSUCHSPACE`)).status).toBe(404);
    expect((await t.call('PUT', `/api/content/collection/${W.coll.alicePublic}/add/?itemId=${W.space.castle}`)).status).toBe(404);
    expect(await fieldsOf(await t.call('PUT', `/api/content/collection/${W.coll.alicePublic}/add/`))).toEqual(['query.itemId']);
    // Two real changes, two events; the repeated add changed nothing.
    expect((await t.events()).length).toBe(2);
  });

  test('favorites: add and remove work the same; it cannot be renamed or deleted; private changes emit nothing', async () => {
    const t = await userApp('alice');
    const fav = Collection.parse(await json(await t.call('PUT', `/api/content/collection/${W.coll.aliceFav}/add/?itemId=${W.space.loft}`)));
    expect(fav).toMatchObject({ isFavorite: true, withSelectedSpace: true });
    expect(fav.spaceModelIds).toContain('LOFTPARIS01');
    for (const [method, path, body] of [
      ['POST', `/api/content/collection/${W.coll.aliceFav}/rename/`, { name: 'Loves' }],
      ['PATCH', `/api/content/collection/${W.coll.aliceFav}/`, { name: 'Loves' }],
      ['PUT', `/api/content/collection/${W.coll.aliceFav}/`, { name: 'Loves' }],
      ['DELETE', `/api/content/collection/${W.coll.aliceFav}/`, undefined],
      ['DELETE', '/api/content/collection/', [W.coll.aliceFav]],
    ] as const) {
      const err = ApiErrorBody.parse(await json(await t.call(method, path, body), 409));
      expect(err.message).toMatch(/favorites collection cannot be (renamed|deleted)/);
    }
    const described = Collection.parse(
      await json(await t.call('PATCH', `/api/content/collection/${W.coll.aliceFav}/`, { name: 'Favorites', description: 'Loves' })),
    );
    expect(described.description).toBe('Loves');
    expect(await t.events()).toEqual([]);
  });
});

describe("'favorite' names my favorites", () => {
  test('a user without a favorites collection gets one on first favorite', async () => {
    const t = await userApp('bob');
    expect(await json(await t.get('/api/content/collection/favorite/'))).toBeNull();
    const fav = Collection.parse(await json(await t.call('PUT', `/api/content/collection/favorite/add/?itemId=${W.space.loft}`)));
    expect(fav).toMatchObject({ isFavorite: true, name: 'Favorites', withSelectedSpace: true, spaceModelIds: ['LOFTPARIS01'] });
    const again = Collection.parse(await json(await t.get('/api/content/collection/favorite/')));
    expect(again.id).toBe(fav.id);
    const removed = Collection.parse(await json(await t.call('PUT', `/api/content/collection/favorite/delete/?itemId=${W.space.loft}`)));
    expect(removed).toMatchObject({ id: fav.id, withSelectedSpace: false, spaceModelIds: [] });
    expect(await t.events()).toEqual([]); // favorites are private
    expect((await t.call('DELETE', '/api/content/collection/favorite/')).status).toBe(409);
    expect((await (await userApp()).call('PUT', `/api/content/collection/favorite/add/?itemId=${W.space.loft}`)).status).toBe(401);
  });
});

describe('deleting collections', () => {
  test("bulk delete is all or nothing and only of the caller's own", async () => {
    const t = await userApp('alice');
    const extra = await create(t, { name: 'Extra' });
    expect((await t.call('DELETE', '/api/content/collection/', [W.coll.alicePublic, W.coll.empty])).status).toBe(403); // Bob's
    expect((await t.call('DELETE', '/api/content/collection/', [W.coll.alicePublic, 'no-such'])).status).toBe(404);
    expect((await t.call('DELETE', '/api/content/collection/', [W.coll.alicePublic, W.coll.aliceFav])).status).toBe(409);
    expect((await t.db.kysely.selectFrom('collections').select('id').where('id', '=', W.coll.alicePublic).execute()).length).toBe(1);
    const before = (await t.events()).length;
    const res = await json<{ deleted: string[] }>(await t.call('DELETE', '/api/content/collection/', ['alicepub01', W.coll.alicePrivate, extra.id, extra.sid]));
    expect(res.deleted.sort()).toEqual([W.coll.alicePublic, W.coll.alicePrivate, extra.id].sort());
    expect((await t.get(`/api/content/collection/${W.coll.alicePublic}/`)).status).toBe(404);
    // It is gone from the editors' collection of collections that held it too.
    const picks = Collection.parse(await json(await t.get(`/api/content/collection/${W.coll.ofCollections}/`)));
    expect(picks.children.results.map((x) => x.collection?.id)).not.toContain(W.coll.alicePublic);
    const events = (await t.events()).slice(before);
    expect(events).toEqual([{ type: 'COLLECTION', ids: [W.coll.alicePublic, extra.id] }]);
    expect(await fieldsOf(await t.call('DELETE', '/api/content/collection/', []))).toEqual(['json']);
  });

  test('single delete', async () => {
    const t = await userApp('bob');
    const c = await create(t, { name: 'Short-lived' });
    expect(await json(await t.call('DELETE', `/api/content/collection/${c.sid}/`))).toEqual({ deleted: [c.id] });
    expect((await t.call('DELETE', `/api/content/collection/${c.sid}/`)).status).toBe(404);
  });
});

describe('paging', () => {
  test("my collections and a collection's children page by offset and childrenPage", async () => {
    const t = await userApp('bob');
    for (let i = 0; i < 30; i++) await create(t, { name: `List ${String(i).padStart(2, '0')}` });
    const page = CollectionPage.parse(await json(await t.get('/api/content/collection/my/?limit=10&offset=25')));
    expect(page).toMatchObject({ totalResults: 31, hasNext: false, nextOffset: null });
    expect(page.results.length).toBe(6);
    const first = CollectionPage.parse(await json(await t.get('/api/content/collection/my/?limit=10')));
    expect(first).toMatchObject({ hasNext: true, nextOffset: 10, totalResults: 31 });

    const big = await create(t, { name: 'Big', children: [W.space.loft, W.space.museum, W.space.cafe, W.space.moma, W.space.galaxy].map((id) => ({ id })) });
    const p2 = Collection.parse(await json(await t.get(`/api/content/collection/${big.id}/?childrenCount=2&childrenPage=2`)));
    expect(spaceIds(p2)).toEqual([W.space.cafe, W.space.moma]);
    expect(p2.children).toMatchObject({ hasNext: true, nextOffset: 4, totalResults: 5 });
    const last = Collection.parse(await json(await t.get(`/api/content/collection/${big.id}/?childrenCount=2&childrenOffset=4`)));
    expect(spaceIds(last)).toEqual([W.space.galaxy]);
    expect(last.children).toMatchObject({ hasNext: false, nextOffset: null });
    const bobs = CollectionPage.parse(await json(await t.get('/api/content/user/bobsid0001/collections/?limit=5')));
    expect(bobs.results.map((c) => c.id)).toContain(big.id);
  });
});
