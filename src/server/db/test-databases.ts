import { createHash } from 'node:crypto';
import pg from 'pg';
import { migrate, openDb, type Db } from './db.ts';

/**
 * The one switch that puts the API tests on PostgreSQL: with `TEST_POSTGRES_URL` set (a server where
 * the tests may create and drop databases; the PostgreSQL pass of `npm test` starts a throwaway
 * embedded cluster and sets it), every test app gets a fresh database copied from a migrated template
 * (`TEST_POSTGRES_TEMPLATE`, made once per run by `tests/pg/global-setup.ts`), else in-memory SQLite.
 */
export const testPostgresUrl = (): string | null => process.env['TEST_POSTGRES_URL'] || null;

let admin: pg.Pool | null = null;
let counter = 0;
let templateReady: Promise<string> | null = null;

/** A connection to the server's maintenance database, for CREATE/DROP DATABASE. */
function adminPool(server: string): pg.Pool {
  if (!admin) {
    admin = new pg.Pool({ connectionString: server, max: 2 });
    admin.on('error', () => undefined); // an idle connection closed by the server is replaced on next use
  }
  return admin;
}

/** A URL naming another database on the same server. */
export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The run's prefix for database names: every database a run creates starts with it (the teardown drops them). */
export const testDatabasePrefix = (): string => process.env['TEST_POSTGRES_PREFIX'] ?? 'discover_test';

/** The migrated template to copy: the run's, or one made now when a single file runs without the global setup. */
function template(server: string): Promise<string> {
  templateReady ??= (async () => {
    const given = process.env['TEST_POSTGRES_TEMPLATE'];
    if (given) return given;
    const name = `${testDatabasePrefix()}_tpl_${process.pid}`;
    await createMigratedTemplate(server, name);
    return name;
  })();
  return templateReady;
}

/** Creates (or re-creates) a database holding every migration, to copy test databases from. */
export async function createMigratedTemplate(server: string, name: string): Promise<void> {
  const pool = adminPool(server);
  await pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await pool.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  const db = openDb(databaseUrl(server, name));
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

/** Creates a database copied from the template; CREATE DATABASE from one template is serialized by the server, so retry when it is busy. */
async function createFromTemplate(server: string, name: string): Promise<void> {
  const tpl = await template(server);
  const pool = adminPool(server);
  for (let attempt = 0; ; attempt++) {
    try {
      await pool.query(`CREATE DATABASE ${name} TEMPLATE ${tpl}`);
      return;
    } catch (e) {
      const code = (e as { code?: string }).code;
      // 55006: the template is being accessed by other users (another CREATE copying it right now).
      if (code === '55006' && attempt < 50) {
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
        continue;
      }
      if (code === '42P04') return; // already exists (a named file database reopened)
      throw e;
    }
  }
}

/** A test database and how to get rid of it. */
export interface TestDatabase {
  db: Db;
  /** The database's URL on PostgreSQL (for other processes to open), null on SQLite. */
  url: string | null;
  /** Closes the connection and, for a fresh database, drops it. */
  close(): Promise<void>;
}

/**
 * Opens the database a test app runs on. `file` keeps its meaning on both backends: the same file
 * names the same database across apps (to test what survives a restart); a `postgres://` URL is
 * used as given.
 */
export async function openTestDatabase(file?: string): Promise<TestDatabase> {
  const server = testPostgresUrl();
  if (file && /^postgres(ql)?:\/\//.test(file)) {
    const db = openDb(file);
    await migrate(db);
    return { db, url: file, close: () => db.close() };
  }
  if (!server) {
    const db = openDb(file ?? ':memory:');
    await migrate(db);
    return { db, url: null, close: () => db.close() };
  }
  const prefix = testDatabasePrefix();
  const name = file ? `${prefix}_f_${createHash('sha256').update(file).digest('hex').slice(0, 16)}` : `${prefix}_${process.pid}_${++counter}`;
  await createFromTemplate(server, name);
  const url = databaseUrl(server, name);
  const db = openDb(url);
  await migrate(db);
  return {
    db,
    url,
    close: async () => {
      await db.close();
      if (!file) await adminPool(server).query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A fresh database with no migration run (to build an earlier release's schema with `migrate(db, { upTo })`):
 * a SQLite file in `dir`, or on PostgreSQL a new empty database of this run. Answers what a later
 * `openTestDatabase(location)` reopens: the file path, or the database's URL.
 */
export async function createEmptyTestDatabase(dir: string): Promise<string> {
  const server = testPostgresUrl();
  if (!server) return `${dir}/discover.sqlite`;
  const name = `${testDatabasePrefix()}_${process.pid}_${++counter}`;
  await adminPool(server).query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  return databaseUrl(server, name);
}

/** Drops one test database by its URL (its connections are ended). */
export async function dropTestDatabase(url: string): Promise<void> {
  const server = testPostgresUrl();
  const name = new URL(url).pathname.slice(1);
  if (!server || !/^[a-z0-9_]+$/.test(name)) return;
  await adminPool(server).query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Drops every database of this run (the global teardown); answers how many. */
export async function dropTestDatabases(server: string, prefix: string): Promise<number> {
  const pool = adminPool(server);
  const { rows } = await pool.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}\\_%`]);
  for (const { datname } of rows) await pool.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  return rows.length;
}

/** Closes the maintenance connection (end of a run). */
export async function closeTestAdmin(): Promise<void> {
  const pool = admin;
  admin = null;
  templateReady = null;
  await pool?.end();
}
