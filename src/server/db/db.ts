import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { NodeSqliteDatabase } from './node-sqlite.ts';
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

/** Which database engine a connection speaks. */
export type Dialect = 'sqlite' | 'postgres';

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

/** Runs every pending migration; throws with the failing migration's cause. */
export async function migrate(db: Db): Promise<void> {
  const migrations: Record<string, Migration> = {
    '001-initial': initial(db.dialect),
    '002-auth': auth(db.dialect),
    '004-analytics': analytics(db.dialect),
    '005-outbox': outbox(db.dialect),
    '006-capture': capture(db.dialect),
    '007-marketplace': marketplace(db.dialect),
    '010-forms': forms(db.dialect),
    '011-search': search(db.dialect),
    '012-space-views': spaceViews(db.dialect),
    '013-pros': pros(db.dialect),
  };
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };
  // Features add their migrations independently: one merged after another has run on a database still runs.
  const { error, results } = await new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed.`, { cause: error });
  }
}
