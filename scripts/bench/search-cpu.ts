import { join } from 'node:path';
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDb } from '../../src/server/db/db.ts';
import type { ContentCtx } from '../../src/server/platform/content/context.ts';
import { systemClock } from '../../src/server/platform/clock.ts';
import { viewerOf } from '../../src/server/platform/content/viewer.ts';
import { searchCards } from '../../src/server/modules/spaces/spaces.queries.ts';
import { searchBenchBody } from './search-bodies.ts';

/**
 * `node scripts/bench/search-cpu.ts [--spaces 100000] [--count 480] [--passes 3] [--statements] [--cache-mib 64] [--mmap-mib 1024] [--writes]`
 *
 * The SQLite search's query functions alone, in this process, on bench:api's world
 * (/tmp/discover-bench-api-<spaces>, seeded by `npm run bench:api`): the bodies of bench:api's
 * search-varied scenario (the same words, page sizes and pages), each one's CPU time
 * (`process.cpuUsage`, this process only: no HTTP, validation, JSON or compression), p50 / p99 /
 * mean, and the slowest bodies. Each pass opens the database again, so no answer is cached (the
 * vocabulary is read before the pass). `--statements` also times each SQL statement (node:sqlite
 * runs them synchronously: CPU time of this process) by the start of its text; `--cache-mib` sets
 * SQLite's page cache of the connection (src/server/db/node-sqlite.ts sets 64 MiB), `--mmap-mib`
 * its memory-mapped reads (off by default). `--writes` writes a settings row before each search (not
 * timed), as a live site's analytics and sessions do between searches: answers cached by the database's
 * state are then never reused, and what depends on the index's words alone must hold all the same.
 * Less sensitive to the machine's load than bench:api; run with `node --cpu-prof` for a profile.
 */
const { values } = parseArgs({
  options: {
    spaces: { type: 'string', default: '100000' },
    count: { type: 'string', default: '480' },
    passes: { type: 'string', default: '3' },
    statements: { type: 'boolean', default: false },
    'cache-mib': { type: 'string', default: '' },
    'mmap-mib': { type: 'string', default: '' },
    writes: { type: 'boolean', default: false },
  },
});
const file = join(`/tmp/discover-bench-api-${values.spaces}`, 'data', 'discover.sqlite');
const count = Number(values.count);
const statementMs = new Map<string, { n: number; ms: number }>();

/** Opens the world's database with a content context of a guest. */
function open() {
  const db = openDb(file);
  // Experiments: SQLite's page cache for this connection (node-sqlite.ts sets 64 MiB) and memory-mapped reads.
  if (values['cache-mib']) db.sqlite?.raw.exec(`PRAGMA cache_size = -${Number(values['cache-mib']) * 1024}`);
  if (values['mmap-mib']) db.sqlite?.raw.exec(`PRAGMA mmap_size = ${Number(values['mmap-mib']) * 1024 * 1024}`);
  if (values.statements && db.sqlite) {
    const sqlite = db.sqlite;
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = (text: string) => {
      const stmt = prepare(text);
      const label = text.replace(/\s+/g, ' ').slice(0, 90);
      const all = stmt.all.bind(stmt);
      return {
        ...stmt,
        reader: stmt.reader,
        all: (p: readonly unknown[]) => {
          const t0 = process.cpuUsage();
          const out = all(p);
          const d = process.cpuUsage(t0);
          const s = statementMs.get(label) ?? { n: 0, ms: 0 };
          s.n++;
          s.ms += (d.user + d.system) / 1000;
          statementMs.set(label, s);
          return out;
        },
        run: stmt.run.bind(stmt),
        iterate: stmt.iterate.bind(stmt),
      };
    };
  }
  const ctx: ContentCtx = { db: db.kysely, dialect: db.dialect, viewer: viewerOf(null), showViews: true, clock: systemClock };
  return { db, ctx };
}

const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;
const all: { body: string; ms: number }[] = [];
const load0 = loadavg()[0] ?? 0;
for (let pass = 0; pass < Number(values.passes); pass++) {
  const { db, ctx } = open();
  await searchCards(ctx, { where: [], text: 'warm', order: 'relevance' }, { offset: 0, limit: 10 });
  statementMs.clear();
  for (let i = 0; i < count; i++) {
    const body = searchBenchBody(i);
    if (values.writes) {
      await sql`INSERT INTO settings (key, value, "updatedAt") VALUES ('bench-search-cpu', ${String(i)}, '2026-11-27')
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(db.kysely);
    }
    const t0 = process.cpuUsage();
    await searchCards(ctx, { where: [], text: body.searchText, order: 'relevance' }, { offset: (body.page - 1) * body.pageSize, limit: body.pageSize });
    const d = process.cpuUsage(t0);
    all.push({ body: JSON.stringify(body), ms: (d.user + d.system) / 1000 });
  }
  if (values.writes) await sql`DELETE FROM settings WHERE key = 'bench-search-cpu'`.execute(db.kysely);
  await db.close();
}
const sorted = all.map((r) => r.ms).sort((a, b) => a - b);
const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
console.log(
  `SQLite search query functions, ${Number(values.spaces).toLocaleString('en')} spaces, ${all.length} searches (${values.passes} passes of ${count})${values.writes ? ', a write before each' : ''}, load ${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
);
console.log(
  `CPU per search: p50 ${at(sorted, 0.5).toFixed(2)} ms, p90 ${at(sorted, 0.9).toFixed(2)}, p99 ${at(sorted, 0.99).toFixed(2)}, mean ${mean.toFixed(2)}`,
);
console.log('Slowest:');
for (const r of [...all].sort((a, b) => b.ms - a.ms).slice(0, 12)) console.log(`  ${r.ms.toFixed(2).padStart(7)} ms  ${r.body}`);
if (values.statements) {
  console.log('Statements (last pass), total ms / calls:');
  for (const [label, s] of [...statementMs].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
    console.log(`  ${s.ms.toFixed(1).padStart(8)} ms ${String(s.n).padStart(5)}×  ${label}`);
}
