import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ASTRO_BUILD_NODE_ARGS, astroBuildEnv, linkNodeModules } from '../../src/server/publish/children.ts';
import { formatSummary, summariseProfile } from './cpu-profile.ts';

/**
 * `npm run bench:build -- --spaces 10000`: seeds a world of that size, builds the real site from
 * the running API exactly as the publisher's cold full build does (`runAstroBuild`: `--silent`,
 * the build token, so UNLISTED spaces get their noindex pages, the kept renderer, NODE_ENV=production,
 * the siblings left to after the swap, then written and timed apart; `--precompress` writes them
 * inside the build, as a plain `astro build` does), and prints pages/s, peak memory and the
 * breakdown of the build's wall time into its steps (timing marks the build writes,
 * DISCOVER_BUILD_MARKS; the content sync's requests and the API's CPU time) beside a bare Astro
 * build of the same page count made in the same run. `--log` runs the build without `--silent`
 * to also print Astro's per-page timings by kind of page. `--profile` also writes a V8 CPU profile
 * of the real build (`node --cpu-prof`) and prints where its time went (scripts/bench/cpu-profile.ts).
 * `--work DIR --port N` use another world folder and API port (default /tmp/discover-bench-<spaces>, 4610).
 */
const { values } = parseArgs({
  options: {
    spaces: { type: 'string', default: '10000' },
    port: { type: 'string', default: '4610' },
    keep: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    precompress: { type: 'boolean', default: false },
    log: { type: 'boolean', default: false },
    // The real build only: no siblings after it, no bare Astro build (quick loops while changing the pages).
    quick: { type: 'boolean', default: false },
    // Extra Node flags for the real build only, e.g. --node-arg=--max-semi-space-size=32.
    'node-arg': { type: 'string', multiple: true, default: [] },
    // The world and the builds' folder (two sessions benchmarking at once each need their own, and a port).
    work: { type: 'string', default: '' },
  },
});
const spaces = Number(values.spaces);
const port = Number(values.port);
const root = resolve(import.meta.dirname, '../..');
const work = values.work || `/tmp/discover-bench-${spaces}`;
const dataDir = join(work, 'data');

function countPages(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) n += countPages(p);
    else if (name.endsWith('.html')) n++;
  }
  return n;
}

/**
 * Writes the disk's dirty pages out before a timed build, so neither build pays for the writeback of
 * what ran before it (the siblings' ~900 MB, written just before the bare build, slowed its step
 * from ~8 to ~17 s in one run).
 */
function flushDisk(): void {
  try {
    execFileSync('sync');
  } catch {
    // No `sync` here: the builds run as they are.
  }
}

/** CPU time (user + system, ms) of one process so far, from /proc. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** A process's CPU time sampled every 100 ms with the epoch ms of each sample; `at(t)` answers the CPU ms used by then. */
function cpuTimeline(pid: number) {
  const samples: [number, number][] = [];
  const timer = setInterval(() => samples.push([Date.now(), cpuMsOf(pid)]), 100);
  return {
    stop: () => clearInterval(timer),
    at: (t: number) => samples.findLast(([at]) => at <= t)?.[1] ?? 0,
  };
}

/** Peak resident memory and CPU time of a process tree, sampled from /proc every 100 ms. */
function watchMemory(child: ChildProcess) {
  let peak = 0;
  // The last CPU time seen per process (user + system, in clock ticks of 10 ms).
  const cpu = new Map<number, number>();
  const tree = (pid: number): number[] => {
    try {
      const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      return [pid, ...kids.flatMap(tree)];
    } catch {
      return [];
    }
  };
  const timer = setInterval(() => {
    let rss = 0;
    for (const pid of tree(child.pid as number)) {
      try {
        const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        rss += Number(m?.[1] ?? 0) * 1024;
        // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpu.set(pid, Number(fields[11]) + Number(fields[12]));
      } catch {
        /* the process ended between listing and reading */
      }
    }
    peak = Math.max(peak, rss);
  }, 100);
  return () => {
    clearInterval(timer);
    return { peak, cpuMs: [...cpu.values()].reduce((a, b) => a + b, 0) * 10 };
  };
}

/** Runs a command; answers its wall time, peak memory, CPU time (sampled) and standard output. */
function run(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<{ ms: number; peak: number; cpuMs: number; stdout: string }>((ok, fail) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...opts.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const out: Buffer[] = [];
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    const stop = watchMemory(child);
    child.on('exit', (code) => {
      const { peak, cpuMs } = stop();
      if (code === 0) ok({ ms: performance.now() - t0, peak, cpuMs, stdout: Buffer.concat(out).toString() });
      else fail(new Error(`${cmd} ${args.join(' ')} exited with ${code}`));
    });
  });
}

/**
 * Astro's own per-page timings (`├─ /discover/…/index.html (+12ms)` lines of a build that is not
 * `--silent`), summed per kind of page: the first path segment after the base and locale prefix.
 */
function pageTimings(log: string): { kind: string; pages: number; ms: number }[] {
  const kinds = new Map<string, { pages: number; ms: number }>();
  // Piped, the log has no colours.
  for (const m of log.matchAll(/\s(\/\S+)\s+\(\+(\d+(?:\.\d+)?)\s*(ms|s)\)/g)) {
    const path = (m[1] ?? '').replace(/^\/discover/, '').replace(/^\/[a-z]{2}(?:-[a-z]{2})?(?=\/)/, '');
    const kind = /^\/([^/.]+)\/[^/]/.test(path) ? (path.split('/')[1] ?? '') : path;
    const ms = Number(m[2]) * (m[3] === 's' ? 1000 : 1);
    const k = kinds.get(kind) ?? { pages: 0, ms: 0 };
    k.pages++;
    k.ms += ms;
    kinds.set(kind, k);
  }
  return [...kinds].map(([kind, v]) => ({ kind, ...v })).sort((a, b) => b.ms - a.ms);
}

/**
 * How long Astro's "generating static routes" step took (rendering and writing the pages; not the
 * content sync, the Vite builds or the build-done hooks), from its log: the issue's "pages the build
 * pre-renders render at" rate.
 */
function renderStepMs(log: string): number | null {
  // "Completed in 36.86s." or, past a minute, "Completed in 1m 26s.".
  const m = /generating static routes[\s\S]*?Completed in (?:(\d+)m )?(\d+(?:\.\d+)?)(ms|s)\./.exec(log);
  return m ? Number(m[1] ?? 0) * 60_000 + Number(m[2]) * (m[3] === 's' ? 1000 : 1) : null;
}

interface Mark {
  mark: string;
  at: number;
  entries?: number;
  requests?: { requests: number; bodyChars: number; requestMs: number; firstAt: number; lastAt: number };
}

const readMarks = (file: string): Mark[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Mark)
        .sort((a, b) => a.at - b.at)
    : [];

/** The rendering step from the marks (when the log is silent). */
function markedRenderMs(marks: Mark[]): number | null {
  const start = marks.find((m) => m.mark === 'render start')?.at;
  const end = marks.find((m) => m.mark === 'render end')?.at;
  return start && end ? end - start : null;
}

/** What happened before each mark (the interval that ends at it). */
const STEP_BEFORE: Record<string, string> = {
  'config done': 'Node, Astro and the config loaded, integrations set up',
  'content synced': 'content sync over HTTP (11 loaders), data store written, types',
  'vite prerender start': 'build info, routes collected',
  'vite prerender written': 'Vite/Rolldown: the prerender bundle (server)',
  'vite ssr start': 'between the bundles',
  'vite ssr written': 'Vite/Rolldown: the SSR bundle',
  'vite client start': 'between the bundles (manifest)',
  'vite client written': 'Vite/Rolldown: the client bundle (islands, scripts)',
  'render start': 'assets moved, the prerender bundle imported',
  'render end': 'rendering and writing the pages ("generating static routes")',
  'prerenderer torn down': 'the prerender bundle kept for the publisher (DISCOVER_RENDERER_DIR)',
  'pages generated': 'build-generated hooks',
  'build-done hooks start': 'Astro after generating (cleanup of the bundle)',
  'noindex scan and page list done': 'build-done: noindex scan of every page, the page list',
  'sitemap written': 'build-done: siblings mark, @astrojs/sitemap (the built pages, with alternates)',
  'build-done hooks end': 'build-done: the sitemap patched with the locale versions of the pages rendered on request',
};
/** Marks shown inside the step they fall in, not as steps of their own. */
const isDetail = (mark: string) => mark.startsWith('loader ') || mark.startsWith('store module');

/** Lines of the wall-time breakdown: one per interval between marks, from the spawn to the exit. */
function breakdown(marks: Mark[], started: number, ended: number, apiCpuAt: (t: number) => number): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(7);
  const lines: string[] = [];
  let prev = started;
  const configDone = marks.find((x) => x.mark === 'config done')?.at ?? started;
  for (const m of marks) {
    if (isDetail(m.mark)) continue;
    lines.push(`${s(m.at - prev)}  ${STEP_BEFORE[m.mark] ?? `until "${m.mark}"`}`);
    if (m.mark === 'content synced' && m.requests) {
      const r = m.requests;
      lines.push(
        `             ${r.requests} requests, ${(r.bodyChars / 1e6).toFixed(1)} MB of JSON (summed per request ${s(r.requestMs).trim()}); the API's CPU meanwhile ${s(apiCpuAt(m.at) - apiCpuAt(configDone)).trim()}`,
      );
      const inSync: [number, string][] = [
        [r.firstAt, 'first request sent'],
        [r.lastAt, 'last answer read'],
        ...marks.filter((x) => x.mark.startsWith('loader ')).map((x): [number, string] => [x.at, `${x.mark} (${x.entries ?? '?'} entries)`]),
        [m.at, 'store written, types generated: synced'],
      ];
      for (const [at, what] of inSync.sort((a, b) => a[0] - b[0])) lines.push(`             +${s(at - configDone).trim()} ${what}`);
    }
    prev = m.at;
  }
  lines.push(`${s(ended - prev)}  process exit`);
  lines.push(`${s(ended - started)}  in all`);
  return lines;
}

/** Frames whose inclusive time the profile summary reports. */
const PROFILE_NEEDLES = ['renderToStaticMarkup', 'check', 'renderToReadableStream', 'renderToString', 'renderPage', 'generatePages', 'pagefind'];

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MiB`;

mkdirSync(work, { recursive: true });
if (!existsSync(join(dataDir, 'discover.sqlite'))) {
  console.log(`Seeding ${spaces} spaces into ${dataDir} …`);
  const seeded = await run(process.execPath, ['scripts/seed-demo.ts', '--spaces', String(spaces), '--data', dataDir]);
  console.log(`  seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
}

/** The API's build token, which the publisher passes to its builds (UNLISTED spaces get noindex pages). */
const BUILD_TOKEN = 'bench-build-token-0123456789';

// The API the real build reads from.
const server = spawn(process.execPath, ['src/server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: 'true', BUILD_TOKEN: BUILD_TOKEN },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((ok) => server.stdout?.on('data', (d: Buffer) => d.toString().includes('is ready') && ok()));

try {
  const outReal = join(work, 'dist-real');
  rmSync(outReal, { recursive: true, force: true });
  // A cold build in its own cache folder: other builds on this checkout (tests, other benches) keep theirs.
  const cacheDir = join(work, 'astro-cache');
  rmSync(cacheDir, { recursive: true, force: true });
  const profileDir = join(work, 'profile');
  rmSync(profileDir, { recursive: true, force: true });
  const profileArgs = values.profile ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const marksFile = join(work, 'build-marks.jsonl');
  rmSync(marksFile, { force: true });
  const rendererDir = join(work, 'renderer');
  rmSync(rendererDir, { recursive: true, force: true });
  // As the publisher runs it (src/server/publish/children.ts runAstroBuild and publisher.ts fullBuild):
  // from the output's parent folder, silent, with the build token and the kept renderer.
  linkNodeModules(work, root);
  const apiCpu = cpuTimeline(server.pid as number);
  flushDisk();
  const started = Date.now();
  const real = await run(
    process.execPath,
    [
      ...ASTRO_BUILD_NODE_ARGS,
      ...values['node-arg'],
      ...profileArgs,
      join(root, 'node_modules/astro/bin/astro.mjs'),
      'build',
      '--root',
      root,
      '--outDir',
      outReal,
      ...(values.log ? [] : ['--silent']),
    ],
    {
      cwd: work,
      env: astroBuildEnv({
        DISCOVER_API_URL: `http://127.0.0.1:${port}`,
        DISCOVER_API_TOKEN: BUILD_TOKEN,
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        ASTRO_CACHE_DIR: cacheDir,
        DISCOVER_RENDERER_DIR: rendererDir,
        DISCOVER_BUILD_ID: 'bench',
        DISCOVER_DEFER_PRECOMPRESS: values.precompress ? '0' : '1',
        DISCOVER_BUILD_MARKS: marksFile,
      }),
    },
  );
  const ended = Date.now();
  apiCpu.stop();
  // What the publisher does behind the served build (src/site/precompress.ts packPending).
  const packed = values.precompress || values.quick ? null : await run(process.execPath, ['src/site/precompress.ts', outReal]);
  const realPages = countPages(outReal);
  const timings = pageTimings(real.stdout);
  writeFileSync(join(work, 'astro-build.log'), real.stdout);
  if (values.profile) {
    for (const f of readdirSync(profileDir).filter((n) => n.endsWith('.cpuprofile'))) {
      console.log(`\n${join(profileDir, f)}`);
      console.log(formatSummary(summariseProfile(join(profileDir, f), PROFILE_NEEDLES)).join('\n'));
    }
  }

  if (values.quick) {
    const step = markedRenderMs(readMarks(marksFile));
    console.log(
      `\nReal site only (--quick): ${realPages} pages in ${(real.ms / 1000).toFixed(1)} s, CPU ${(real.cpuMs / 1000).toFixed(1)} s, peak ${mb(real.peak)}; rendering step ${step ? `${(step / 1000).toFixed(1)} s = ${(realPages / (step / 1000)).toFixed(0)} pages/s` : 'unknown'}`,
    );
  } else {
    // A bare Astro project of the same page count: one dynamic route, no data, no islands, no pagefind.
    const bare = join(work, 'bare');
    rmSync(bare, { recursive: true, force: true });
    mkdirSync(join(bare, 'src', 'pages', 'p'), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(bare, 'node_modules'), 'dir');
    writeFileSync(join(bare, 'package.json'), '{"type":"module"}');
    writeFileSync(join(bare, 'astro.config.mjs'), "export default { base: '/discover' };\n");
    writeFileSync(
      join(bare, 'src', 'pages', 'p', '[id].astro'),
      `---\nexport function getStaticPaths() { return Array.from({ length: ${realPages} }, (_, i) => ({ params: { id: String(i) } })); }\nconst { id } = Astro.params;\n---\n<html lang="en"><head><title>Page {id}</title></head><body><h1>Page {id}</h1></body></html>\n`,
    );
    flushDisk();
    const bareRun = await run(process.execPath, [...ASTRO_BUILD_NODE_ARGS, join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: bare });

    const rate = (pages: number, ms: number) => (pages / (ms / 1000)).toFixed(0);
    console.log(`\nBuild benchmark, ${spaces} spaces (same machine, same run)`);
    console.log(
      `  real site : ${realPages} pages in ${(real.ms / 1000).toFixed(1)} s = ${rate(realPages, real.ms)} pages/s, peak ${mb(real.peak)}, CPU ${(real.cpuMs / 1000).toFixed(1)} s (incl. content loading over HTTP${values.precompress ? ' and precompression' : ''})`,
    );
    if (packed)
      console.log(
        `  siblings written behind the served build: ${(packed.ms / 1000).toFixed(1)} s, CPU ${(packed.cpuMs / 1000).toFixed(1)} s, peak ${mb(packed.peak)} (${packed.stdout.trim()})`,
      );
    console.log(
      `  bare Astro: ${realPages} pages in ${(bareRun.ms / 1000).toFixed(1)} s = ${rate(realPages, bareRun.ms)} pages/s, peak ${mb(bareRun.peak)}, CPU ${(bareRun.cpuMs / 1000).toFixed(1)} s`,
    );
    console.log(`  where the real build's wall time went (marks the build wrote; ${marksFile}):`);
    for (const line of breakdown(readMarks(marksFile), started, ended, apiCpu.at)) console.log(`    ${line}`);
    const realStep = renderStepMs(real.stdout) ?? markedRenderMs(readMarks(marksFile));
    const bareStep = renderStepMs(bareRun.stdout);
    if (realStep && bareStep)
      console.log(
        `  rendering step ("generating static routes"): real ${(realStep / 1000).toFixed(1)} s = ${rate(realPages, realStep)} pages/s; bare ${(bareStep / 1000).toFixed(1)} s = ${rate(realPages, bareStep)} pages/s; real/bare ${((100 * bareStep) / realStep).toFixed(0)} %`,
      );
    console.log(`  whole build: real/bare ${((100 * bareRun.ms) / real.ms).toFixed(0)} % of bare Astro's pages/s`);
    const bareMs = pageTimings(bareRun.stdout).reduce((a, k) => a + k.ms, 0) / realPages;
    if (!timings.length) console.log(`  per page, as Astro logs it (render and write): bare ${bareMs.toFixed(2)} ms; the real site's with --log`);
    else console.log(`  per page, as Astro logs it (render and write): bare ${bareMs.toFixed(2)} ms; the real site by kind:`);
    for (const k of timings.slice(0, 15))
      console.log(
        `    ${k.kind.padEnd(14)} ${String(k.pages).padStart(6)} pages  ${(k.ms / k.pages).toFixed(2).padStart(7)} ms/page  ${(k.ms / 1000).toFixed(1).padStart(6)} s`,
      );
  }
} finally {
  server.kill('SIGTERM');
  if (!values.keep) rmSync(join(work, 'bare'), { recursive: true, force: true });
}
