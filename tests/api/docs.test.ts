import { expect, test } from 'vitest';
import { fixtureApp } from './fixtures.ts';

interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, unknown>; tags?: string[] }>>;
  components: { schemas: Record<string, unknown> };
}

test('every content route is documented with its success and error answers', async () => {
  const t = await fixtureApp();
  const doc = (await (await t.get('/api/docs/openapi.json')).json()) as Doc;
  const content = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/content/'));
  const expected = [
    'get /api/content/space/',
    'get /api/content/space/{id}/',
    'get /api/content/space/recommended/',
    'post /api/content/space/search/',
    'post /api/content/space/searchByCamera/',
    'post /api/content/space/searchByCamera/related/',
    'post /api/content/space/search/related/',
    'get /api/content/collection/',
    'get /api/content/collection/{id}/',
    'get /api/content/collection/featured',
    'get /api/content/collection/favorite/',
    'get /api/content/collection/my/',
    'get /api/content/featuredTag/',
    'get /api/content/featuredTag/{id}/',
    'get /api/content/featuredTag/listNames',
    'get /api/content/fci/',
    'get /api/content/banner/',
    'get /api/content/account/{accountId}/profile/',
    'post /api/content/account/spaces/',
    'get /api/content/account/{accountId}/spaces',
    'get /api/content/user/{userId}/profile/',
    'get /api/content/user/{userId}/collections/',
    'get /api/content/user/admin/',
    'get /api/content/user/follow/',
  ];
  const present = new Set(content.flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)));
  for (const e of expected) expect(present, e).toContain(e);
  for (const [path, ops] of content) {
    for (const [method, op] of Object.entries(ops)) {
      if (!expected.includes(`${method} ${path}`)) continue;
      expect(Object.keys(op.responses), `${method} ${path}`).toContain('200');
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('4')),
        `${method} ${path}`,
      ).toBe(true);
    }
  }
  for (const name of [
    'Space',
    'SpaceCard',
    'SpacePage',
    'SpaceSearchInput',
    'Collection',
    'CollectionPage',
    'FeaturedTag',
    'CarouselItem',
    'Banner',
    'Profile',
    'ApiError',
  ]) {
    expect(doc.components.schemas, name).toHaveProperty(name);
  }
});

test('GET /api/docs answers a self-contained HTML reference', async () => {
  const t = await fixtureApp();
  const res = await t.get('/api/docs');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  const html = await res.text();
  for (const s of [
    'Discover API',
    'Spaces',
    'Collections',
    'Featured tags',
    '/api/content/space/search/',
    'SpaceSearchInput',
    'SpaceCardPage',
    'Search spaces',
  ])
    expect(html).toContain(s);
  expect(html).not.toMatch(/<(script|link)\b/i);
  expect(html).not.toMatch(/(src|href)="https?:/);
  expect((await t.get('/api/docs/')).status).toBe(200);
});
