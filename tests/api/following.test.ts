import { describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { FeedPage } from '../../src/domain/following.ts';
import { fixtureApp, json, W } from './fixtures.ts';

/** The feed's items as `type:name` (space or collection name), in order. */
const names = (page: FeedPage) => page.results.map((i) => (i.type === 'SPACE' ? `SPACE:${i.space.name}` : `COLLECTION:${i.collection.name}`));

describe('GET /api/content/user/follow/feed/', () => {
  test('answers 401 to guests', async () => {
    const res = await (await fixtureApp()).get('/api/content/user/follow/feed/');
    expect(ApiErrorBody.parse(await json(res, 401)).code).toBe('UNAUTHORIZED');
  });

  test("lists the followed organizations' listed spaces, newest first, paged", async () => {
    const t = await fixtureApp('alice');
    // Alice follows Org A, Org B and a disabled organization (whose spaces are off the site).
    const all = FeedPage.parse(await json(await t.get('/api/content/user/follow/feed/')));
    expect(names(all)).toEqual(['SPACE:Museum of Modern Art', 'SPACE:Corner Café', 'SPACE:Natural History Museum', 'SPACE:Modern Loft in Paris']);
    expect(all.totalResults).toBe(4);
    expect(all.hasNext).toBe(false);
    const first = all.results[0];
    expect(first?.type === 'SPACE' && first.account).toEqual({ id: W.acc.orgB, name: 'Org B' });
    expect(all.results.at(-1)?.account).toEqual({ id: W.acc.orgA, name: 'Org A' });
    const dates = all.results.map((i) => i.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const p1 = FeedPage.parse(await json(await t.get('/api/content/user/follow/feed/?limit=3')));
    expect(p1).toMatchObject({ hasNext: true, nextOffset: 3, totalResults: 4 });
    const p2 = FeedPage.parse(await json(await t.get('/api/content/user/follow/feed/?limit=3&offset=3')));
    expect(p2).toMatchObject({ hasNext: false, nextOffset: null, totalResults: 4 });
    expect([...names(p1), ...names(p2)]).toEqual(names(all));
  });

  test("a followed person's spaces and listed collections, not favorites, private or empty ones; hidden accounts count for nothing", async () => {
    const t = await fixtureApp('admin');
    await t.db.kysely
      .insertInto('follows')
      .values(
        [W.acc.alice, W.acc.bob, W.acc.moderated, W.acc.privateOrg].map((accountId) => ({
          userId: W.user.admin,
          accountId,
          createdAt: new Date().toISOString(),
        })),
      )
      .execute();
    await t.db.kysely
      .insertInto('spaces')
      .values(
        await t.db.kysely
          .selectFrom('spaces')
          .selectAll()
          .where('id', '=', W.space.galaxy)
          .executeTakeFirstOrThrow()
          .then((s) => ({
            ...s,
            id: 'space-mod-org',
            modelId: 'MODORGSPC01',
            slug: 'mod-org-space',
            name: 'Moderated Org Space',
            organizationId: W.acc.moderated,
          })),
      )
      .execute();
    const feed = FeedPage.parse(await json(await t.get('/api/content/user/follow/feed/')));
    // Bob's Home (day 100), then Alice's public collection (day 9); Alice's favorites and secret
    // collection, Bob's empty one and the moderated organization's space are left out.
    expect(names(feed)).toEqual(["SPACE:Bob's Home", 'COLLECTION:Alice Lofts']);
    const collection = feed.results[1];
    expect(collection?.type).toBe('COLLECTION');
    if (collection?.type === 'COLLECTION') {
      expect(collection.account).toEqual({ id: W.acc.alice, name: 'Alice Anders' });
      expect(collection.collection).toMatchObject({ id: W.coll.alicePublic, sid: 'alicepub01', childrenCount: 2 });
      expect(collection.collection.coverUrl).toEqual(expect.stringMatching(/^\/media\//));
    }
    expect(feed.results[0]?.account).toEqual({ id: W.acc.bob, name: 'Bob Baker' });
  });

  test('each user sees only what they follow', async () => {
    const bob = FeedPage.parse(await json(await (await fixtureApp('bob')).get('/api/content/user/follow/feed/')));
    expect(names(bob)).toEqual(['SPACE:Modern Loft in Paris']);
    const admin = FeedPage.parse(await json(await (await fixtureApp('admin')).get('/api/content/user/follow/feed/')));
    expect(admin).toEqual({ results: [], hasNext: false, nextOffset: null, totalResults: 0 });
  });

  test('rejects a limit out of range', async () => {
    const t = await fixtureApp('alice');
    expect(ApiErrorBody.parse(await json(await t.get('/api/content/user/follow/feed/?limit=0'), 400)).code).toBe('VALIDATION_ERROR');
    await json(await t.get('/api/content/user/follow/feed/?limit=49'), 400);
  });
});
