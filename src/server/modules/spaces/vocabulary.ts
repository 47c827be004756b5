import { sql } from 'kysely';
import type { ContentCtx } from '../../platform/content/context.ts';
import { buildVocabulary, type Vocabulary } from './typos.ts';

/**
 * The search index's vocabulary (./typos.ts), read from the database and kept per database object:
 * SQLite's FTS5 table through an `fts5vocab` view of it, PostgreSQL's `space_word_vocabulary`
 * (migration 022: each word of the spaces' `search_vector` and how many spaces hold it, what
 * `ts_stat` gives, kept by triggers). Both index the same words (unicode61 with diacritics removed;
 * `simple` behind `unaccent`), so both backends correct a typo the same way.
 *
 * Freshness: the vocabulary is read again when the database says something changed, at most once per
 * `REFRESH_MS`: on SQLite after a change of the index's words (`spaces_fts_stamp`, migration 023, moved
 * by the triggers: not by other writes such as analytics, nor by a change of views, which used to make
 * every search after a write fall back to FTS5's slow prefix query until the words were read again);
 * on PostgreSQL after a change of the table, whose rows' versions only grow (their
 * sum is the stamp: one scan of a row per word, 0.3 ms at 10,000 spaces, where `ts_stat` took 160 ms).
 * PostgreSQL keeps a minute: rebuilding the typo index costs Node ~60 ms per 7,000 words, too much to
 * repeat every few seconds while spaces are being edited. The look and the reload run in the
 * background while searches use the words read before: a new word becomes typo-tolerant within a
 * second on SQLite and a minute on PostgreSQL, and is matched as typed at once either way.
 */

/** Least time between two looks at the database's stamp, per engine. */
const REFRESH_MS = { sqlite: 1000, postgres: 60_000 } as const;

interface Entry {
  vocab: Vocabulary;
  stamp: string;
  /** performance.now() of the read. */
  readAt: number;
  loading: Promise<void> | null;
}

const cache = new WeakMap<object, Entry>();

async function stampOf(ctx: ContentCtx): Promise<string> {
  if (ctx.dialect !== 'sqlite') {
    const r = await sql<{ s: string }>`SELECT coalesce(sum(version), 0)::text AS s FROM space_word_vocabulary`.execute(ctx.db);
    return `pg.${r.rows[0]?.s}`;
  }
  const r = await sql<{ v: number }>`SELECT v FROM spaces_fts_stamp WHERE id = 1`.execute(ctx.db);
  return sqliteIndexStamp(r.rows[0]?.v);
}

/** SQLite: the vocabulary's stamp from `spaces_fts_stamp.v` (migration 023: it moves when the index's words change, nothing else). */
export function sqliteIndexStamp(v: number | undefined): string {
  return `fts.${v ?? ''}`;
}

async function readWords(ctx: ContentCtx): Promise<[string, number][]> {
  if (ctx.dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE IF NOT EXISTS temp.spaces_fts_words USING fts5vocab(main, spaces_fts, row)`.execute(ctx.db);
    const r = await sql<{ term: string; doc: number }>`SELECT term, doc FROM temp.spaces_fts_words`.execute(ctx.db);
    return r.rows.map((w) => [w.term, Number(w.doc)]);
  }
  const r = await sql<{ word: string; docs: number }>`SELECT word, docs FROM space_word_vocabulary WHERE docs > 0`.execute(ctx.db);
  return r.rows.map((w) => [w.word, Number(w.docs)]);
}

async function load(ctx: ContentCtx, stamp: string): Promise<Entry> {
  const vocab = buildVocabulary(await readWords(ctx));
  return { vocab, stamp, readAt: performance.now(), loading: null };
}

/** The vocabulary of the context's database: read once, then refreshed in the background as described above. */
export async function vocabularyOf(ctx: ContentCtx): Promise<Vocabulary> {
  let entry = cache.get(ctx.db);
  if (!entry) {
    entry = await load(ctx, await stampOf(ctx));
    cache.set(ctx.db, entry);
    return entry.vocab;
  }
  const current = entry;
  if (!current.loading && performance.now() - current.readAt >= REFRESH_MS[ctx.dialect]) {
    // The look at the stamp, and the read when it moved, in the background: no search waits for either.
    current.loading = (async () => {
      const stamp = await stampOf(ctx);
      if (stamp !== current.stamp) cache.set(ctx.db, await load(ctx, stamp));
      else {
        current.readAt = performance.now();
        current.loading = null;
      }
    })().catch(() => {
      current.loading = null;
    });
  }
  return current.vocab;
}

/**
 * The vocabulary and whether it is the index's as it stands (SQLite only: read at the database's
 * current stamp, which it answers too), so that what is derived from it may stand for the index itself
 * (a prefix searched as the words it begins, ./typos.ts `completionsOf`, and their row counts).
 * PostgreSQL's is never taken as current.
 */
export async function currentVocabulary(ctx: ContentCtx): Promise<{ vocab: Vocabulary; current: boolean; stamp: string }> {
  const vocab = await vocabularyOf(ctx);
  if (ctx.dialect !== 'sqlite') return { vocab, current: false, stamp: '' };
  const entry = cache.get(ctx.db);
  const stamp = await stampOf(ctx);
  return { vocab, current: entry?.vocab === vocab && entry.stamp === stamp, stamp };
}

/** Reads the vocabulary again now (tests, and after bulk changes such as an import). */
export async function refreshVocabulary(ctx: ContentCtx): Promise<Vocabulary> {
  const entry = await load(ctx, await stampOf(ctx));
  cache.set(ctx.db, entry);
  return entry.vocab;
}
