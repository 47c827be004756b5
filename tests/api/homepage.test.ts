import { describe, expect, test } from 'vitest';
import { Banner, CarouselItem, FeaturedTag, FeaturedTagName } from '../../src/domain/homepage.ts';
import { fixtureApp, json, setSetting, W } from './fixtures.ts';

const tagsOf = async (t: Awaited<ReturnType<typeof fixtureApp>>, q = '') => FeaturedTag.array().parse(await json(await t.get(`/api/content/featuredTag/${q}`)));

describe('GET /api/content/featuredTag/', () => {
  test('answers active featured tags by priority with their most viewed public spaces', async () => {
    const t = await fixtureApp();
    const list = await tagsOf(t);
    expect(list.map((f) => f.id)).toEqual([W.ft.museums, W.ft.modern, W.ft.empty]);
    expect(list[0]?.spaces.map((s) => s.id)).toEqual([W.space.museum, W.space.moma]);
    expect(list[1]?.spaces.map((s) => s.id)).toEqual([W.space.moma, W.space.loft]);
    expect(list[1]?.tags).toEqual(['modern', 'loft']);
    expect(list[2]?.spaces).toEqual([]);
  });

  test('filterInactive, filterEmpty, spaceId, excludeSpaceId and spacesLimit', async () => {
    const t = await fixtureApp();
    expect((await tagsOf(t, '?filterEmpty=true')).map((f) => f.id)).toEqual([W.ft.museums, W.ft.modern]);
    expect((await tagsOf(t, '?filterInactive=false')).map((f) => f.id)).toEqual([W.ft.museums, W.ft.inactive, W.ft.modern, W.ft.empty]);
    expect((await tagsOf(t, '?spaceId=LOFTPARIS01')).map((f) => f.id)).toEqual([W.ft.modern]);
    expect((await tagsOf(t, '?excludeSpaceId=MOMANYC0001'))[0]?.spaces.map((s) => s.id)).toEqual([W.space.museum]);
    expect((await tagsOf(t, '?spacesLimit=1')).every((f) => f.spaces.length <= 1)).toBe(true);
    expect((await tagsOf(t, '?spacesLimit=0&filterEmpty=true')).map((f) => f.id)).toEqual([W.ft.museums, W.ft.modern]);
    expect((await t.get('/api/content/featuredTag/?filterEmpty=maybe')).status).toBe(400);
  });

  test('featuredTags.randomize shuffles the order, the same way all day', async () => {
    const t = await fixtureApp();
    await setSetting(t.db.kysely, 'featuredTags.randomize', 'true');
    const a = (await tagsOf(t, '?filterInactive=false')).map((f) => f.id);
    const b = (await tagsOf(t, '?filterInactive=false')).map((f) => f.id);
    expect(a).toEqual(b);
    expect([...a].sort()).toEqual([W.ft.empty, W.ft.inactive, W.ft.modern, W.ft.museums].sort());
    const names = FeaturedTagName.array().parse(await json(await t.get('/api/content/featuredTag/listNames?filterInactive=false')));
    expect(names.map((n) => n.id)).toEqual(a);
  });

  test('GET /featuredTag/{id}/ answers one; inactive ones only to admins', async () => {
    const t = await fixtureApp();
    const ft = FeaturedTag.parse(await json(await t.get(`/api/content/featuredTag/${W.ft.museums}/?spacesLimit=1`)));
    expect(ft.spaces.map((s) => s.id)).toEqual([W.space.museum]);
    expect((await t.get(`/api/content/featuredTag/${W.ft.inactive}/`)).status).toBe(404);
    expect((await t.get('/api/content/featuredTag/nope/')).status).toBe(404);
    expect((await (await fixtureApp('admin')).get(`/api/content/featuredTag/${W.ft.inactive}/`)).status).toBe(200);
  });

  test('GET /featuredTag/listNames answers ids and names', async () => {
    const t = await fixtureApp();
    const names = FeaturedTagName.array().parse(await json(await t.get('/api/content/featuredTag/listNames?filterInactive=true&filterEmpty=true')));
    expect(names).toEqual([
      { id: W.ft.museums, name: 'Museums' },
      { id: W.ft.modern, name: 'Modern Living' },
    ]);
    const all = await json<unknown[]>(await t.get('/api/content/featuredTag/listNames'));
    expect(all).toHaveLength(3);
  });
});

describe('GET /api/content/fci/', () => {
  test('answers resolvable slides by priority and drops broken ones', async () => {
    const t = await fixtureApp();
    const slides = CarouselItem.array().parse(await json(await t.get('/api/content/fci/')));
    expect(slides.map((s) => s.id)).toEqual(['fci-space', 'fci-collection', 'fci-url']);
    const [space, collection, url] = slides;
    expect(space?.item).toMatchObject({
      id: W.space.loft,
      name: 'Modern Loft in Paris',
      href: '/discover/space/LOFTPARIS01',
      imageUrl: '/media/spaces/key-space-loft/1200.webp',
    });
    expect(space?.item?.space?.modelId).toBe('LOFTPARIS01');
    expect(collection?.item).toMatchObject({
      id: W.coll.featured,
      name: 'Featured One',
      href: '/discover/collection/featsid001',
      imageUrl: '/media/spaces/key-space-loft/1200.webp',
      space: null,
    });
    expect(url?.item).toMatchObject({ id: null, url: '/discover/search?q=Museums', href: '/discover/search?q=Museums', name: 'Search museums' });
  });

  test("includeInactive='true' adds inactive slides", async () => {
    const t = await fixtureApp();
    const slides = CarouselItem.array().parse(await json(await t.get('/api/content/fci/?includeInactive=true')));
    expect(slides.map((s) => s.id)).toEqual(['fci-space', 'fci-collection', 'fci-url', 'fci-inactive']);
    expect(slides[3]?.isActive).toBe(false);
    expect(CarouselItem.array().parse(await json(await t.get('/api/content/fci/?includeInactive=false')))).toHaveLength(3);
  });
});

describe('GET /api/content/banner/', () => {
  test('answers active, unexpired banners by position', async () => {
    const t = await fixtureApp();
    const banners = Banner.array().parse(await json(await t.get('/api/content/banner/')));
    expect(banners.map((b) => b.id)).toEqual(['banner-first', 'banner-second']);
    expect(banners[0]).toMatchObject({ color: 'FFBB00', hyperlink: 'https://example.com', isHideable: true, isActive: true });
  });
});
