import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCALES } from '../../src/i18n/locales.ts';
import { signIn } from './sign-in.ts';

/**
 * `npm run bench:publish -- --spaces 2000 [--locales en,de] [--rounds 3] [--keep] [--measure space,collection,banner]`: seeds a demo
 * world (once per size, in /tmp), starts the product on it (whose first start is a full build of the
 * site), then measures change-to-live: from an admin's PATCH of a space's name to the new name on
 * the space's static page, and from a person's collection rename to the new name on the
 * collection's static page, as a visitor sees them (HTTP polling every 100 ms), and from an admin's
 * edit of the live pencil banner (its text in every locale) to the new text in the static HTML of
 * the home page and of every built page (the served build's files read until none shows the old
 * one). Prints the figures
 * side by side with the full build of the same world, the publisher's own breakdown of each
 * publish (sync, plan, render, footer, banner) and the machine's load, which on a shared
 * 2-core machine moves wall-clock times a lot. Each publish's timeline (`Timeline: change → debounce
 * → …`, src/server/publish/timeline.ts) names where the time between the change and the swap went.
 * `--measure collection,banner` measures only those changes.
 */
const { values } = parseArgs({
  options: {
    spaces: { type: 'string', default: '2000' },
    locales: { type: 'string', default: '' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '4620' },
    data: { type: 'string', default: '' },
    keep: { type: 'boolean', default: false },
    measure: { type: 'string', default: 'space,collection,banner' },
  },
});
const spaces = Number(values.spaces);
/** Which changes to measure (`--measure collection,banner` skips the space renames). */
const measured = new Set(values.measure.split(','));
const rounds = Number(values.rounds);
const port = Number(values.port);
const root = resolve(import.meta.dirname, '../..');
const work = values.data ? resolve(values.data) : `/tmp/discover-bench-publish-${spaces}`;
const dataDir = join(work, 'data');
const origin = `http://127.0.0.1:${port}`;

function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((ok, fail) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? ok(performance.now() - t0) : fail(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** A signed-in HTTP client (the sign-in form's cookie). */
async function session(email: string) {
  const cookie = await signIn(origin, email);
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${origin}${path}`, {
      method,
      headers: { cookie, Origin: origin, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
}

/** The page's heading showing `name`, whatever attributes the heading carries (scoped styles add some). */
const heading = (name: string) => new RegExp(`<h1[^>]*>${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`);

/** Polls a static page until it contains `text`; answers the time since `t0`. */
async function liveAfter(path: string, text: string | RegExp, t0: number, timeoutMs = 600_000): Promise<number> {
  while (performance.now() - t0 < timeoutMs) {
    const res = await fetch(`${origin}${path}`);
    // Only the static page counts, not the client-rendered shell of a page not published yet.
    if (res.ok && !res.headers.get('x-robots-tag') && matches(await res.text(), text)) return performance.now() - t0;
    await sleep(100);
  }
  throw new Error(`${path} did not show "${String(text)}" within ${s(timeoutMs)}`);
}

const matches = (body: string, text: string | RegExp) => (typeof text === 'string' ? body.includes(text) : text.test(body));

/** How many built pages of the served build show a pencil banner other than `text` (the start of each file is read). */
function staleBanners(dir: string, text: string): { pages: number; stale: number } {
  const head = Buffer.alloc(48 * 1024);
  let pages = 0;
  let stale = 0;
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    if (!rel.endsWith('.html') || rel.startsWith('.') || rel.includes('/.')) continue;
    const fd = openSync(join(dir, rel), 'r');
    const n = readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    const html = head.subarray(0, n).toString('utf8');
    const at = html.indexOf('<div data-pencil');
    if (at < 0) continue;
    pages++;
    if (!html.slice(at, at + 4096).includes(text)) stale++;
  }
  return { pages, stale };
}

/** The server's log, and the publishes it reported since an offset. */
function publishes(log: string[], from: number): string[] {
  return log.slice(from).filter((l) => /^(Published|Timeline|Settled|Site built|Brotli and gzip siblings|The pencil banner patched)/.test(l));
}

mkdirSync(work, { recursive: true });
if (!existsSync(join(dataDir, 'discover.sqlite'))) {
  console.log(`Seeding ${spaces} spaces into ${dataDir} …`);
  const ms = await run(process.execPath, ['scripts/seed-demo.ts', '--spaces', String(spaces), '--data', dataDir]);
  console.log(`  seeded in ${s(ms)}`);
}
// A cold full build: no previous build, no content store, no incremental cache.
rmSync(join(dataDir, 'site'), { recursive: true, force: true });

const log: string[] = [];
const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '1000' };
if (values.locales) env['SITE_LOCALES'] = values.locales;
const started = performance.now();
const load0 = loadavg()[0] ?? 0;
const server: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
for (const stream of [server.stdout, server.stderr]) {
  stream?.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n')) {
      if (!line.trim()) continue;
      log.push(line.trim());
      // What the publisher does, as it happens (the summary at the end repeats the publishes).
      if (/^(Published|Timeline|Settled|Site built|Full build needed|The (incremental publish|site build) failed)/.test(line.trim()))
        console.error(`  [server] ${line.trim()}`);
    }
  });
}
try {
  while (!log.some((l) => l.includes('is ready'))) {
    if (server.exitCode !== null) throw new Error(`The server stopped:\n${log.slice(-20).join('\n')}`);
    await sleep(200);
  }
  const ready = performance.now() - started;
  const fullLine = log.find((l) => l.startsWith('Site built in'));
  const fullMs = fullLine ? Number(/in ([\d.]+) s/.exec(fullLine)?.[1]) * 1000 : NaN;
  const pages = JSON.parse(readFileSync(join(dataDir, 'site', 'current', '.publish', 'pages.json'), 'utf8')) as unknown[];
  const peakLoad = Math.max(load0, loadavg()[0] ?? 0);
  // Let the start's background work settle before measuring: the siblings of the fresh build are
  // written behind the ready site, and only then the copy the first publish changes is made (a
  // publish arriving earlier gives the siblings up and pays that copy: seconds at 10,000 spaces).
  const settled = performance.now();
  while (fullLine && !log.some((l) => l.startsWith('Brotli and gzip siblings written')) && performance.now() - settled < 300_000) await sleep(500);
  const siblingsMs = performance.now() - settled;
  await sleep(5000);

  const admin = await session('admin@example.com');
  type Space = { id: string; modelId: string; name: string };
  const list = await admin<{ results: Space[] }>('GET', '/api/content/space/?limit=5&offset=7');
  const space = list.results[0] as Space;
  const spaceRuns: number[] = [];
  const spaceLogs: string[] = [];
  for (let i = 0; measured.has('space') && i < rounds; i++) {
    const name = `${space.name.replace(/ \(bench \d+\)$/, '')} (bench ${Date.now() % 100000})`;
    const from = log.length;
    const t0 = performance.now();
    await admin('PATCH', `/admin/api/space/${space.id}/`, { name });
    spaceRuns.push(await liveAfter(`/discover/space/${space.modelId}/`, heading(name), t0));
    await sleep(8000); // the publish's settle and the next copy, outside the measurement
    spaceLogs.push(...publishes(log, from));
  }

  const person = await session('visitor@example.com');
  type Collection = { id: string; sid: string; name: string };
  const created = await person<Collection>('POST', '/api/content/collection/', { name: `Bench ${Date.now() % 100000}` });
  const createT0 = performance.now();
  await person('PUT', `/api/content/collection/${created.id}/add/?itemId=${space.id}`);
  const createMs = await liveAfter(`/discover/collection/${created.sid}/`, heading(created.name), createT0);
  await sleep(8000);
  const collectionRuns: number[] = [];
  const collectionLogs: string[] = [];
  for (let i = 0; measured.has('collection') && i < rounds; i++) {
    const name = `Bench collection ${Date.now() % 100000}`;
    const from = log.length;
    const t0 = performance.now();
    await person('POST', `/api/content/collection/${created.id}/rename/`, { name });
    collectionRuns.push(await liveAfter(`/discover/collection/${created.sid}/`, heading(name), t0));
    await sleep(8000);
    collectionLogs.push(...publishes(log, from));
  }
  await person('DELETE', `/api/content/collection/${created.id}/`);

  // The live pencil banner, its text changed in every locale: every page's static HTML must follow.
  type Banner = { id: string; text: string; color: string; hyperlink: string | null; isActive: boolean; isHideable: boolean; expirationDate: string | null };
  const [first] = await admin<Banner[]>('GET', '/api/content/banner/');
  const live = first ? await admin<Banner>('GET', `/admin/api/banner/${first.id}/`) : undefined;
  const bannerRuns: { home: number; all: number; scan: number; pages: number }[] = [];
  const bannerLogs: string[] = [];
  for (let i = 0; live && measured.has('banner') && i < rounds; i++) {
    const text = `Bench banner ${Date.now() % 100000}`;
    const from = log.length;
    const t0 = performance.now();
    await admin('PUT', `/admin/api/banner/${live.id}/`, {
      text,
      translations: Object.fromEntries(LOCALES.filter((l) => l.code !== 'en').map((l) => [l.code, { text }])),
      color: live.color,
      hyperlink: live.hyperlink,
      isActive: true,
      isHideable: live.isHideable,
      expirationDate: live.expirationDate,
    });
    const home = await liveAfter('/discover/', text, t0);
    let scanned = performance.now();
    let check = staleBanners(join(dataDir, 'site', 'current'), text);
    while (check.stale > 0 && performance.now() - t0 < 600_000) {
      await sleep(500);
      scanned = performance.now();
      check = staleBanners(join(dataDir, 'site', 'current'), text);
    }
    // The last scan's own time is the check's, not the publish's (each page is read after the swap that made them all new at once).
    bannerRuns.push({ home, all: performance.now() - t0, scan: performance.now() - scanned, pages: check.pages });
    await sleep(8000);
    bannerLogs.push(...publishes(log, from));
  }

  const locales = values.locales || 'all 13';
  console.log(`\nPublish benchmark: ${spaces} spaces, locales ${locales}, ${pages.length} pages (same machine, same run)`);
  console.log(`  load average at start ${load0.toFixed(1)}, now ${(loadavg()[0] ?? 0).toFixed(1)} (2 cores; others' work moves wall-clock times)`);
  console.log('');
  console.log(`  ${'measure'.padEnd(44)}${'median'.padStart(10)}   runs`);
  console.log(`  ${'full build (cold, at start)'.padEnd(44)}${s(fullMs).padStart(10)}   start to ready ${s(ready)}, peak load ${peakLoad.toFixed(1)}`);
  console.log(`  ${'siblings written behind the ready site'.padEnd(44)}${s(siblingsMs).padStart(10)}   (waited for before measuring)`);
  console.log(`  ${'change-to-live: admin renames a space'.padEnd(44)}${s(median(spaceRuns)).padStart(10)}   ${spaceRuns.map(s).join(', ')}`);
  console.log(`  ${'change-to-live: a person renames a collection'.padEnd(44)}${s(median(collectionRuns)).padStart(10)}   ${collectionRuns.map(s).join(', ')}`);
  console.log(`  ${'new collection (add a space) to static page'.padEnd(44)}${s(createMs).padStart(10)}   (its page answers at once from the API meanwhile)`);
  if (bannerRuns.length) {
    const home = bannerRuns.map((r) => r.home);
    const all = bannerRuns.map((r) => r.all);
    console.log(`  ${'banner edit to the static home page'.padEnd(44)}${s(median(home)).padStart(10)}   ${home.map(s).join(', ')}`);
    console.log(
      `  ${`banner edit to every page's HTML (${bannerRuns[0]?.pages ?? 0})`.padEnd(44)}${s(median(all)).padStart(10)}   ${all.map(s).join(', ')} (files read until none is stale; the last read took ${bannerRuns.map((r) => s(r.scan)).join(', ')})`,
    );
  }
  console.log('\n  What the publisher reported (space renames, collection renames, banner edits):');
  for (const l of [...spaceLogs, ...collectionLogs, ...bannerLogs]) console.log(`    ${l}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (!values.keep) rmSync(join(dataDir, 'site'), { recursive: true, force: true });
}
