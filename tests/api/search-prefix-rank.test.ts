import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { pageOf } from '../../src/domain/page.ts';
import { SpaceCard } from '../../src/domain/space.ts';
import { FTS_COLUMNS, FTS_WEIGHTS, ftsSpaceRowid } from '../../src/server/modules/spaces/fts.ts';
import { refreshVocabulary } from '../../src/server/modules/spaces/vocabulary.ts';
import type { ContentCtx } from '../../src/server/platform/content/context.ts';
import { listedSpace } from '../../src/server/platform/content/viewer.ts';
import { fixtureApp, json, W } from './fixtures.ts';

const CardPage = pageOf(SpaceCard);

test('a prefix of several indexed words is ranked as FTS5 ranks the prefix itself, exact ties included (SQLite composes it from each word)', async () => {
  const t = await fixtureApp();
  const db = t.db.kysely;
  const museum = await db.selectFrom('spaces').selectAll().where('id', '=', W.space.museum).executeTakeFirstOrThrow();
  // Three words beginning with "harbour", alone, together and repeated, in fields of different weights and lengths.
  const names = ['Harbour', 'Harbours', 'Harbourside', 'Harbour harbours', 'Harbour harbour', 'Harbours harbourside view', 'Old dock'];
  const descriptions = ['', 'harbours and harbourside', 'a harbour', 'long text '.repeat(5)];
  const rows = Array.from({ length: 84 }, (_, i) => ({
    ...museum,
    id: `hp-${i}`,
    modelId: `HP${i}`,
    slug: `hp-${i}`,
    name: `${names[i % names.length]} ${'annex '.repeat(i % 3)}`.trim(),
    summary: '',
    description: descriptions[i % descriptions.length] as string,
    tags: i % 5 === 0 ? '["harbours"]' : '[]',
    views: i % 4,
    visibility: i % 11 === 0 ? 'PRIVATE' : 'PUBLIC',
  }));
  await db.insertInto('spaces').values(rows).execute();
  // The vocabulary read again: it is the index's own, so the prefix stands for the words it begins.
  await refreshVocabulary({ db, dialect: t.db.dialect } as ContentCtx);

  for (const searchText of ['harbour', 'harbo', 'harbours']) {
    const page = CardPage.parse(await json(await t.post('/api/content/space/search/', { searchText, pageSize: 100 })));
    if (t.db.dialect !== 'sqlite') {
      expect(page.totalResults, searchText).toBeGreaterThan(0);
      continue;
    }
    const weights = sql.raw(FTS_COLUMNS.map((c) => FTS_WEIGHTS[c]).join(', '));
    const plain = await sql<{ id: string }>`SELECT s.id FROM spaces s
      JOIN (SELECT ${ftsSpaceRowid()} AS fid, bm25(spaces_fts, ${weights}) AS rank FROM spaces_fts WHERE spaces_fts MATCH ${`"${searchText}"*`}) f ON f.fid = s.rowid
      WHERE ${listedSpace('s', 'sqlite')} ORDER BY f.rank, s.views DESC, s.rowid DESC`.execute(db);
    expect(
      page.results.map((s) => s.id),
      searchText,
    ).toEqual(plain.rows.map((r) => r.id));
    expect(page.totalResults, searchText).toBe(plain.rows.length);
  }
});
