/**
 * Search gives the same answers on both engines (issue 16): the same demo world seeded into SQLite
 * (FTS5, bm25) and PostgreSQL (tsvector, ts_rank), a fixed set of queries a visitor types, compared
 * by what matches (the same spaces, the same count) and by the top results. PostgreSQL pass only.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { pageOf } from '../../src/domain/page.ts';
import { SpaceCard } from '../../src/domain/space.ts';
import { createApp } from '../../src/server/app.ts';
import { migrate, openDb, type Db } from '../../src/server/db/db.ts';
import { openTestDatabase, type TestDatabase } from '../../src/server/db/test-databases.ts';
import { loadEnv } from '../../src/server/env.ts';
import { ContentEvents } from '../../src/server/platform/events.ts';
import { seedWorld } from '../../scripts/seed/seed-world.ts';

const CardPage = pageOf(SpaceCard).extend({ suggestion: z.string().nullable() });
const SPACES = 400;
/** Whole words, several words, a word being typed (prefix), a place, a tag, accents, nothing. */
const QUERIES = ['loft', 'museum', 'modern office', 'paris', 'restaurant', 'hotel lobby', 'gal', 'caf', 'studio', 'villa pool', 'zzzz', 'new york'];
const TOP = 5;
/**
 * Misspellings a visitor makes and the word meant (issue 25): a swap, a missing, extra or wrong
 * letter, two typos in a long word, a word still being typed, a rare word beside a common one.
 */
const MISSPELLED: [typed: string, meant: string][] = [
  ['lighthuose', 'lighthouse'],
  ['castel ', 'castle'],
  ['musuem ', 'museum'],
  ['apartmnet ', 'apartment'],
  ['restarant ', 'restaurant'],
  ['penthuose', 'penthouse'],
  ['catedral ', 'cathedral'],
  ['appartmant ', 'apartment'],
  ['lighthuo', 'lighthou'],
];

/** Lower case without accents ("Café" → "cafe"), as both engines match. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

let sqlite: Db;
let pg: TestDatabase;
const apps: { name: string; app: ReturnType<typeof createApp> }[] = [];

beforeAll(async () => {
  sqlite = openDb(':memory:');
  await migrate(sqlite);
  pg = await openTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/discover-test' });
  for (const [name, db] of [
    ['SQLite', sqlite],
    ['PostgreSQL', pg.db],
  ] as const) {
    await seedWorld(db, { spaces: SPACES, seed: 20261122, mediaDir: '/tmp/discover-parity-media' });
    apps.push({ name, app: createApp({ env, db, events: new ContentEvents(), resolveSession: () => Promise.resolve(null) }) });
  }
}, 120_000);

afterAll(async () => {
  await sqlite?.close();
  await pg?.close();
});

async function search(app: ReturnType<typeof createApp>, body: Record<string, unknown>) {
  const res = await app.request('/api/content/space/search/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return CardPage.parse(await res.json());
}

describe('search on SQLite and PostgreSQL', () => {
  test.each(QUERIES)('%j: the same matches, and the same top results', async (searchText) => {
    const [lite, post] = await Promise.all(apps.map(({ app }) => search(app, { searchText, pageSize: 100 })));
    if (!lite || !post) throw new Error('two backends expected');
    // The same spaces match (all words required, the last one as a prefix).
    expect(post.totalResults).toBe(lite.totalResults);
    expect(new Set(post.results.map((r) => r.id))).toEqual(new Set(lite.results.map((r) => r.id)));
    // Ranking: both rank the same pool (the most viewed matches) and weigh the fields alike (SQLite's
    // bm25, PostgreSQL's stored word scores: docs/search.md), so their first five share at least three;
    // near-ties (a dozen "Café …" names) may order differently.
    const topLite = lite.results.slice(0, TOP).map((r) => r.id);
    const topPost = post.results.slice(0, TOP).map((r) => r.id);
    const shared = topPost.filter((id) => topLite.includes(id)).length;
    expect(shared).toBeGreaterThanOrEqual(Math.min(topLite.length, TOP - 2));
    // What a visitor expects first: when some match has every word typed in its name, both engines put one first.
    const inName = (name: string) => {
      const words = fold(name).split(/[^\p{L}\p{N}]+/u);
      return fold(searchText)
        .split(/\s+/)
        .every((typed) => words.some((w) => w.startsWith(typed)));
    };
    if (lite.results.some((r) => inName(r.name))) {
      expect(inName(lite.results[0]?.name ?? ''), `SQLite's first: ${lite.results[0]?.name}`).toBe(true);
      expect(inName(post.results[0]?.name ?? ''), `PostgreSQL's first: ${post.results[0]?.name}`).toBe(true);
    }
  });

  test.each(MISSPELLED)('%j finds %j: the same matches and suggestion on both', async (searchText, meant) => {
    const [lite, post] = await Promise.all(apps.map(({ app }) => search(app, { searchText, pageSize: 100 })));
    if (!lite || !post) throw new Error('two backends expected');
    expect(lite.totalResults).toBeGreaterThan(0);
    expect(lite.suggestion?.trim()).toBe(meant);
    expect(post.suggestion).toBe(lite.suggestion);
    expect(post.totalResults).toBe(lite.totalResults);
    expect(new Set(post.results.map((r) => r.id))).toEqual(new Set(lite.results.map((r) => r.id)));
  });

  test('the same camera facets and filters', async () => {
    const body = {
      searchText: '',
      filters: [
        { facet: 'cameraManufacturer', filterType: 'must', query: ['APPLE'] },
        { facet: 'cameraModel', filterType: 'must_not', query: ['IPHONE15PRO'] },
      ],
      sort: 'views',
      pageSize: 20,
    };
    const [lite, post] = await Promise.all(apps.map(({ app }) => search(app, body)));
    expect(post?.totalResults).toBe(lite?.totalResults);
    expect(post?.results.map((r) => r.id)).toEqual(lite?.results.map((r) => r.id));
  });
});
