import { describe, expect, test } from 'vitest';
import { Collection } from '../../src/domain/collection.ts';
import { pageOf } from '../../src/domain/page.ts';
import { AccountListItem, UserListItem } from '../../src/domain/profile.ts';
import { TagSummary } from '../../src/domain/space.ts';
import { parseBuildEnv } from '../../src/site/build-env.ts';
import { fixtureApp, json, W } from './fixtures.ts';

describe('conditional requests', () => {
  test('content GETs answer an ETag and 304 when it matches', async () => {
    const t = await fixtureApp();
    const first = await t.get('/api/content/space/?limit=3');
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/"/);
    const again = await t.app.request('/api/content/space/?limit=3', { headers: { 'If-None-Match': tag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await t.app.request('/api/content/space/?limit=2', { headers: { 'If-None-Match': tag as string } });
    expect(other.status).toBe(200);
  });

  test('a change to the content changes the ETag', async () => {
    const t = await fixtureApp();
    const before = (await t.get('/api/content/banner/')).headers.get('etag');
    await t.db.kysely.updateTable('banners').set({ text: 'Changed' }).where('id', '=', 'banner-first').execute();
    const res = await t.app.request('/api/content/banner/', { headers: { 'If-None-Match': before as string } });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).not.toBe(before);
  });

  test('errors carry no ETag', async () => {
    const t = await fixtureApp();
    expect((await t.get('/api/content/space/nope/')).headers.get('etag')).toBeNull();
  });
});

describe('lists for builds', () => {
  test('GET /account/ lists listed organizations by name', async () => {
    const t = await fixtureApp();
    const p = pageOf(AccountListItem).parse(await json(await t.get('/api/content/account/')));
    expect(p.results.map((a) => a.id)).toEqual([W.acc.orgA, W.acc.orgB]);
    expect(p.results[0]).toMatchObject({ sid: 'orgasid001', photoUrl: '/media/avatars/a-256.webp', spaceCount: 1 });
    expect(p.results[1]?.spaceCount).toBe(3);
    const paged = pageOf(AccountListItem).parse(await json(await t.get('/api/content/account/?limit=1')));
    expect(paged).toMatchObject({ totalResults: 2, hasNext: true, nextOffset: 1 });
  });

  test('GET /user/ lists public, active people', async () => {
    const t = await fixtureApp();
    const p = pageOf(UserListItem).parse(await json(await t.get('/api/content/user/')));
    expect(p.results.map((u) => u.sid)).toEqual(['adminsid01', 'alicesid01']);
    expect(p.results[1]).toMatchObject({ name: 'Alice Anders', username: 'alice-anders', photoUrl: '/media/avatars/alice-256.webp' });
  });

  test('GET /tag/ lists tags of listed spaces, most used first', async () => {
    const t = await fixtureApp();
    const p = pageOf(TagSummary).parse(await json(await t.get('/api/content/tag/')));
    expect(p.results.slice(0, 2)).toEqual([
      { name: 'modern', slug: 'modern', spaceCount: 2 },
      { name: 'museum', slug: 'museum', spaceCount: 2 },
    ]);
    const names = p.results.map((x) => x.name);
    expect(names).not.toContain('castle'); // only on the moderated castle
    expect(names).not.toContain('villa'); // only on the unlisted villa
    expect(names).toContain('history');
    expect(p.results.find((x) => x.name === 'history')?.spaceCount).toBe(1);
  });

  test('the collection list carries sub-collection previews on request', async () => {
    const t = await fixtureApp();
    const p = pageOf(Collection).parse(await json(await t.get('/api/content/collection/?type=COLLECTION&childrenCount=2&subchildrenCount=1')));
    const first = p.results[0]?.children.results[1]?.collection;
    expect(first?.id).toBe(W.coll.featured);
    expect(first?.spaces?.map((s) => s.id)).toEqual([W.space.loft]);
  });
});

describe('the site build environment (src/site/build-env.ts)', () => {
  test('defaults to the local one-command server, without trailing slashes', () => {
    expect(parseBuildEnv({})).toEqual({
      PUBLIC_ORIGIN: 'http://127.0.0.1:4321',
      DISCOVER_API_URL: 'http://127.0.0.1:4321',
      DISCOVER_BUILD_ID: '',
      DISCOVER_DEFER_PRECOMPRESS: false,
    });
    // The publisher leaves the siblings to after the swap; a plain `astro build` keeps them in the build.
    expect(parseBuildEnv({ DISCOVER_DEFER_PRECOMPRESS: '1' }).DISCOVER_DEFER_PRECOMPRESS).toBe(true);
    expect(parseBuildEnv({ PUBLIC_ORIGIN: 'https://discover.example/', DISCOVER_API_URL: 'http://api.internal:8080//' })).toMatchObject({
      PUBLIC_ORIGIN: 'https://discover.example',
      DISCOVER_API_URL: 'http://api.internal:8080',
    });
  });

  test('an empty variable counts as unset (the publisher passes an empty token)', () => {
    const env = parseBuildEnv({ DISCOVER_API_TOKEN: '', ASTRO_CACHE_DIR: '', DISCOVER_RENDERER_DIR: '', DISCOVER_BUILD_ID: '' });
    expect(env.DISCOVER_API_TOKEN).toBeUndefined();
    expect(env.ASTRO_CACHE_DIR).toBeUndefined();
    expect(env.DISCOVER_RENDERER_DIR).toBeUndefined();
    expect(env.DISCOVER_BUILD_ID).toBe('');
  });

  test('passes what the publisher sets for a build', () => {
    const env = parseBuildEnv({
      DISCOVER_API_TOKEN: 'build-token',
      ASTRO_CACHE_DIR: '/data/site/cache',
      DISCOVER_RENDERER_DIR: '/data/site/renderer-next',
      DISCOVER_BUILD_ID: '2026-11-26T15-00-00-000Z-1-1',
    });
    expect(env).toMatchObject({
      DISCOVER_API_TOKEN: 'build-token',
      ASTRO_CACHE_DIR: '/data/site/cache',
      DISCOVER_RENDERER_DIR: '/data/site/renderer-next',
      DISCOVER_BUILD_ID: '2026-11-26T15-00-00-000Z-1-1',
    });
  });
});
