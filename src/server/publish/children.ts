import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { parseRenderReport, RenderJob, type RenderReport } from '../../domain/publish-protocol.ts';
import { PUBLISH_DIR } from './site-dirs.ts';

/**
 * The publisher's child processes: `astro build` for a full build, and the render worker
 * (src/loaders/render-worker.ts) for incremental publishes and settles, which speaks the zod
 * protocol of src/domain/publish-protocol.ts (a job file in, one report line out).
 */

/** `astro build` run from the site folder must resolve the project's packages (see site-dirs.ts). */
export function linkNodeModules(siteDir: string, projectRoot: string): void {
  const link = join(siteDir, 'node_modules');
  if (existsSync(link)) return;
  mkdirSync(siteDir, { recursive: true });
  symlinkSync(join(projectRoot, 'node_modules'), link, 'dir');
}

/**
 * The environment of the `astro build` child: this process's, the build's settings, and always
 * NODE_ENV=production. Vite and React pick their bundles by NODE_ENV, so a server started with
 * NODE_ENV=test or development would otherwise publish React's development build.
 */
export function astroBuildEnv(env: Record<string, string>, parent: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...parent, ...env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
}

/** Runs a Node child, passing its stderr through; rejects with its last stderr lines. `nice` lowers its priority. */
function runChild(args: string[], cwd: string, env: NodeJS.ProcessEnv, what: string, signal?: AbortSignal, nice = 0): Promise<string> {
  return startChild(args, cwd, env, what, { signal, nice }).done;
}

/** A Node child as {@link runChild} starts it; `stdin` gives it a pipe to write to (else it reads nothing). */
function startChild(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  what: string,
  { signal, nice = 0, stdin = false }: { signal?: AbortSignal | undefined; nice?: number; stdin?: boolean } = {},
): { child: ChildProcess; done: Promise<string> } {
  let child!: ChildProcess;
  const done = new Promise<string>((resolvePromise, reject) => {
    child = spawn(process.execPath, args, { cwd, env, stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    try {
      if (nice && child.pid) setPriority(child.pid, nice);
    } catch {
      // Not allowed here: the same priority then.
    }
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
      process.stderr.write(d);
    });
    // A child stopped through `signal` is answered once it has exited, not when it is signalled:
    // the caller may then change the folder it was writing to (a settle given up is reverted).
    let stopped: Error | null = null;
    child.on('error', (e) => {
      if (child.pid !== undefined && alive(child) && signal?.aborted) stopped = e;
      else reject(e);
    });
    child.on('exit', (code) => {
      if (stopped) reject(stopped);
      else if (code === 0) resolvePromise(stdout);
      else reject(new Error(`${what} exited with ${code}: ${stderr.slice(-2000)}`));
    });
  });
  return { child, done };
}

/**
 * Node's flags for `astro build`: a 32 MiB young generation (16 by default). A page's render makes
 * ~1 MB of short-lived objects; with the larger nursery fewer of them survive into the old
 * generation, whose collections are the costly ones. All 10,298 space pages of the 10,000-space
 * world rendered in-process: 1.02 → 0.87 CPU ms a page (docs/build-performance.md, ninth pass).
 */
export const ASTRO_BUILD_NODE_ARGS: readonly string[] = ['--max-semi-space-size=32'];

/**
 * Runs `astro build` in a child process. Its working folder is the output's parent (the site
 * folder): Astro writes its prerender bundle into the working folder when the output is outside
 * it, and two publishers on one checkout must not share that folder.
 */
export async function runAstroBuild(projectRoot: string, outDir: string, env: Record<string, string>): Promise<void> {
  const astroBin = join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const cwd = join(outDir, '..');
  mkdirSync(cwd, { recursive: true });
  await runChild([...ASTRO_BUILD_NODE_ARGS, astroBin, 'build', '--root', projectRoot, '--outDir', outDir, '--silent'], cwd, astroBuildEnv(env), 'astro build');
}

const workerScript = (projectRoot: string) => join(projectRoot, 'src', 'loaders', 'render-worker.ts');

/** Writes a job's file into its output folder, checked (a job the worker would refuse fails the publish before a child is started). */
function writeJob(job: RenderJob): string {
  const jobFile = join(job.out, PUBLISH_DIR, `job-${process.pid}.json`);
  mkdirSync(join(job.out, PUBLISH_DIR), { recursive: true });
  writeFileSync(jobFile, JSON.stringify(RenderJob.parse(job)));
  return jobFile;
}

/** Runs the incremental step (src/loaders/render-worker.ts) in a child process; answers its report. */
export async function runRenderWorker(projectRoot: string, job: RenderJob, env: Record<string, string>, signal?: AbortSignal): Promise<RenderReport> {
  const jobFile = writeJob(job);
  try {
    const out = await runChild([workerScript(projectRoot), jobFile], projectRoot, astroBuildEnv(env), 'The render worker', signal);
    return parseRenderReport(out);
  } finally {
    rmSync(jobFile, { force: true });
  }
}

/** Whether a child has neither exited nor been killed. */
const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Where a worker on standby reads from: the kept renderer, the content store, the `current` link of the served build. */
export interface StandbyPlaces {
  renderer: string;
  store: string;
  current: string;
}

/**
 * One render worker started ahead of the next publish (`render-worker.ts --standby`): while no
 * publish is due it loads Node, the modules, the kept renderer's bundle and both store files, so a
 * publish starts at its sync instead of paying a cold start (about half of a small publish's time
 * at 10,000 spaces). Each worker runs one job and exits, as before; the next is started after the
 * swap. It writes nothing before its job, and ends when its stdin closes (the server stopped or died).
 */
export class StandbyWorker {
  private spare: { places: StandbyPlaces; child: ChildProcess; done: Promise<string> } | null = null;

  /** Starts a worker on standby unless one for the same places is waiting. */
  prepare(projectRoot: string, places: StandbyPlaces, env: Record<string, string>): void {
    const spare = this.spare;
    if (spare && alive(spare.child) && JSON.stringify(spare.places) === JSON.stringify(places)) return;
    this.close();
    const args = [workerScript(projectRoot), '--standby', places.renderer, places.store, places.current];
    const started = startChild(args, projectRoot, astroBuildEnv(env), 'The render worker on standby', { stdin: true });
    // Its failure is reported by the publish that uses it; one never used must not be an unhandled rejection.
    started.done.catch(() => undefined);
    started.child.stdin?.on('error', () => undefined);
    this.spare = { places, ...started };
  }

  /**
   * Runs a publish job on the worker on standby when it waits for the same renderer and store,
   * else on a new worker ({@link runRenderWorker}).
   */
  async run(projectRoot: string, job: RenderJob, env: Record<string, string>, signal?: AbortSignal): Promise<RenderReport> {
    const spare = this.spare;
    this.spare = null;
    if (!spare || signal || !alive(spare.child) || spare.places.renderer !== job.renderer || spare.places.store !== job.store) {
      spare?.child.kill();
      return runRenderWorker(projectRoot, job, env, signal);
    }
    const jobFile = writeJob(job);
    try {
      spare.child.stdin?.end(`${jobFile}\n`);
      return parseRenderReport(await spare.done);
    } finally {
      rmSync(jobFile, { force: true });
    }
  }

  /** Stops the worker on standby (before a full build, whose renderer replaces the one it loaded, and at stop). */
  close(): void {
    this.spare?.child.kill();
    this.spare = null;
  }
}

/**
 * Writes the brotli and gzip siblings a build left pending (src/site/precompress.ts `packPending`)
 * in a child process at low priority, so the server and the next publish keep the cores; answers
 * how many files got siblings. Killed through `signal`, it leaves whole siblings and the mark.
 */
export async function runPackSiblings(projectRoot: string, buildDir: string, signal?: AbortSignal): Promise<{ files: number; ms: number }> {
  const script = join(projectRoot, 'src', 'site', 'precompress.ts');
  const out = await runChild([script, buildDir], projectRoot, process.env, 'Writing the siblings', signal, 10);
  const report = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { files?: number; ms?: number };
  return { files: report.files ?? 0, ms: report.ms ?? 0 };
}
