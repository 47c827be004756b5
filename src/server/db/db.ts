import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { NodeSqliteDatabase } from './node-sqlite.ts';
import type { Dialect } from './dialect.ts';
import type { Database } from './schema.ts';
import { initial } from './migrations/001-initial.ts';
import { auth } from './migrations/002-auth.ts';
import { analytics } from './migrations/004-analytics.ts';
import { outbox } from './migrations/005-outbox.ts';
import { capture } from './migrations/006-capture.ts';
import { marketplace } from './migrations/007-marketplace.ts';
import { forms } from './migrations/010-forms.ts';
import { search } from './migrations/011-search.ts';
import { spaceViews } from './migrations/012-space-views.ts';
import { pros } from './migrations/013-pros.ts';
import { tours } from './migrations/014-tours.ts';
import { searchArea } from './migrations/015-search-area.ts';
import { captures } from './migrations/016-captures.ts';
import { captureDelivery } from './migrations/017-capture-delivery.ts';
import { localeTexts } from './migrations/018-locale-texts.ts';
import { searchOrder } from './migrations/019-search-order.ts';
import { searchWords } from './migrations/020-search-words.ts';
import { searchWordsPerStatement } from './migrations/021-search-words-per-statement.ts';
import { searchVocabulary } from './migrations/022-search-vocabulary.ts';
import { searchScores } from './migrations/023-search-scores.ts';

/** A connected database with the engine it runs on. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The raw node:sqlite handle when embedded, for FTS queries and bulk seeding. */
  sqlite: NodeSqliteDatabase | null;
  close(): Promise<void>;
}

/** Opens the database named by a URL: `postgres://…` for PostgreSQL, otherwise a SQLite file path (or `:memory:`). */
export function openDb(url: string): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection the server closes (a restart, a fail-over, an administrator) is dropped from
    // the pool and replaced on next use; without a listener node-postgres would crash the process.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.warn('PostgreSQL connection lost:', err.message);
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', sqlite: null, close: () => kysely.destroy() };
  }
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const sqlite = new NodeSqliteDatabase(url);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', sqlite, close: () => kysely.destroy() };
}

/** The engine behind a Kysely handle (a transaction too), for code that gets a handle without its Db. */
export function dialectOf(kysely: Kysely<Database>): Dialect {
  return kysely.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Every migration by name; the names sort in the order they run. A migration is frozen once
 * released: it is typed `Kysely<any>` and imports nothing of the app (not the schema), so changing
 * the schema later cannot change what an old migration does. Only this file imports them
 * (eslint.config.js forbids it elsewhere).
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial': initial(dialect),
    '002-auth': auth(dialect),
    '004-analytics': analytics(dialect),
    '005-outbox': outbox(dialect),
    '006-capture': capture(dialect),
    '007-marketplace': marketplace(dialect),
    '010-forms': forms(dialect),
    '011-search': search(dialect),
    '012-space-views': spaceViews(dialect),
    '013-pros': pros(dialect),
    '014-tours': tours(dialect),
    '015-search-area': searchArea(dialect),
    '016-captures': captures(dialect),
    '017-capture-delivery': captureDelivery(dialect),
    '018-locale-texts': localeTexts(dialect),
    '019-search-order': searchOrder(dialect),
    '020-search-words': searchWords(dialect),
    '021-search-words-per-statement': searchWordsPerStatement(dialect),
    '022-search-vocabulary': searchVocabulary(dialect),
    '023-search-scores': searchScores(dialect),
  };
}

/** The names of every migration in the order they run (the upgrade test steps through them). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations('sqlite')).sort();

/**
 * Runs every pending migration, or with `upTo` those up to and including that one (the upgrade test
 * makes an earlier release's database this way); throws with the failing migration's cause.
 */
export async function migrate(db: Db, options: { upTo?: string } = {}): Promise<void> {
  const all = migrations(db.dialect);
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(all) };
  // Features add their migrations independently: one merged after another has run on a database still runs.
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = await (options.upTo === undefined ? migrator.migrateToLatest() : migrator.migrateTo(options.upTo));
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed.`, { cause: error });
  }
}
