import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { openDb } from './db.ts';

/**
 * Two processes writing one SQLite file (API replicas on the embedded database, a script beside the
 * server): a transaction that reads, then writes must wait for the other process's write rather
 * than fail with SQLITE_BUSY, and no increment may be lost.
 */
const dir = mkdtempSync(join(tmpdir(), 'discover-sqlite-procs-'));
const file = join(dir, 'counter.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROUNDS = 150;
const WORKER = `
import { openDb } from ${JSON.stringify(resolve(import.meta.dirname, 'db.ts'))};
import { sql } from 'kysely';
const db = openDb(process.argv[1]);
let failed = 0;
for (let i = 0; i < ${ROUNDS}; i++) {
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const { n } = (await sql\`SELECT n FROM counter\`.execute(trx)).rows[0];
      await new Promise((r) => setTimeout(r, 1));
      await sql\`UPDATE counter SET n = \${n + 1}\`.execute(trx);
    });
  } catch (error) {
    failed++;
    if (failed === 1) console.error(String(error));
  }
}
await db.close();
console.log(JSON.stringify({ failed }));
`;

function worker(): Promise<{ failed: number; log: string }> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', WORKER, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', fail);
    child.on('exit', () => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        ok({ ...(JSON.parse(last) as { failed: number }), log: err });
      } catch {
        fail(new Error(`worker output: ${out}\n${err}`));
      }
    });
  });
}

test('two processes increment one counter in read-then-write transactions: none fails, none is lost', async () => {
  const db = openDb(file);
  await sql`CREATE TABLE counter (n INTEGER NOT NULL)`.execute(db.kysely);
  await sql`INSERT INTO counter (n) VALUES (0)`.execute(db.kysely);
  const results = await Promise.all([worker(), worker()]);
  expect(
    results.map((r) => r.failed),
    results.map((r) => r.log).join('\n'),
  ).toEqual([0, 0]);
  expect((await sql<{ n: number }>`SELECT n FROM counter`.execute(db.kysely)).rows[0]?.n).toBe(2 * ROUNDS);
  await db.close();
}, 60_000);
