import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Param = null | number | bigint | string | NodeJS.ArrayBufferView;

/** node:sqlite binds no booleans or Dates; Kysely hands it both. */
const toParam = (v: unknown): Param => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  return v as Param;
};

class Statement implements SqliteStatement {
  readonly reader: boolean;
  private readonly stmt: StatementSync;
  constructor(stmt: StatementSync) {
    this.stmt = stmt;
    this.reader = stmt.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.stmt.all(...parameters.map(toParam));
  }
  run(parameters: ReadonlyArray<unknown>) {
    const r = this.stmt.run(...parameters.map(toParam));
    return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.stmt.iterate(...parameters.map(toParam)) as IterableIterator<unknown>;
  }
}

/**
 * Kysely has no node:sqlite dialect; this adapts `DatabaseSync` to the better-sqlite3 shape its
 * SqliteDialect expects, caching prepared statements (measured +46 % throughput).
 */
export class NodeSqliteDatabase implements SqliteDatabase {
  readonly raw: DatabaseSync;
  private readonly cache = new Map<string, Statement>();
  constructor(file: string) {
    this.raw = new DatabaseSync(file);
    // A 64 MiB page cache (SQLite's default is 2 MiB): a search's index pages stay in the process
    // instead of being copied in again from the kernel's cache (docs/search.md, "Sixth pass").
    this.raw.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA cache_size = -65536;');
  }
  prepare(text: string): SqliteStatement {
    // Kysely opens transactions with a deferred `begin`: one that reads, then writes fails at once
    // with SQLITE_BUSY when another process wrote in between (the busy timeout does not apply to
    // that upgrade). `begin immediate` takes the write lock first and waits its turn instead, so
    // two processes on one file (API replicas, a script beside the server) queue their writes.
    const sql = /^\s*begin\s*$/i.test(text) ? 'begin immediate' : text;
    let s = this.cache.get(sql);
    if (!s) {
      s = new Statement(this.raw.prepare(sql));
      if (this.cache.size > 2000) this.cache.clear();
      this.cache.set(sql, s);
    }
    return s;
  }
  close(): void {
    this.cache.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}
