/**
 * PostgreSQL's popularity-ordered search index (migrations 020 and 021): space_words and
 * space_word_prefixes always say what the spaces' searched text, views and visibility say, after
 * statements that insert, update and delete many spaces at once in one transaction, and a large
 * statement keeps each prefix's count in one update (a 300-space insert once took seconds per
 * statement). PostgreSQL pass only.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../src/server/db/test-databases.ts';
import { seedWorld } from '../../scripts/seed/seed-world.ts';
import { bulkSpaceChanges } from '../api/search-bulk-changes.ts';

let pg: TestDatabase;

beforeAll(async () => {
  pg = await openTestDatabase();
  await seedWorld(pg.db, { spaces: 600, seed: 20261127, mediaDir: '/tmp/discover-search-words-media' });
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

/** Rows of space_words that differ from a recomputation from spaces (either side), and prefix counts that differ. */
async function drift(): Promise<{ words: number; prefixes: number }> {
  const k = pg.db.kysely;
  const words = await sql<{ n: number }>`
    WITH expected AS (
      SELECT l.lexeme AS word, s.visibility = 'PUBLIC' AS public, s.views, s.id AS space_id FROM spaces s, unnest(s.search_vector) l
    )
    SELECT count(*)::int AS n FROM (
      (SELECT * FROM expected EXCEPT SELECT word, public, views, space_id FROM space_words)
      UNION ALL
      (SELECT word, public, views, space_id FROM space_words EXCEPT SELECT * FROM expected)
    ) d`.execute(k);
  const prefixes = await sql<{ n: number }>`
    WITH expected AS (
      SELECT left(w.word, n) AS prefix, count(DISTINCT w.space_id)::int AS docs FROM space_words w, generate_series(4, length(w.word)) n WHERE w.public GROUP BY 1
    )
    SELECT count(*)::int AS n FROM expected e FULL JOIN space_word_prefixes p ON p.prefix = e.prefix
    WHERE coalesce(e.docs, 0) <> coalesce(p.docs, 0)`.execute(k);
  return { words: words.rows[0]?.n ?? -1, prefixes: prefixes.rows[0]?.n ?? -1 };
}

test('space_words and the prefix counts follow inserts, updates and deletes of many spaces in one transaction', async () => {
  expect(await drift()).toEqual({ words: 0, prefixes: 0 });
  const k = pg.db.kysely;
  // Copies, views of many spaces at once, the searched text of some, the visibility of others, an id, deletes.
  await k.transaction().execute((tx) =>
    bulkSpaceChanges(tx, 300, async () => {
      await tx.updateTable('spaces').set({ id: 'copy-renamed' }).where('id', '=', 'copy-0').execute();
    }),
  );
  expect(await drift()).toEqual({ words: 0, prefixes: 0 });
  const renamed = await sql<{ n: number }>`SELECT count(*)::int AS n FROM space_words WHERE space_id = 'copy-renamed'`.execute(k);
  expect(renamed.rows[0]?.n).toBeGreaterThan(0);
  const keeper = await sql<{ docs: number }>`SELECT docs FROM space_word_prefixes WHERE prefix = 'keeper'`.execute(k);
  expect(keeper.rows[0]?.docs).toBe(await publicWith('keeper'));
});

/** How many public spaces' searched text holds a word beginning with `prefix`. */
async function publicWith(prefix: string): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM spaces s WHERE s.visibility = 'PUBLIC' AND EXISTS (SELECT 1 FROM unnest(s.search_vector) l WHERE starts_with(l.lexeme, ${prefix}))`.execute(
    pg.db.kysely,
  );
  return r.rows[0]?.n ?? -1;
}
