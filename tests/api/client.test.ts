import { describe, expect, test } from 'vitest';
import { getAccountProfile, getAccountSpaces, listAccountSpaces } from '../../src/client/accounts.ts';
import { listBanners } from '../../src/client/banners.ts';
import { listCarouselItems } from '../../src/client/carousel.ts';
import { getCollection, getFavoriteCollection, getFeaturedCollections, getMyCollections, listCollections } from '../../src/client/collections.ts';
import { getFeaturedTag, listFeaturedTagNames, listFeaturedTags } from '../../src/client/featured-tags.ts';
import { createHttp, RequiredError, ResponseError, type Http } from '../../src/client/http.ts';
import { allPages } from '../../src/client/paging.ts';
import {
  getRecommendedSpaces,
  getRelatedSpaces,
  getRelatedSpacesByCamera,
  getSpace,
  listSpaces,
  previewSearch,
  searchSpaces,
  searchSpacesByCamera,
} from '../../src/client/spaces.ts';
import { getAdminCollections, getFollowedAccounts, getUserCollections, getUserProfile } from '../../src/client/users.ts';
import { Collection } from '../../src/domain/collection.ts';
import { Banner, CarouselItem, FeaturedTag } from '../../src/domain/homepage.ts';
import { FollowedAccounts, Profile } from '../../src/domain/profile.ts';
import { Space, SpaceCard } from '../../src/domain/space.ts';
import { fixtureApp, W } from './fixtures.ts';

async function client(as: 'alice' | null = null): Promise<Http> {
  const t = await fixtureApp(as);
  return createHttp({
    baseUrl: 'http://localhost/',
    fetch: (input, init) => Promise.resolve(t.app.request(input instanceof Request ? input.url : input.toString(), init)),
  });
}

describe('typed client', () => {
  test('reads every public resource', async () => {
    const http = await client();
    expect(Space.parse(await getSpace(http, { id: 'LOFTPARIS01' })).id).toBe(W.space.loft);
    expect((await listSpaces(http, { limit: 2 })).results.map((s) => Space.parse(s).id)).toEqual([W.space.museum, W.space.moma]);
    expect((await getRecommendedSpaces(http, { number: 2 })).map((s) => SpaceCard.parse(s).id)).toEqual([W.space.museum, W.space.moma]);
    expect((await searchSpaces(http, { searchText: 'loft' })).results.map((s) => s.id)).toEqual([W.space.loft]);
    expect((await previewSearch(http, 'mu')).results.length).toBe(2);
    expect((await searchSpacesByCamera(http, { cameraModelId: 'android-smartphone-capture' })).totalResults).toBe(2);
    expect((await getRelatedSpaces(http, { spaceId: W.space.moma })).totalResults).toBe(2);
    expect((await getRelatedSpacesByCamera(http, { spaceId: W.space.moma })).totalResults).toBe(2);
    expect((await listCollections(http, { type: 'SPACE' })).results.map((c) => Collection.parse(c).type)).toEqual(['SPACE', 'SPACE', 'SPACE']);
    expect(Collection.parse(await getCollection(http, { id: 'featsid001', childrenCount: 1 })).children.results).toHaveLength(1);
    expect((await getFeaturedCollections(http, { childrenCount: 1 })).results).toHaveLength(3);
    expect((await listFeaturedTags(http, { filterEmpty: true })).map((f) => FeaturedTag.parse(f).id)).toEqual([W.ft.museums, W.ft.modern]);
    expect(FeaturedTag.parse(await getFeaturedTag(http, { id: W.ft.modern })).name).toBe('Modern Living');
    expect(await listFeaturedTagNames(http, { filterEmpty: true })).toEqual([
      { id: W.ft.museums, name: 'Museums' },
      { id: W.ft.modern, name: 'Modern Living' },
    ]);
    expect((await listCarouselItems(http)).map((s) => CarouselItem.parse(s).id)).toEqual(['fci-space', 'fci-collection', 'fci-url']);
    expect(await listCarouselItems(http, { includeInactive: true })).toHaveLength(4);
    expect((await listBanners(http)).map((b) => Banner.parse(b).id)).toEqual(['banner-first', 'banner-second']);
    expect(Profile.parse(await getAccountProfile(http, { accountId: 'orgasid001' })).name).toBe('Org A');
    expect((await listAccountSpaces(http, { accountId: W.acc.orgB })).totalResults).toBe(3);
    expect((await getAccountSpaces(http, { accountId: W.acc.orgB, limit: 1 })).hasNext).toBe(true);
    expect(Profile.parse(await getUserProfile(http, { userId: 'alicesid01' })).name).toBe('Alice Anders');
    expect((await getUserCollections(http, { userId: 'alicesid01' })).results).toHaveLength(1);
    expect((await getAdminCollections(http)).results).toHaveLength(3);
  });

  test('signed-in calls', async () => {
    const http = await client('alice');
    expect(FollowedAccounts.parse(await getFollowedAccounts(http)).accounts).toHaveLength(2);
    expect(Collection.parse(await getFavoriteCollection(http)).isFavorite).toBe(true);
    expect((await getMyCollections(http, { spaceId: 'LOFTPARIS01' })).results).toHaveLength(3);
  });

  test('walks every page of a list', async () => {
    const http = await client();
    const all = await allPages((at) => listSpaces(http, { offset: at.offset, ...(at.seek ? { seek: at.seek } : {}), limit: 200 }));
    expect(all.map((s) => s.id)).toEqual(['space-museum', 'space-moma', 'space-loft', 'space-galaxy', 'space-mixed', 'space-cafe', 'space-bobs']);
    expect((await allPages((at) => listCollections(http, { offset: at.offset, limit: 100 }))).length).toBe(4);
    let calls = 0;
    const walked = await allPages(async (at) => {
      calls++;
      return listSpaces(http, { limit: 3, offset: at.offset, ...(at.seek ? { seek: at.seek } : {}) });
    });
    expect(walked).toHaveLength(7);
    expect(calls).toBe(3);
  });

  test('missing required parameters throw the spec error before any call', async () => {
    const http: Http = () => Promise.reject(new Error('no call expected'));
    const missing = undefined as unknown as string;
    await expect(async () => getAccountProfile(http, { accountId: missing })).rejects.toThrow(
      'Required parameter requestParameters.accountId was null or undefined when calling getAccountProfile.',
    );
    await expect(async () => getUserProfile(http, { userId: missing })).rejects.toBeInstanceOf(RequiredError);
    await expect(async () => getUserCollections(http, { userId: missing })).rejects.toThrow('requestParameters.userId');
    await expect(async () => getSpace(http, { id: missing })).rejects.toThrow('calling getSpace');
    await expect(async () => getCollection(http, { id: missing })).rejects.toThrow('requestParameters.id');
    await expect(async () => listAccountSpaces(http, { accountId: missing })).rejects.toThrow('requestParameters.accountId');
  });

  test('API errors surface as ResponseError with the body', async () => {
    const http = await client();
    const err = await getSpace(http, { id: 'nope' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseError);
    expect((err as ResponseError).status).toBe(404);
    expect((err as ResponseError).body.code).toBe('NOT_FOUND');
    const fav = await getFavoriteCollection(http).catch((e: unknown) => e);
    expect((fav as ResponseError).status).toBe(401);
  });
});

describe('typed client: lists for builds', () => {
  test('accounts, users and tags', async () => {
    const { listAccounts } = await import('../../src/client/accounts.ts');
    const { listUsers } = await import('../../src/client/users.ts');
    const { listTags } = await import('../../src/client/tags.ts');
    const http = await client();
    expect((await listAccounts(http)).totalResults).toBe(2);
    expect((await listUsers(http, { limit: 1 })).hasNext).toBe(true);
    expect((await allPages((at) => listTags(http, { offset: at.offset, limit: 3 }))).length).toBeGreaterThan(5);
  });
});
