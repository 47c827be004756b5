import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { CAMERA_TYPES, findCameraType } from '../../src/domain/cameras.ts';
import { pageOf } from '../../src/domain/page.ts';
import { SpaceCard } from '../../src/domain/space.ts';
import { FTS_COLUMNS, FTS_WEIGHTS, ftsSpaceRowid } from '../../src/server/modules/spaces/fts.ts';
import { RELEVANCE_POOL } from '../../src/server/modules/spaces/spaces.queries.ts';
import { refreshVocabulary } from '../../src/server/modules/spaces/vocabulary.ts';
import type { ContentCtx } from '../../src/server/platform/content/context.ts';
import { listedSpace } from '../../src/server/platform/content/viewer.ts';
import { fixtureApp, json, W } from './fixtures.ts';

const CardPage = pageOf(SpaceCard).extend({ suggestion: z.string().nullable().optional() });
type CardPage = ReturnType<typeof CardPage.parse>;

async function search(body: unknown, as: 'alice' | null = null) {
  const t = await fixtureApp(as);
  return CardPage.parse(await json(await t.post('/api/content/space/search/', body)));
}
const ids = (p: CardPage) => p.results.map((s) => s.id).sort();

describe('POST /api/content/space/search/', () => {
  test('matches words anywhere, the last one as a prefix; never moderated, unlisted or private spaces', async () => {
    expect(ids(await search({ searchText: 'museum' }))).toEqual([W.space.moma, W.space.museum].sort());
    expect(ids(await search({ searchText: 'muse' }))).toEqual([W.space.moma, W.space.museum].sort());
    expect(ids(await search({ searchText: 'modern' }))).toEqual([W.space.loft, W.space.moma].sort());
    expect(ids(await search({ searchText: 'modern art' }))).toEqual([W.space.moma]);
    expect(ids(await search({ searchText: 'cafe' }))).toEqual([W.space.cafe]);
    expect(ids(await search({ searchText: 'office' }, 'alice'))).toEqual([]);
  });

  test('forgives typos: one in words of 5+ letters, two in 9+, also in a word being typed; suggests the corrected text', async () => {
    const museums = [W.space.moma, W.space.museum].sort();
    const typo = await search({ searchText: 'musuem ' });
    expect(ids(typo)).toEqual(museums);
    expect(typo.suggestion).toBe('museum');
    expect(ids(await search({ searchText: 'musem' }))).toEqual(museums);
    expect(ids(await search({ searchText: 'dinosuars' }))).toEqual([W.space.museum]);
    expect(ids(await search({ searchText: 'dinnosuars ' }))).toEqual([W.space.museum]);
    // Words of four letters or fewer are taken as typed.
    expect(ids(await search({ searchText: 'caef ' }))).toEqual([]);
    // What matches as typed is not corrected.
    expect((await search({ searchText: 'museum' })).suggestion).toBeNull();
    // Nothing near: no suggestion, no results.
    const none = await search({ searchText: 'qwxzvbnm' });
    expect([none.totalResults, none.suggestion]).toEqual([0, null]);
  });

  test('honours searchBy', async () => {
    const none = { name: false, summary: false, tag: false, location: false, description: false };
    expect(ids(await search({ searchText: 'dinosaurs' }))).toEqual([W.space.museum]);
    expect(ids(await search({ searchText: 'dinosaurs', searchBy: { ...none, name: true } }))).toEqual([]);
    expect(ids(await search({ searchText: 'London' }))).toEqual([W.space.museum]);
    expect(ids(await search({ searchText: 'London', searchBy: { name: true, summary: true, tag: true, description: true, location: false } }))).toEqual([]);
    expect(ids(await search({ searchText: 'seine', searchBy: { ...none, summary: true } }))).toEqual([W.space.loft]);
    expect(ids(await search({ searchText: 'history', searchBy: { ...none, tag: true } }))).toEqual([W.space.museum]);
  });

  test('filters by tags (all required) and country', async () => {
    expect(ids(await search({ tags: ['modern'] }))).toEqual([W.space.loft, W.space.moma].sort());
    expect(ids(await search({ tags: ['modern', 'museum'] }))).toEqual([W.space.moma]);
    expect(ids(await search({ tags: ['no-such-tag'] }))).toEqual([]);
    expect(ids(await search({ countryCode: 'us' }))).toEqual([W.space.cafe, W.space.moma].sort());
    expect(ids(await search({ searchText: 'museum', countryCode: 'GB' }))).toEqual([W.space.museum]);
  });

  test('camera facets: iPhone = manufacturer APPLE; Android = Android models and not APPLE', async () => {
    const iphone = findCameraType('iphone-smartphone-capture')?.filters;
    const android = findCameraType('android-smartphone-capture')?.filters;
    expect(ids(await search({ filters: iphone }))).toEqual([W.space.mixed, W.space.moma, W.space.museum].sort());
    // The mixed studio has an Android phone and an iPad: must_not APPLE leaves it out.
    expect(ids(await search({ filters: android }))).toEqual([W.space.cafe, W.space.galaxy].sort());
    expect(ids(await search({ filters: [{ facet: 'cameraModel', filterType: 'must', query: ['MC250', 'PIXEL8'] }] }))).toEqual(
      [W.space.bobs, W.space.cafe, W.space.loft, W.space.mixed, W.space.moma].sort(),
    );
    expect(ids(await search({ filters: [{ facet: 'cameraManufacturer', filterType: 'must_not', query: ['MATTERPORT', 'APPLE'] }] }))).toEqual(
      [W.space.cafe, W.space.galaxy].sort(),
    );
  });

  test('sorts by views or recency and pages with page/pageSize', async () => {
    const byViews = await search({ sort: 'views', pageSize: 3 });
    expect(byViews.results.map((s) => s.id)).toEqual([W.space.museum, W.space.moma, W.space.loft]);
    expect(byViews).toMatchObject({ totalResults: 7, hasNext: true, nextOffset: 3 });
    const page3 = await search({ sort: 'views', pageSize: 3, page: 3 });
    expect(page3.results.map((s) => s.id)).toEqual([W.space.bobs]);
    expect(page3).toMatchObject({ hasNext: false, nextOffset: null });
    const recent = await search({ sort: 'recent', pageSize: 2 });
    expect(recent.results.map((s) => s.id)).toEqual([W.space.bobs, W.space.mixed]);
    expect((await search({ sort: 'newest', pageSize: 2 })).results.map((s) => s.id)).toEqual([W.space.bobs, W.space.mixed]);
  });

  test('Search this area: only spaces inside the map bounds, also across the antimeridian; bad bounds answer 400', async () => {
    const t = await fixtureApp();
    const place = (id: string, lat: number, long: number) => t.db.kysely.updateTable('spaces').set({ lat, long }).where('id', '=', id).execute();
    // Spaces without a place are on no map.
    await t.db.kysely.updateTable('spaces').set({ lat: null, long: null }).execute();
    await place(W.space.museum, 51.5072, -0.1276); // London
    await place(W.space.moma, 40.7614, -73.9776); // New York
    await place(W.space.cafe, -17.7134, 178.065); // Fiji, east of 180°
    await place(W.space.loft, 64.8378, -147.7164); // Fairbanks
    const inside = async (bounds: object, body: object = {}) =>
      CardPage.parse(await json(await t.post('/api/content/space/search/', { bounds, pageSize: 50, ...body })))
        .results.map((r) => r.id)
        .sort();
    const europe = { west: -11, south: 35, east: 30, north: 60 };
    expect(await inside(europe)).toEqual([W.space.museum]);
    expect(await inside(europe, { searchText: 'museum' })).toEqual([W.space.museum]);
    expect(await inside({ west: -80, south: 35, east: 30, north: 60 })).toEqual([W.space.moma, W.space.museum].sort());
    // The Pacific, across the antimeridian: from 170° east to 140° west.
    expect(await inside({ west: 170, south: -30, east: -140, north: 70 })).toEqual([W.space.cafe, W.space.loft].sort());
    // A point just outside the box is outside (the index's rounding never widens the answer).
    expect(await inside({ west: -0.1275, south: 51, east: 1, north: 52 })).toEqual([]);
    const bad = await t.post('/api/content/space/search/', { bounds: { west: 0, south: 10, east: 1, north: 5 } });
    expect(bad.status).toBe(400);
    expect(ApiErrorBody.parse(await bad.json()).code).toBeTruthy();
  });

  test('a repeated search sees every change made since (the SQLite answer cache is emptied by any write)', async () => {
    const t = await fixtureApp();
    const ask = async () => CardPage.parse(await json(await t.post('/api/content/space/search/', { searchText: 'museum' })));
    expect(ids(await ask())).toEqual([W.space.moma, W.space.museum].sort());
    expect(ids(await ask())).toEqual([W.space.moma, W.space.museum].sort());
    await t.db.kysely.updateTable('spaces').set({ visibility: 'PRIVATE' }).where('id', '=', W.space.moma).execute();
    expect(ids(await ask())).toEqual([W.space.museum]);
    await t.db.kysely.updateTable('spaces').set({ name: 'Renamed Gallery', tags: '[]' }).where('id', '=', W.space.museum).execute();
    // Still found by its summary or description, or not at all: never under its old name.
    expect((await ask()).results.find((s) => s.id === W.space.museum)?.name ?? 'Renamed Gallery').toBe('Renamed Gallery');
  });

  test('with hundreds of matches, pages and totals are those of ranking every match (SQLite: candidate pages against bm25 of every match)', async () => {
    const t = await fixtureApp();
    const db = t.db.kysely;
    // 450 more museums: names of different lengths give different ranks, and equal ones ties broken by views; every 9th is private.
    const museum = await db.selectFrom('spaces').selectAll().where('id', '=', W.space.museum).executeTakeFirstOrThrow();
    const bulk = Array.from({ length: 450 }, (_, i) => {
      const n = i + 1;
      return {
        ...museum,
        id: `bulk-${n}`,
        modelId: `BULK${n}`,
        slug: `bulk-${n}`,
        name: `Museum ${'annex '.repeat(n % 4)}${n}`,
        views: n % 7,
        visibility: n % 9 === 0 ? 'PRIVATE' : 'PUBLIC',
      };
    });
    for (let i = 0; i < bulk.length; i += 90)
      await db
        .insertInto('spaces')
        .values(bulk.slice(i, i + 90))
        .execute();
    const ask = async (page: number, pageSize: number) =>
      CardPage.parse(await json(await t.post('/api/content/space/search/', { searchText: 'museum', page, pageSize })));

    // Every match once, in one order, whatever the window: 400 public museums and the fixture's two.
    const all = (await Promise.all([1, 2, 3, 4, 5].map((page) => ask(page, 100)))).flatMap((p) => p.results.map((s) => s.id));
    expect(all).toHaveLength(402);
    expect(new Set(all).size).toBe(402);
    for (const [page, pageSize] of [
      [1, 24],
      [2, 24],
      [9, 24],
      [17, 24],
    ] as const) {
      const p = await ask(page, pageSize);
      expect(p.results.map((s) => s.id)).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
      expect(p.totalResults).toBe(402);
    }
    if (t.db.dialect !== 'sqlite') return;
    // SQLite answers a relevance page from the best bm25 candidates: the same order as ranking every match.
    const weights = sql.raw(FTS_COLUMNS.map((c) => FTS_WEIGHTS[c]).join(', '));
    const plain = await sql<{ id: string }>`SELECT s.id FROM spaces s
      JOIN (SELECT ${ftsSpaceRowid()} AS fid, bm25(spaces_fts, ${weights}) AS rank FROM spaces_fts WHERE spaces_fts MATCH ${'"museum"*'}) f ON f.fid = s.rowid
      WHERE ${listedSpace('s', 'sqlite')} ORDER BY f.rank, s.views DESC, s.rowid DESC`.execute(db);
    expect(all).toEqual(plain.rows.map((r) => r.id));
  });

  test('SQLite, more matches than the relevance pool: the 1,000 most viewed are ranked, the rest follow by views; views sort and changes of views follow', async () => {
    const t = await fixtureApp();
    if (t.db.dialect !== 'sqlite') return;
    const db = t.db.kysely;
    const museum = await db.selectFrom('spaces').selectAll().where('id', '=', W.space.museum).executeTakeFirstOrThrow();
    // 1,150 more museums, all public: 1,000 viewed ones fill the pool; the 150 never viewed have the shortest, best-ranked names.
    const bulk = Array.from({ length: RELEVANCE_POOL + 150 }, (_, i) => ({
      ...museum,
      id: `pool-${i}`,
      modelId: `POOL${i}`,
      slug: `pool-${i}`,
      name: i < 150 ? `Museum ${i}` : `Museum annex annex annex ${i}`,
      views: i < 150 ? 0 : i,
      visibility: 'PUBLIC',
    }));
    for (let i = 0; i < bulk.length; i += 100)
      await db
        .insertInto('spaces')
        .values(bulk.slice(i, i + 100))
        .execute();
    const ask = async (body: Record<string, unknown>) =>
      CardPage.parse(await json(await t.post('/api/content/space/search/', { searchText: 'museum', pageSize: 100, ...body })));
    const byViews = await db.selectFrom('spaces').select(['id', 'views']).where('visibility', '=', 'PUBLIC').execute();
    const views = new Map(byViews.map((r) => [r.id, Number(r.views)]));

    const all = (await Promise.all(Array.from({ length: 12 }, (_, i) => ask({ page: i + 1 })))).flatMap((p) => p.results.map((c) => c.id));
    const total = (await ask({})).totalResults;
    expect(new Set(all).size).toBe(total);
    // The short names are among the least viewed: outside the pool, they come last, in views order.
    const tail = all.slice(-50);
    expect(tail.every((id) => (views.get(id) ?? 0) === 0)).toBe(true);
    expect(all.slice(0, 10).every((id) => (views.get(id) ?? 0) > 0)).toBe(true);

    // The views sort walks the index's order: views, then the newest first.
    const top = (await ask({ sort: 'views', pageSize: 30 })).results.map((c) => views.get(c.id) ?? 0);
    expect(top).toEqual([...top].sort((a, b) => b - a));
    // A change of views moves the space in the index's order (the trigger re-keys its row).
    await db.updateTable('spaces').set({ views: 1_000_000 }).where('id', '=', 'pool-3').execute();
    expect((await ask({ sort: 'views', pageSize: 1 })).results[0]?.id).toBe('pool-3');
    expect((await ask({})).results[0]?.id).toBe('pool-3');
  });

  test('a prefix of a few words, a word and several words: the same matches and totals as the words say (SQLite counts from the vocabulary, PostgreSQL from space_words)', async () => {
    const t = await fixtureApp();
    const db = t.db.kysely;
    const museum = await db.selectFrom('spaces').selectAll().where('id', '=', W.space.museum).executeTakeFirstOrThrow();
    const names: [string, number, string][] = [
      ['Harbour Lodge', 5, 'PUBLIC'],
      ['Harbours Lodge', 9, 'PUBLIC'],
      ['Harbour Harbours Loft', 3, 'PUBLIC'],
      ['Harbourside Loft', 7, 'PUBLIC'],
      ['Harbour Private', 8, 'PRIVATE'],
      ['Harbours Hidden', 6, 'PUBLIC'],
    ];
    const rows = names.map(([name, views, visibility], i) => ({
      ...museum,
      id: `harb-${i}`,
      modelId: `HARB${i}`,
      slug: `harb-${i}`,
      name,
      views,
      visibility,
      tags: '[]',
    }));
    await db.insertInto('spaces').values(rows).execute();
    await db
      .insertInto('moderation_records')
      .values({
        id: 'mod-harb',
        creatorUserId: W.user.admin,
        itemId: 'harb-5',
        itemType: 'SPACE',
        reason: 'Reported',
        createdAt: museum.createdAt,
        updatedAt: museum.createdAt,
      })
      .execute();
    // The vocabulary read again: it is the index's own, so a prefix is searched and counted as the words it begins.
    await refreshVocabulary({ db, dialect: t.db.dialect } as ContentCtx);
    const listed = rows.slice(0, 4);
    const expected = (test: (words: string[]) => boolean) =>
      listed
        .filter((r) => test(r.name.toLowerCase().split(' ')))
        .map((r) => r.id)
        .sort();
    const cases: [string, (words: string[]) => boolean][] = [
      ['harb', (w) => w.some((x) => x.startsWith('harb'))],
      ['harbour', (w) => w.some((x) => x.startsWith('harbour'))],
      ['harbours', (w) => w.some((x) => x.startsWith('harbours'))],
      // Not the last word: matched whole (the API trims a trailing space, so the last word is always a prefix).
      ['harbour loft', (w) => w.includes('harbour') && w.some((x) => x.startsWith('loft'))],
      ['harbour lod', (w) => w.includes('harbour') && w.includes('lodge')],
      ['lodge harbo', (w) => w.includes('lodge') && w.some((x) => x.startsWith('harbo'))],
    ];
    for (const [searchText, test] of cases) {
      for (const sort of ['relevance', 'views'] as const) {
        const p = CardPage.parse(await json(await t.post('/api/content/space/search/', { searchText, sort, pageSize: 50 })));
        expect([ids(p), p.totalResults], `${searchText} (${sort})`).toEqual([expected(test), expected(test).length]);
      }
    }
    const byViews = CardPage.parse(await json(await t.post('/api/content/space/search/', { searchText: 'harb', sort: 'views', pageSize: 50 })));
    expect(byViews.results.map((r) => r.id)).toEqual(['harb-1', 'harb-3', 'harb-0', 'harb-2']);
  });

  test('the header preview asks for 3 results over every field', async () => {
    const p = await search({ searchText: 'm', searchBy: { name: true, summary: true, tag: true, location: true, description: true }, page: 1, pageSize: 3 });
    expect(p.results.length).toBeLessThanOrEqual(3);
    const p2 = await search({ searchText: 'mu', searchBy: { name: true, summary: true, tag: true, location: true, description: true }, page: 1, pageSize: 3 });
    expect(ids(p2)).toEqual([W.space.moma, W.space.museum].sort());
    expect(p2.totalResults).toBe(2);
  });

  test('no typed text can break the query: nasty input answers 200, too long answers 400', async () => {
    const t = await fixtureApp();
    const nasty = [
      '"',
      '*',
      'AND (',
      'OR',
      'NOT',
      'NEAR(a b)',
      ')',
      '^',
      '-',
      ':',
      'name:',
      '{name}:x',
      'a"b',
      '🏠',
      '🏠 museum',
      "'; DROP TABLE spaces; --",
      '\\',
      '%_%',
      '"""',
      'museum*',
      '   ',
      'ẞ',
    ];
    for (const searchText of nasty) {
      const res = await t.post('/api/content/space/search/', { searchText });
      expect(res.status, `searchText ${JSON.stringify(searchText)}`).toBe(200);
      CardPage.parse(await res.json());
    }
    const emojiMuseum = CardPage.parse(await json(await t.post('/api/content/space/search/', { searchText: '🏠 museum' })));
    expect(emojiMuseum.totalResults).toBe(2);
    // A NUL is refused on every input (issue 15), before the query.
    expect(ApiErrorBody.parse(await json(await t.post('/api/content/space/search/', { searchText: '\u0000' }), 400)).code).toBe('BAD_REQUEST');
    const long = ApiErrorBody.parse(await json(await t.post('/api/content/space/search/', { searchText: 'x'.repeat(5000) }), 400));
    expect(long.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(long.extra)).toContain('searchText');
    expect((await t.post('/api/content/space/search/', '{not json')).status).toBe(400);
    expect((await t.post('/api/content/space/search/', { pageSize: 1000 })).status).toBe(400);
    expect((await t.post('/api/content/space/search/', { filters: [{ facet: 'nope', filterType: 'must', query: ['X'] }] })).status).toBe(400);
    // The GET list takes text too.
    expect((await t.get(`/api/content/space/?searchText=${encodeURIComponent('AND ( "')}`)).status).toBe(200);
  });
});

describe('POST /api/content/space/searchByCamera/', () => {
  test('maps a site camera type to its filters', async () => {
    const t = await fixtureApp();
    const find = async (cameraModelId: string) => CardPage.parse(await json(await t.post('/api/content/space/searchByCamera/', { cameraModelId })));
    expect(ids(await find('android-smartphone-capture'))).toEqual([W.space.cafe, W.space.galaxy].sort());
    expect(ids(await find('iphone-smartphone-capture'))).toEqual([W.space.mixed, W.space.moma, W.space.museum].sort());
    expect(ids(await find('matterport-pro2'))).toEqual([W.space.bobs, W.space.loft, W.space.moma].sort());
    expect((await find('matterport-pro2')).results[0]?.id).toBe(W.space.moma);
    expect(CAMERA_TYPES.length).toBeGreaterThan(10);
    expect((await t.post('/api/content/space/searchByCamera/', { cameraModelId: 'polaroid' })).status).toBe(404);
    expect((await t.post('/api/content/space/searchByCamera/', {})).status).toBe(400);
    const withText = CardPage.parse(await json(await t.post('/api/content/space/searchByCamera/', { cameraModelId: 'matterport-pro2', searchText: 'loft' })));
    expect(ids(withText)).toEqual([W.space.loft]);
  });
});

describe('related spaces', () => {
  test('search/related: spaces sharing tags, most shared first, never the space itself', async () => {
    const t = await fixtureApp();
    const p = CardPage.parse(await json(await t.post('/api/content/space/search/related/', { spaceId: 'MOMANYC0001' })));
    expect(p.results.map((s) => s.id)).toEqual([W.space.museum, W.space.loft]);
    expect(p.totalResults).toBe(2);
  });

  test('searchByCamera/related: spaces with the same cameras, or those of a camera type', async () => {
    const t = await fixtureApp();
    const own = CardPage.parse(await json(await t.post('/api/content/space/searchByCamera/related/', { spaceId: W.space.moma })));
    expect(own.results.map((s) => s.id)).toEqual([W.space.loft, W.space.bobs]);
    const typed = CardPage.parse(
      await json(await t.post('/api/content/space/searchByCamera/related/', { spaceId: W.space.moma, cameraModelId: 'iphone-smartphone-capture' })),
    );
    expect(ids(typed)).toEqual([W.space.mixed, W.space.museum].sort());
  });

  test('unknown or hidden spaces answer 404', async () => {
    const t = await fixtureApp();
    expect((await t.post('/api/content/space/search/related/', { spaceId: 'nope' })).status).toBe(404);
    expect((await t.post('/api/content/space/search/related/', { spaceId: 'OFFICEPRV01' })).status).toBe(404);
    expect((await t.post('/api/content/space/searchByCamera/related/', { spaceId: 'CASTLEMOD01' })).status).toBe(404);
    expect((await t.post('/api/content/space/search/related/', {})).status).toBe(400);
  });
});
