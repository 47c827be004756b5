import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createHash } from 'node:crypto';
import { formatSummary, summariseProfile } from './cpu-profile.ts';

/**
 * A page's render cost in-process (issue 26; docs/build-performance.md, "Sixth pass" and "Eighth pass").
 *
 * Build once with `npm run bench:build -- --spaces 10000 --quick`: it keeps the prerender bundle
 * (`/tmp/discover-bench-10000/renderer`) and the data store (`…/astro-cache/data-store.json`). Copy
 * the renderer folder away to keep a "before" bundle, then:
 *
 *   node scripts/bench/render-pages.ts --renderer <dir> [--store <data-store.json>] [--all] [--rounds 1] [--cpu-prof <file>]
 *     renders every space page (`--all`: every page) once per round without writing, and prints the
 *     CPU ms a page (the process's CPU time over all renders, V8's helper threads and GC included,
 *     divided by their count; and the main thread's alone, which moves less with the machine's load),
 *     the wall ms of one render (p50, p90) and the load average.
 *     `--cpu-prof` writes a V8 profile of the measured rounds and prints its summary.
 *   node scripts/bench/render-pages.ts --renderer <a> --renderer <b> [--repeat 3] [--all]
 *     the same, the bundles interleaved (a, b, a, b, …), each run in its own process.
 *   node scripts/bench/render-pages.ts --compare <a> <b> [--all] [--show 5]
 *     renders every page with both bundles and compares the HTML once island `prefix`es, astro-island
 *     `uid`s and `_astro/` file hashes are normalised; prints how many pages differ and the first
 *     difference of `--show` of them.
 *
 * Every run reads the same store (`--store`, default the bench's), so two bundles render the same content.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    renderer: { type: 'string', multiple: true, default: [] },
    store: { type: 'string', default: '/tmp/discover-bench-10000/astro-cache/data-store.json' },
    all: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
    repeat: { type: 'string', default: '1' },
    'cpu-prof': { type: 'string' },
    compare: { type: 'boolean', default: false },
    show: { type: 'string', default: '5' },
    // Internal: a child's output (hashes of every page, or the pages named in --only written whole).
    hashes: { type: 'string' },
    only: { type: 'string' },
    dump: { type: 'string' },
  },
});

const self = resolve(import.meta.filename);
const store = resolve(values.store);

/** Island ids and file hashes that change without the page changing (see the module comment). */
function normalise(html: string): string {
  return (
    html
      .replace(/ prefix="[a-z]\d+"/g, ' prefix=""')
      // The bench's API port, which is the site's origin in a bench build.
      .replace(/127\.0\.0\.1(?::|%3A)\d+/g, '127.0.0.1')
      .replace(/ uid="[^"]*"/g, ' uid=""')
      // React's useId ids carry the island's prefix (`_i6R_0_`).
      .replace(/_[a-z]\d+R_/g, '_PR_')
      .replace(/(_astro\/[\w.@-]+?)[.-][\w-]{8}(\.(?:js|css|mjs))/g, '$1.HASH$2')
  );
}

/**
 * {@link normalise}, runs of white space between tags made one space (they render as one) and
 * references to characters beyond Latin-1 read as the characters (src/domain/one-byte-html.ts).
 */
const loose = (html: string) =>
  html.replace(/>\s{2,}</g, '> <').replace(/&#(\d+);/g, (ref, n: string) => (Number(n) > 0xff ? String.fromCodePoint(Number(n)) : ref));

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const sha1 = (s: string) => createHash('sha1').update(s).digest('base64');

/** Runs this script again in a child process with `args`; answers its standard output. */
function child(args: string[]): Promise<string> {
  return new Promise((ok, fail) => {
    const p = spawn(process.execPath, [self, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    p.stdout.on('data', (d: Buffer) => out.push(d));
    p.on('exit', (code) => (code === 0 ? ok(Buffer.concat(out).toString()) : fail(new Error(`render-pages ${args.join(' ')} exited ${code}`))));
  });
}

/** Renders with one bundle in this process: timing, hashes or whole pages. */
async function renderHere(dir: string): Promise<void> {
  process.env['DISCOVER_DATA_STORE_FILE'] = store;
  // As the build runs (astroBuildEnv): React's production build, not its development checks.
  process.env['NODE_ENV'] = 'production';
  const { openRenderer } = await import('../../src/loaders/renderer.ts');
  const renderer = await openRenderer(resolve(dir), (line) => process.stderr.write(`${line}\n`));
  let pages = await renderer.paths();
  if (!values.all) pages = pages.filter((p) => p.route.route === '/space/[modelId]');
  if (values.only) {
    const wanted = new Set(readFileSync(values.only, 'utf8').split('\n').filter(Boolean));
    pages = pages.filter((p) => wanted.has(p.pathname));
  }
  // One page first: the bundle's modules, the store and the caches every page shares are loaded outside the figures.
  if (pages[0]) await renderer.render(pages[0]);

  if (values.hashes || values.dump) {
    const hashes: Record<string, string> = {};
    for (const page of pages) {
      const out = await renderer.render(page);
      const html = out ? normalise(out.body.toString()) : '';
      if (values.dump) {
        const file = join(values.dump, `${page.pathname.replace(/[^\w-]+/g, '_')}.html`);
        writeFileSync(file, html);
      } else hashes[page.pathname] = `${sha1(html)} ${sha1(loose(html))}`;
    }
    if (values.hashes) writeFileSync(values.hashes, JSON.stringify(hashes));
    return;
  }

  const session = values['cpu-prof'] ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  // Wall time per page (performance.now, cheap) and the process's CPU time over the whole loop:
  // process.cpuUsage() is a system call that cost ~40 µs here, too much to call twice a page.
  const walls: number[] = [];
  const load0 = loadavg();
  const cpu0 = process.cpuUsage();
  const thread0 = process.threadCpuUsage();
  const wall0 = performance.now();
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const page of pages) {
      const t0 = performance.now();
      await renderer.render(page);
      walls.push(performance.now() - t0);
    }
  }
  const wall = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  const thread = process.threadCpuUsage(thread0);
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    const file = resolve(values['cpu-prof'] as string);
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.error(`\n${file}\n${formatSummary(summariseProfile(file, ['renderToStaticMarkup', 'renderFrameworkComponent', 'keptHtml', 'encode'])).join('\n')}`);
  }
  walls.sort((a, b) => a - b);
  const at = (q: number) => walls[Math.min(walls.length - 1, Math.floor(q * walls.length))] ?? 0;
  const perPage = (c: NodeJS.CpuUsage) => ((c.user + c.system) / 1000 / (walls.length || 1)).toFixed(3);
  console.log(
    `${dir}: ${walls.length} renders (${values.all ? 'every page' : 'space pages'}): CPU ${perPage(cpu)} ms a page (main thread ${perPage(thread)}); wall ms a page p50 ${at(0.5).toFixed(3)} p90 ${at(0.9).toFixed(3)}, all ${(wall / 1000).toFixed(1)} s; load ${load0} → ${loadavg()}`,
  );
}

/** Renders every page with two bundles and reports the pages whose normalised HTML differs. */
async function compare(a: string, b: string): Promise<void> {
  const tmp = `/tmp/render-pages-${process.pid}`;
  mkdirSync(tmp, { recursive: true });
  const common = ['--store', store, ...(values.all ? ['--all'] : [])];
  await Promise.all([
    child(['--renderer', a, '--hashes', join(tmp, 'a.json'), ...common]),
    child(['--renderer', b, '--hashes', join(tmp, 'b.json'), ...common]),
  ]);
  const ha = JSON.parse(readFileSync(join(tmp, 'a.json'), 'utf8')) as Record<string, string>;
  const hb = JSON.parse(readFileSync(join(tmp, 'b.json'), 'utf8')) as Record<string, string>;
  const paths = [...new Set([...Object.keys(ha), ...Object.keys(hb)])];
  const strict = paths.filter((p) => ha[p]?.split(' ')[0] !== hb[p]?.split(' ')[0]);
  const differ = paths.filter((p) => ha[p]?.split(' ')[1] !== hb[p]?.split(' ')[1]);
  console.log(
    `${paths.length} pages; ${strict.length} differ once prefixes, uids, origins and _astro/ hashes are normalised; ${differ.length} once runs of white space between tags are one space and references to characters beyond Latin-1 are read.`,
  );
  const shown = (differ.length > 0 ? differ : strict).slice(0, Number(values.show));
  if (shown.length === 0) return;
  writeFileSync(join(tmp, 'only.txt'), shown.join('\n'));
  for (const [dir, out] of [
    [a, 'a'],
    [b, 'b'],
  ] as const) {
    mkdirSync(join(tmp, out), { recursive: true });
    await child(['--renderer', dir, '--only', join(tmp, 'only.txt'), '--dump', join(tmp, out), ...common, '--all']);
  }
  for (const p of shown) {
    const file = `${p.replace(/[^\w-]+/g, '_')}.html`;
    const read = (out: string) => {
      try {
        return readFileSync(join(tmp, out, file), 'utf8');
      } catch {
        return undefined;
      }
    };
    const x = read('a');
    const y = read('b');
    if (x === undefined || y === undefined) {
      console.log(`${p}: only in ${x === undefined ? 'b' : 'a'}`);
      continue;
    }
    let i = 0;
    while (i < x.length && x[i] === y[i]) i++;
    console.log(`${p}: first difference at ${i}\n  a: …${x.slice(Math.max(0, i - 80), i + 160)}\n  b: …${y.slice(Math.max(0, i - 80), i + 160)}`);
  }
  console.log(`Pages written whole under ${tmp}/a and ${tmp}/b.`);
}

/** The arguments a child run of one bundle takes (timing). */
const timingArgs = (dir: string) => ['--renderer', dir, '--store', store, '--rounds', values.rounds, ...(values.all ? ['--all'] : [])];

if (values.compare) {
  const [a, b] = positionals;
  if (!a || !b) throw new Error('--compare needs two renderer folders');
  await compare(a, b);
} else if (values.renderer.length === 0) {
  throw new Error('Name a bundle: --renderer <dir> (or --compare <a> <b>).');
} else if (values.renderer.length === 1 && Number(values.repeat) === 1) {
  await renderHere(values.renderer[0] as string);
} else {
  // Interleaved, each run in a fresh process: a, b, a, b, …
  for (let i = 0; i < Number(values.repeat); i++) for (const dir of values.renderer) process.stdout.write(await child(timingArgs(dir)));
}
