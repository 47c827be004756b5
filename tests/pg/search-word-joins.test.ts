/**
 * PostgreSQL's search of several words (src/server/modules/spaces/search-words.ts) answers the same
 * whether the other words are looked up by key for each match of the rarest one or joined as lists
 * read in key order ("modern off": a lookup per row of "modern" for each word "off" begins cost
 * ~170 ms at 100,000 spaces): the same spaces in the same order and the same count, for relevance and
 * views, first and later pages. PostgreSQL pass only.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../src/server/db/test-databases.ts';
import { seedWorld } from '../../scripts/seed/seed-world.ts';
import type { ContentCtx } from '../../src/server/platform/content/context.ts';
import { systemClock } from '../../src/server/platform/clock.ts';
import { viewerOf } from '../../src/server/platform/content/viewer.ts';
import { searchPlanOf } from '../../src/server/modules/spaces/spaces.queries.ts';
import { pgWordRows, wordTerms, type WordRowsQuery } from '../../src/server/modules/spaces/search-words.ts';
import { vocabularyOf } from '../../src/server/modules/spaces/vocabulary.ts';

/** Two and three words, the last being typed (a prefix of several words), common and rare words, typos. */
const QUERIES = [
  'modern off',
  'house gar',
  'the and',
  'garden bed',
  'light vie',
  'open plan kit',
  'view of the sea',
  'loft offi',
  'lighthouse the',
  'modern house gar',
  'musuem gallery ',
];

let pg: TestDatabase;
let ctx: ContentCtx;

beforeAll(async () => {
  pg = await openTestDatabase();
  await seedWorld(pg.db, { spaces: 500, seed: 20261129, mediaDir: '/tmp/discover-search-word-joins-media' });
  ctx = { db: pg.db.kysely, dialect: pg.db.dialect, viewer: viewerOf(null), showViews: true, clock: systemClock };
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

/** The ids of a window and the count, the other words matched one way. */
async function answer(text: string, order: WordRowsQuery['order'], others: WordRowsQuery['others'], offset: number) {
  const plan = await searchPlanOf(ctx, text);
  const terms = await wordTerms(ctx, text, plan);
  if (!terms) throw new Error(`"${text}" is not a search of plain words`);
  const vocab = await vocabularyOf(ctx);
  const r = await pgWordRows<{ id: string }>(
    ctx,
    terms,
    { order, pool: 40, ...(others ? { others } : {}) },
    { offset, limit: 15 },
    (t) => vocab.docs.get(t) ?? 0,
    sql`s.id`,
  );
  return { ids: r.rows.map((x) => x.id), total: r.total };
}

test('lookups and joins give the same spaces, order and count', async () => {
  let matched = 0;
  for (const text of QUERIES) {
    for (const order of ['relevance', 'views'] as const) {
      for (const offset of [0, 30]) {
        const looked = await answer(text, order, 'lookup', offset);
        expect(await answer(text, order, 'join', offset), `${text} (${order}, from ${offset})`).toEqual(looked);
        expect(await answer(text, order, undefined, offset)).toEqual(looked);
        if (offset === 0 && looked.total > 0) matched++;
      }
    }
  }
  // Most of the queries match something in this world, so the comparison is not of empty answers.
  expect(matched).toBeGreaterThanOrEqual(QUERIES.length);
});
