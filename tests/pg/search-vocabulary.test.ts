/**
 * PostgreSQL's typo vocabulary (migration 022) always says what `ts_stat` over the spaces' search
 * vectors says, after statements that insert, update and delete many spaces at once in one
 * transaction, and its stamp moves only when the words change: a server rereads the vocabulary
 * after an edit of a space's text, not after every view counted. PostgreSQL pass only.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../src/server/db/test-databases.ts';
import { seedWorld } from '../../scripts/seed/seed-world.ts';
import { systemClock } from '../../src/server/platform/clock.ts';
import { viewerOf } from '../../src/server/platform/content/viewer.ts';
import { correctionsOf } from '../../src/server/modules/spaces/typos.ts';
import { refreshVocabulary, vocabularyOf } from '../../src/server/modules/spaces/vocabulary.ts';

let pg: TestDatabase;

beforeAll(async () => {
  pg = await openTestDatabase();
  await seedWorld(pg.db, { spaces: 300, seed: 20261128, mediaDir: '/tmp/discover-search-vocabulary-media' });
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

/** Words whose count differs between the vocabulary table and ts_stat (either side). */
async function drift(): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (SELECT word, docs FROM space_word_vocabulary WHERE docs > 0) v
    FULL JOIN ts_stat('SELECT search_vector FROM spaces') t ON t.word = v.word
    WHERE v.docs IS DISTINCT FROM t.ndoc`.execute(pg.db.kysely);
  return r.rows[0]?.n ?? -1;
}

/** The stamp servers compare: the sum of the rows' versions. */
async function stamp(): Promise<string> {
  const r = await sql<{ s: string }>`SELECT coalesce(sum(version), 0)::text AS s FROM space_word_vocabulary`.execute(pg.db.kysely);
  return r.rows[0]?.s ?? '';
}

test('the vocabulary follows inserts, updates and deletes of many spaces in one transaction', async () => {
  expect(await drift()).toBe(0);
  const k = pg.db.kysely;
  await k.transaction().execute(async (tx) => {
    const some = await tx.selectFrom('spaces').selectAll().orderBy('id').limit(200).execute();
    await tx
      .insertInto('spaces')
      .values(some.map((s, i) => ({ ...s, id: `voc-${i}`, modelId: `VOC${i}`, slug: `voc-${i}`, name: `Quayside ${s.name}` })))
      .execute();
    await tx.updateTable('spaces').set({ name: 'Zeppelin hangar workshop' }).where('id', 'like', 'voc-1%').execute();
    await tx.updateTable('spaces').set({ visibility: 'PRIVATE' }).where('id', 'like', 'voc-2%').execute();
    await tx.updateTable('spaces').set({ id: 'voc-renamed' }).where('id', '=', 'voc-0').execute();
    await tx.deleteFrom('spaces').where('id', 'like', 'voc-3%').execute();
  });
  expect(await drift()).toBe(0);
  // Every "Quayside" copy deleted: the word leaves the vocabulary.
  await k.deleteFrom('spaces').where('name', 'like', 'Quayside%').execute();
  expect(await drift()).toBe(0);
  const gone = await sql<{ docs: number }>`SELECT docs FROM space_word_vocabulary WHERE word = 'quayside'`.execute(k);
  expect(gone.rows.map((r) => r.docs)).toEqual([0]);
});

test('counting views leaves the stamp alone; a new word moves it and becomes a correction once read', async () => {
  const k = pg.db.kysely;
  const ctx = { db: k, dialect: pg.db.dialect, viewer: viewerOf(null), showViews: true, clock: systemClock };
  const before = await stamp();
  await k
    .updateTable('spaces')
    .set({ views: sql`views + 3` })
    .execute();
  await k.updateTable('spaces').set({ visibility: 'UNLISTED' }).where('id', 'in', k.selectFrom('spaces').select('id').orderBy('id').limit(5)).execute();
  expect(await stamp()).toBe(before);

  expect(correctionsOf(await vocabularyOf(ctx), 'bathyscaphe')).toEqual([]);
  await k.updateTable('spaces').set({ name: 'Bathyscaphe museum' }).where('id', 'in', k.selectFrom('spaces').select('id').orderBy('id').limit(1)).execute();
  expect(await stamp()).not.toBe(before);
  expect(await drift()).toBe(0);
  expect(correctionsOf(await refreshVocabulary(ctx), 'bathyscaphr')[0]?.word).toBe('bathyscaphe');
});
