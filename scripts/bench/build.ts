import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npm run bench:build -- --spaces 10000`: seeds a world of that size, builds the real site from
 * the running API (with pagefind), and prints pages/s and peak memory beside a bare Astro build of
 * the same page count made in the same run.
 */
const { values } = parseArgs({
  options: { spaces: { type: 'string', default: '10000' }, port: { type: 'string', default: '4610' }, keep: { type: 'boolean', default: false } },
});
const spaces = Number(values.spaces);
const port = Number(values.port);
const root = resolve(import.meta.dirname, '../..');
const work = `/tmp/discover-bench-${spaces}`;
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

/** Peak resident memory of a process tree, sampled from /proc every 100 ms. */
function watchMemory(child: ChildProcess) {
  let peak = 0;
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
      } catch {
        /* the process ended between listing and reading */
      }
    }
    peak = Math.max(peak, rss);
  }, 100);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

function run(cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ ms: number; peak: number }>((ok, fail) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...opts.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const stop = watchMemory(child);
    child.on('exit', (code) => {
      const peak = stop();
      if (code === 0) ok({ ms: performance.now() - t0, peak });
      else fail(new Error(`${cmd} ${args.join(' ')} exited with ${code}`));
    });
  });
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MiB`;

mkdirSync(work, { recursive: true });
if (!existsSync(join(dataDir, 'discover.sqlite'))) {
  console.log(`Seeding ${spaces} spaces into ${dataDir} …`);
  const seeded = await run(process.execPath, ['scripts/seed-demo.ts', '--spaces', String(spaces), '--data', dataDir]);
  console.log(`  seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
}

// The API the real build reads from.
const server = spawn(process.execPath, ['src/server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: 'true' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((ok) => server.stdout?.on('data', (d: Buffer) => d.toString().includes('is ready') && ok()));

try {
  const outReal = join(work, 'dist-real');
  rmSync(outReal, { recursive: true, force: true });
  rmSync(join(root, 'node_modules', '.astro'), { recursive: true, force: true });
  const real = await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outReal, '--silent'], {
    env: { DISCOVER_API_URL: `http://127.0.0.1:${port}`, PUBLIC_ORIGIN: `http://127.0.0.1:${port}` },
  });
  const realPages = countPages(outReal);

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
  const bareRun = await run(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], { cwd: bare });

  const rate = (pages: number, ms: number) => (pages / (ms / 1000)).toFixed(0);
  console.log(`\nBuild benchmark, ${spaces} spaces (same machine, same run)`);
  console.log(
    `  real site : ${realPages} pages in ${(real.ms / 1000).toFixed(1)} s = ${rate(realPages, real.ms)} pages/s, peak ${mb(real.peak)} (incl. content loading over HTTP and pagefind)`,
  );
  console.log(`  bare Astro: ${realPages} pages in ${(bareRun.ms / 1000).toFixed(1)} s = ${rate(realPages, bareRun.ms)} pages/s, peak ${mb(bareRun.peak)}`);
} finally {
  server.kill('SIGTERM');
  if (!values.keep) rmSync(join(work, 'bare'), { recursive: true, force: true });
}
