import { describe, expect, test } from 'vitest';
import {
  affectedPages,
  byViews,
  footerInputs,
  isRelated,
  relatedSpaces,
  spacesByTag,
  type ChangedEntry,
  type CollectionFacts,
  type MarketplaceAppFacts,
  type MarketplaceCollectionFacts,
  type SiteContent,
  type SpaceFacts,
} from './page-dependencies.ts';
import { matchPage, PAGE_TYPE_IDS, pageType, type ContentName, type PageTypeId } from './page-types.ts';
import { SITE_BASE, slugify } from './urls.ts';

const space = (modelId: string, over: Partial<SpaceFacts> = {}): SpaceFacts => ({
  id: `id-${modelId}`,
  modelId,
  name: `Space ${modelId}`,
  visibility: 'PUBLIC',
  views: 10,
  countryCode: 'FR',
  tags: ['Museum'],
  cameras: [],
  organization: null,
  ...over,
});
const collection = (sid: string, spaceModelIds: string[], over: Partial<CollectionFacts> = {}): CollectionFacts => ({
  sid,
  name: `Collection ${sid}`,
  createdAt: '2026-01-01T00:00:00Z',
  position: 0,
  spaceModelIds,
  userInfo: null,
  ...over,
});

/** A small world: museums in Paris, a castle, two collections, one of them a user's, featured tags and a carousel. */
function world(): SiteContent {
  const spaces = [
    space('louvre', { views: 900, tags: ['Museum', 'Art'], organization: { id: 'org-paris' }, cameras: [{ code: 'MC300', manufacturer: 'MATTERPORT' }] }),
    space('orsay', { views: 500, tags: ['Museum', 'Art'] }),
    space('rodin', { views: 100, tags: ['Museum'] }),
    space('castle', { views: 50, tags: ['Castle'], countryCode: 'DE' }),
    space('hidden', { visibility: 'UNLISTED', tags: ['Art'] }),
  ];
  const collections = [
    collection('paris', ['louvre', 'orsay'], { position: 0, createdAt: '2026-03-01T00:00:00Z' }),
    collection('mine', ['rodin'], { position: 1, createdAt: '2026-02-01T00:00:00Z', userInfo: { userSid: 'ana' } }),
  ];
  return {
    spaces: new Map(spaces.map((s) => [s.modelId, s])),
    collections: new Map(collections.map((c) => [c.sid, c])),
    users: new Map([['ana', {}]]),
    accounts: new Map([['org-paris', {}]]),
    featuredTags: new Map([['ft1', { id: 'ft1', name: 'Museums', position: 0, isActive: true }]]),
    carousel: new Map([['c1', { id: 'c1', position: 0, isActive: true, type: 'SPACE', item: { space: { modelId: 'louvre', name: 'Space louvre' } } }]]),
    tags: new Map([['museum', {}]]),
  };
}

/** A copy of the world with some entries replaced or removed. */
function edit(base: SiteContent, fn: (w: { [K in keyof SiteContent]: Map<string, never> }) => void): SiteContent {
  const copy = Object.fromEntries(Object.entries(base).map(([k, m]) => [k, new Map(m as Map<string, unknown>)])) as unknown as {
    [K in keyof SiteContent]: Map<string, never>;
  };
  fn(copy);
  return copy;
}

describe('the dependency map', () => {
  test('a banner change re-renders no page (the banner reads the live list at run time)', () => {
    const before = { ...world(), banners: new Map([['b1', { text: 'Old' }]]) };
    const after = { ...before, banners: new Map([['b1', { text: 'New' }]]) };
    expect(affectedPages(before, after, [{ collection: 'banners', id: 'b1' }])).toEqual({ pages: new Set(), footer: false });
  });

  test('a space rename touches its pages, its tags, cameras, account, the collections holding it and the rails relating it', () => {
    const before = world();
    const after = edit(before, (w) => w.spaces.set('orsay', { ...before.spaces.get('orsay'), name: "Musée d'Orsay" } as never));
    const { pages, footer } = affectedPages(before, after, [{ collection: 'spaces', id: 'orsay' }]);
    expect([...pages].sort()).toEqual(
      [
        '/space/orsay',
        '/space/orsay/related-collections',
        '/tag/museum',
        '/tag/art',
        '/collection/paris',
        // The pages whose related-spaces rail lists orsay (the unlisted space shares the Art tag).
        '/space/louvre',
        '/space/rodin',
        '/space/hidden',
        // Among the most viewed, so in the home page's "All" tab.
        '/',
      ].sort(),
    );
    // Not in the carousel or the latest collections: the footer stays.
    expect(footer).toBe(false);
    expect(pages.has('/space/castle')).toBe(false);
  });

  test('a featured space rename changes the footer on every page; its camera and account pages follow', () => {
    const before = world();
    const after = edit(before, (w) => {
      w.spaces.set('louvre', { ...before.spaces.get('louvre'), name: 'The Louvre' } as never);
      w.carousel.set('c1', { ...before.carousel.get('c1'), item: { space: { modelId: 'louvre', name: 'The Louvre' } } } as never);
    });
    const { pages, footer } = affectedPages(before, after, [
      { collection: 'spaces', id: 'louvre' },
      { collection: 'carousel', id: 'c1' },
    ]);
    expect(footer).toBe(true);
    expect(pages).toContain('/camera/matterport-pro3');
    expect(pages).toContain('/account/org-paris');
    expect(pages).toContain('/');
  });

  test('a tag removed from a space re-renders the tag page it left as well as the one it joined', () => {
    const before = world();
    const after = edit(before, (w) => w.spaces.set('castle', { ...before.spaces.get('castle'), tags: ['Palace'] } as never));
    const { pages } = affectedPages(before, after, [{ collection: 'spaces', id: 'castle' }]);
    expect(pages).toContain('/tag/castle');
    expect(pages).toContain('/tag/palace');
  });

  test("a user's collection rename: its page, the owner's profile pages, the rails of its spaces, home and footer while it is among the latest", () => {
    const before = world();
    const after = edit(before, (w) => w.collections.set('mine', { ...before.collections.get('mine'), name: 'Sculpture' } as never));
    const { pages, footer } = affectedPages(before, after, [{ collection: 'collections', id: 'mine' }]);
    expect([...pages].sort()).toEqual(
      ['/', '/collection/mine', '/profile/ana', '/profile/ana/collections', '/space/rodin', '/space/rodin/related-collections'].sort(),
    );
    expect(footer).toBe(true);
  });

  test('a new collection is a new page, and the home page and footer list it; shifted positions alone change nothing else', () => {
    const before = world();
    const after = edit(before, (w) => {
      w.collections.set('new', collection('new', ['castle'], { position: 0, createdAt: '2026-04-01T00:00:00Z', userInfo: { userSid: 'ana' } }) as never);
      // Inserting at the top shifts the others' positions, their relative order stays.
      w.collections.set('paris', { ...before.collections.get('paris'), position: 1 } as never);
      w.collections.set('mine', { ...before.collections.get('mine'), position: 2 } as never);
    });
    const { pages, footer } = affectedPages(before, after, [{ collection: 'collections', id: 'new' }]);
    expect([...pages].sort()).toEqual(
      ['/', '/collection/new', '/profile/ana', '/profile/ana/collections', '/space/castle', '/space/castle/related-collections'].sort(),
    );
    expect(footer).toBe(true);
  });

  test('a deleted collection disappears from home, footer and the pages of its spaces', () => {
    const before = world();
    const after = edit(before, (w) => w.collections.delete('paris'));
    const { pages, footer } = affectedPages(before, after, [{ collection: 'collections', id: 'paris' }]);
    expect(pages).toContain('/collection/paris');
    expect(pages).toContain('/space/louvre');
    expect(pages).toContain('/space/orsay/related-collections');
    expect(pages).toContain('/');
    expect(footer).toBe(true);
  });

  test('reordering collections re-renders the rails of every space they hold', () => {
    const before = world();
    const after = edit(before, (w) => {
      w.collections.set('paris', { ...before.collections.get('paris'), position: 1 } as never);
      w.collections.set('mine', { ...before.collections.get('mine'), position: 0 } as never);
    });
    const { pages } = affectedPages(before, after, []);
    expect(pages).toContain('/space/louvre');
    expect(pages).toContain('/space/rodin/related-collections');
  });

  test('featured tags and carousel slides are the home page (every locale) and, for the first eight, the footer', () => {
    const before = world();
    const after = edit(before, (w) => w.featuredTags.set('ft1', { ...before.featuredTags.get('ft1'), name: 'Great museums' } as never));
    const { pages, footer } = affectedPages(before, after, [{ collection: 'featuredTags', id: 'ft1' }]);
    expect([...pages]).toEqual(['/']);
    expect(footer).toBe(true);
  });

  test("a collection's names per locale re-render the home page whose carousel shows it, and the footer when it is among the latest", () => {
    const before = edit(world(), (w) => {
      w.collections.set('old', collection('old', ['castle'], { id: 'col-old', position: 2, createdAt: '2025-01-01T00:00:00Z' }) as never);
      // Eight newer ones: the old collection is not among the latest the home page lists.
      for (let i = 0; i < 8; i++)
        w.collections.set(`new${i}`, collection(`new${i}`, [], { position: 3 + i, createdAt: `2026-04-0${i + 1}T00:00:00Z` }) as never);
      w.carousel.set('c2', { id: 'c2', position: 1, isActive: true, type: 'COLLECTION', item: { id: 'col-old', name: 'Collection old' } } as never);
    });
    const after = edit(before, (w) => w.collections.set('old', { ...before.collections.get('old'), translations: { de: { name: 'Alte Burgen' } } } as never));
    expect(affectedPages(before, after, [{ collection: 'collections', id: 'old' }]).pages).toContain('/');
    const newest = edit(before, (w) => w.collections.set('new7', { ...before.collections.get('new7'), translations: { de: { name: 'Neueste' } } } as never));
    expect(footerInputs(newest)).not.toBe(footerInputs(before));
  });

  test('users, accounts and tags are their own pages', () => {
    const w = world();
    expect([...affectedPages(w, w, [{ collection: 'users', id: 'ana' }]).pages].sort()).toEqual(['/profile/ana', '/profile/ana/collections']);
    expect([...affectedPages(w, w, [{ collection: 'accounts', id: 'org-paris' }]).pages]).toEqual(['/account/org-paris']);
    expect([...affectedPages(w, w, [{ collection: 'tags', id: 'museum' }]).pages]).toEqual(['/tag/museum']);
  });

  test('nothing changed, nothing to render', () => {
    const w = world();
    expect(affectedPages(w, w, [])).toEqual({ pages: new Set(), footer: false });
  });
});

/** The rail's reference: every candidate among each tag's top 200 scored in a map, sorted (stable), the first `count`; ids. */
function referenceRail(s: SpaceFacts, byTag: ReadonlyMap<string, readonly SpaceFacts[]>, count: number): string[] {
  const score = new Map<string, { s: SpaceFacts; n: number }>();
  for (const tag of s.tags)
    for (const other of (byTag.get(slugify(tag)) ?? []).slice(0, 200)) {
      if (other.id === s.id) continue;
      const hit = score.get(other.id);
      if (hit) hit.n++;
      else score.set(other.id, { s: other, n: 1 });
    }
  return [...score.values()]
    .sort((a, b) => b.n - a.n || Number(b.s.countryCode === s.countryCode) - Number(a.s.countryCode === s.countryCode) || byViews(a.s, b.s))
    .slice(0, Math.max(0, count))
    .map((x) => x.s.id);
}

describe('relatedSpaces: the rail of a space page', () => {
  test('lists what a stable sort of every candidate lists, ties in shared tags, countries, views and names included', () => {
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const tags = ['Museum', 'Art', 'Castle', 'Loft', 'Garden', 'Church', 'Villa'];
    const spaces = Array.from({ length: 600 }, (_, i) =>
      space(`r${i}`, {
        views: rand(3) * 10,
        name: `Space ${rand(20)}`,
        countryCode: ['FR', 'DE', 'IT'][rand(3)] as string,
        tags: [...new Set(Array.from({ length: 1 + rand(4) }, () => tags[rand(tags.length)] as string))],
        visibility: rand(10) ? 'PUBLIC' : 'UNLISTED',
      }),
    );
    const byTag = spacesByTag(spaces);
    for (const s of spaces)
      expect(
        relatedSpaces(s, byTag).map((r) => r.id),
        s.modelId,
      ).toEqual(referenceRail(s, byTag, 8));
    expect(relatedSpaces(spaces[0] as (typeof spaces)[number], byTag, 3)).toHaveLength(3);
  });

  test('lists the same as the sort for any length, names equal but for case or accents, null views and a copy of the space', () => {
    let seed = 5;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const tags = ['Museum', 'Art', 'Castle', 'Loft', 'Garden'];
    const names = ['Église', 'eglise', 'Eglise', 'Zoo', 'zoo', 'Ångström', 'Loft 2', 'Loft 10'];
    const spaces = Array.from({ length: 500 }, (_, i) =>
      space(`q${i}`, {
        views: rand(4) ? rand(3) * 10 : null,
        name: names[rand(names.length)] as string,
        countryCode: ['FR', 'DE', 'IT', 'JP'][rand(4)] as string,
        tags: [...new Set(Array.from({ length: 1 + rand(3) }, () => tags[rand(tags.length)] as string))],
      }),
    );
    const byTag = spacesByTag(spaces);
    for (const s of spaces.slice(0, 150))
      for (const count of [0, 1, 3, 8, 40, 1000]) {
        const copy = { ...s, tags: [...s.tags] };
        expect(
          relatedSpaces(copy, byTag, count).map((r) => r.id),
          `${s.modelId} × ${count}`,
        ).toEqual(referenceRail(s, byTag, count));
      }
    // A space from another country than any candidate, and one whose tags no public space has.
    const stranger = space('stranger', { countryCode: 'BR', tags: ['Art', 'Loft'] });
    expect(relatedSpaces(stranger, byTag).map((r) => r.id)).toEqual(referenceRail(stranger, byTag, 8));
    expect(relatedSpaces(space('alone', { tags: ['Nowhere'] }), byTag)).toEqual([]);
  });
});

describe('isRelated: the rail test the dependency map runs on thousands of spaces', () => {
  test('answers exactly what relatedSpaces lists, ties in views, names and countries included', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const tags = ['Museum', 'Art', 'Castle', 'Loft', 'Garden', 'Church'];
    const spaces = Array.from({ length: 400 }, (_, i) =>
      space(`s${i}`, {
        views: rand(4) * 10,
        name: `Space ${rand(30)}`,
        countryCode: ['FR', 'DE'][rand(2)] as string,
        tags: [...new Set(Array.from({ length: 1 + rand(3) }, () => tags[rand(tags.length)] as string))],
        visibility: rand(10) ? 'PUBLIC' : 'UNLISTED',
      }),
    );
    const byTag = spacesByTag(spaces);
    let related = 0;
    for (const s of spaces.slice(0, 60)) {
      const listed = new Set(relatedSpaces(s, byTag).map((r) => r.id));
      for (const target of spaces) {
        expect(isRelated(s, target, byTag), `${s.modelId} → ${target.modelId}`).toBe(listed.has(target.id));
        if (listed.has(target.id)) related++;
      }
    }
    expect(related).toBeGreaterThan(300);
  });
});

describe('the marketplace pages', () => {
  /** A marketplace: three apps, two collections (an app may be in both). */
  const market = (base: SiteContent = world()): SiteContent => {
    const app = (slug: string, collections: string[]): MarketplaceAppFacts => ({ slug, collections: collections.map((c) => ({ slug: c })) });
    const col = (slug: string, apps: string[]): MarketplaceCollectionFacts => ({ slug, apps: apps.map((a) => ({ slug: a })) });
    return {
      ...base,
      marketplaceApps: new Map([
        ['floor-plans', app('floor-plans', ['listing', 'beta'])],
        ['staging', app('staging', ['listing'])],
        ['claims', app('claims', [])],
      ]),
      marketplaceCollections: new Map([
        ['listing', col('listing', ['floor-plans', 'staging'])],
        ['beta', col('beta', ['floor-plans'])],
      ]),
    };
  };
  const pagesOf = (before: SiteContent, after: SiteContent, changes: ChangedEntry[]) => [...affectedPages(before, after, changes).pages].sort();

  test('an app change re-renders its page, the landing and the collections showing its card', () => {
    const w = market();
    expect(pagesOf(w, w, [{ collection: 'marketplaceApps', id: 'floor-plans' }])).toEqual([
      '/marketplace',
      '/marketplace/app/floor-plans',
      '/marketplace/collection/beta',
      '/marketplace/collection/listing',
    ]);
    expect(pagesOf(w, w, [{ collection: 'marketplaceApps', id: 'claims' }])).toEqual(['/marketplace', '/marketplace/app/claims']);
  });

  test('a removed (or deactivated) app leaves the collections that showed it before', () => {
    const before = market();
    const after = edit(before, (x) => {
      x.marketplaceApps?.delete('staging');
      x.marketplaceCollections?.set('listing', { slug: 'listing', apps: [{ slug: 'floor-plans' }] } as never);
    });
    const pages = pagesOf(before, after, [{ collection: 'marketplaceApps', id: 'staging' }]);
    expect(pages).toEqual(expect.arrayContaining(['/marketplace', '/marketplace/app/staging', '/marketplace/collection/listing']));
  });

  test('a collection change re-renders it, the landing and the pages of the apps it held before and after', () => {
    const before = market();
    const after = edit(before, (x) => x.marketplaceCollections?.set('beta', { slug: 'beta', apps: [{ slug: 'claims' }] } as never));
    const pages = pagesOf(before, after, [{ collection: 'marketplaceCollections', id: 'beta' }]);
    expect(pages).toEqual(expect.arrayContaining(['/marketplace', '/marketplace/collection/beta', '/marketplace/app/floor-plans', '/marketplace/app/claims']));
    expect(pages).not.toContain('/marketplace/app/staging');
    expect(pages.every((p) => p.startsWith('/marketplace'))).toBe(true);
  });

  test('marketplace changes touch no other page, and snapshots without a marketplace still plan', () => {
    const w = market();
    expect(affectedPages(w, w, [{ collection: 'marketplaceApps', id: 'floor-plans' }]).footer).toBe(false);
    const plain = world();
    expect([...affectedPages(plain, plain, [{ collection: 'marketplaceApps', id: 'x' }]).pages].sort()).toEqual(['/marketplace', '/marketplace/app/x']);
    expect(affectedPages(plain, market(plain), [{ collection: 'spaces', id: 'castle' }]).pages.has('/space/castle')).toBe(true);
  });
});

test('a pro of Find a 3D Pro re-renders the directory alone', () => {
  const w = world();
  const { pages, footer } = affectedPages(w, w, [{ collection: 'pros', id: 'pro-tech-paris' }]);
  expect([...pages]).toEqual(['/pros']);
  expect(footer).toBe(false);
});

describe('the rules the pages share', () => {
  test('related spaces: most shared tags first, then same country, then views; never the space itself', () => {
    const w = world();
    const byTag = spacesByTag(w.spaces.values());
    const louvre = w.spaces.get('louvre') as SpaceFacts;
    expect(relatedSpaces(louvre, byTag).map((s) => s.modelId)).toEqual(['orsay', 'rodin']);
  });

  test('the footer inputs ignore inactive featured tags', () => {
    const w = world();
    const inactive = edit(w, (x) => x.featuredTags.set('ft2', { id: 'ft2', name: 'Hidden', position: 1, isActive: false } as never));
    expect(footerInputs(inactive)).toBe(footerInputs(w));
  });
});

describe('the page registry and the dependency map agree', () => {
  /** The small world with a marketplace and a pro, so every collection has entries. */
  const full = (): SiteContent => ({
    ...world(),
    marketplaceApps: new Map([['floor-plans', { slug: 'floor-plans', collections: [{ slug: 'listing' }] }]]),
    marketplaceCollections: new Map([['listing', { slug: 'listing', apps: [{ slug: 'floor-plans' }] }]]),
    pros: new Map([['pro-1', {}]]),
  });

  /** The page types whose pages a change of one entry re-renders (a page rendered with another counts as that one). */
  const typesTouchedBy = (content: SiteContent, collection: ContentName, id: string) =>
    new Set([...affectedPages(content, content, [{ collection, id }]).pages].map((p) => matchPage(`${SITE_BASE}${p}`)?.type));

  test.each(PAGE_TYPE_IDS.flatMap((type) => pageType(type).data.map((name) => [type, name] as const)))(
    'a change of %s data in %s re-renders its pages',
    (type, name) => {
      const content = full();
      const ids = [...(content[name]?.keys() ?? [])];
      expect(ids.length, `the test world has ${name}`).toBeGreaterThan(0);
      const target = (pageType(type).renderedWith ?? type) as PageTypeId;
      expect(ids.some((id) => typesTouchedBy(content, name, id).has(target))).toBe(true);
    },
  );

  test('every page name the map uses is a page type of the registry', () => {
    const content = full();
    const names = Object.keys(content) as ContentName[];
    for (const name of names) for (const id of content[name]?.keys() ?? []) expect(typesTouchedBy(content, name, id).has(undefined)).toBe(false);
  });
});
