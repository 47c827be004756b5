/**
 * SQLite's stored scores (migration 023): spaces_fts_scores always holds, for every word of every row
 * of spaces_fts, the word's hits weighted by column and the row's token count, as FTS5's own instance
 * vocabulary of spaces_fts says, after statements that insert, update (text, views, visibility) and
 * delete many spaces at once in one transaction; and the index's stamp (`spaces_fts_stamp`) moves only
 * when its words change. SQLite pass only (PostgreSQL: tests/pg/search-words).
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../src/server/db/test-databases.ts';
import { FTS_WEIGHTS } from '../../src/server/modules/spaces/fts.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { seedWorld } from '../../scripts/seed/seed-world.ts';
import { searchPlanOf } from '../../src/server/modules/spaces/spaces.queries.ts';
import { refreshVocabulary } from '../../src/server/modules/spaces/vocabulary.ts';
import type { ContentCtx } from '../../src/server/platform/content/context.ts';
import { viewerOf } from '../../src/server/platform/content/viewer.ts';
import { systemClock } from '../../src/server/platform/clock.ts';
import { setSetting } from './fixtures.ts';
import { bulkSpaceChanges } from './search-bulk-changes.ts';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
  if (t.db.dialect === 'sqlite') await seedWorld(t.db, { spaces: 300, seed: 20261127, mediaDir: '/tmp/discover-search-scores-media' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const weight = sql.raw(
  `(CASE col ${Object.entries(FTS_WEIGHTS)
    .map(([c, w]) => `WHEN '${c}' THEN ${w}`)
    .join(' ')} END)`,
);

/** Rows of spaces_fts_scores that differ from FTS5's instance vocabulary of spaces_fts (either side), and how many rows there are. */
async function drift(k: Kysely<Database>): Promise<{ differ: number; rows: number }> {
  await sql`CREATE VIRTUAL TABLE IF NOT EXISTS temp.check_instances USING fts5vocab(main, spaces_fts, instance)`.execute(k);
  const r = await sql<{ differ: number; rows: number }>`
    WITH sizes AS MATERIALIZED (SELECT doc, count(*) AS size FROM temp.check_instances GROUP BY doc),
    expected AS MATERIALIZED (SELECT i.term AS word, i.doc AS key, sum(${weight}) AS w, z.size FROM temp.check_instances i JOIN sizes z ON z.doc = i.doc GROUP BY i.term, i.doc)
    SELECT (SELECT count(*) FROM (SELECT * FROM expected EXCEPT SELECT word, key, w, size FROM spaces_fts_scores
        UNION ALL SELECT * FROM (SELECT word, key, w, size FROM spaces_fts_scores EXCEPT SELECT * FROM expected))) AS differ,
      (SELECT count(*) FROM spaces_fts_scores) AS rows`.execute(k);
  return { differ: Number(r.rows[0]?.differ ?? -1), rows: Number(r.rows[0]?.rows ?? 0) };
}

test('the stored scores follow inserts, updates of text, views and visibility, and deletes of many spaces in one transaction', async (ctx) => {
  if (t.db.dialect !== 'sqlite') return ctx.skip();
  const k = t.db.kysely;
  const before = await drift(k);
  expect(before.differ).toBe(0);
  expect(before.rows).toBeGreaterThan(1000);
  await k.transaction().execute((tx) =>
    bulkSpaceChanges(tx, 200, async () => {
      // Text and views in one statement, a field emptied, a field set to what it was.
      await tx
        .updateTable('spaces')
        .set({ description: 'lighthouse lighthouse', views: sql`views + 1` })
        .where('id', 'like', 'copy-5%')
        .execute();
      await tx.updateTable('spaces').set({ summary: '' }).where('id', 'like', 'copy-6%').execute();
      await tx
        .updateTable('spaces')
        .set({ city: sql`city`, views: sql`views + 2` })
        .where('id', 'like', 'copy-7%')
        .execute();
    }),
  );
  const after = await drift(k);
  expect(after.differ).toBe(0);
  expect(after.rows).toBeGreaterThan(before.rows);
  // Rows lost are rebuilt as spaces_fts' are, by setting a text field to itself (the admin's re-import does).
  await sql`DELETE FROM spaces_fts_scores WHERE key IN (SELECT key FROM spaces_fts_scores WHERE word = 'harbourside' LIMIT 20)`.execute(k);
  expect((await drift(k)).differ).toBeGreaterThan(0);
  await sql`UPDATE spaces SET name = name, views = views + 3 WHERE name LIKE 'Harbourside%'`.execute(k);
  expect(await drift(k)).toEqual(after);
  // Nothing is left behind in the scratch index the triggers tokenize through.
  const scratch = await sql<{ n: number }>`SELECT count(*) AS n FROM spaces_fts_scratch_instances`.execute(k);
  expect(Number(scratch.rows[0]?.n)).toBe(0);
});

test('what a search takes from the vocabulary holds across writes that leave the index’s words alone (analytics, views), not across a text change', async (ctx) => {
  if (t.db.dialect !== 'sqlite') return ctx.skip();
  const k = t.db.kysely;
  const content: ContentCtx = { db: k, dialect: 'sqlite', viewer: viewerOf(null), showViews: true, clock: systemClock };
  await refreshVocabulary(content);
  const holds = async () => (await searchPlanOf(content, 'harbours'))?.terms !== undefined;
  expect(await holds()).toBe(true);
  // Writes elsewhere and a change of views (a key move) keep the plan's words and counts.
  await setSetting(k, 'search-scores-test', String(Math.random()));
  await sql`UPDATE spaces SET views = views + 5 WHERE name LIKE 'Harbourside%'`.execute(k);
  expect(await holds()).toBe(true);
  // A new word: the plan no longer holds until the vocabulary is read again.
  await sql`UPDATE spaces SET summary = 'harboursmith' WHERE id = (SELECT min(id) FROM spaces)`.execute(k);
  expect(await holds()).toBe(false);
  await refreshVocabulary(content);
  expect(await holds()).toBe(true);
});
