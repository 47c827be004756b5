import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync, readlinkSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ContentEvents } from '../events.ts';

/** What a build was made from; equal stamps mean the build is up to date. */
interface BuildStamp {
  source: string;
  content: number;
}

/** Files whose change means the site must be rebuilt. */
const SOURCE_ROOTS = ['src', 'locales', 'public', 'astro.config.mjs', 'package-lock.json'];
/** Server-only code does not change the static output. */
const SOURCE_IGNORE = /(^|\/)server\/|\.test\.ts$/;

function hashSources(projectRoot: string): string {
  const h = createHash('sha256');
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(join(p, name));
      return;
    }
    const rel = relative(projectRoot, p);
    if (SOURCE_IGNORE.test(rel)) return;
    h.update(rel).update('\0').update(readFileSync(p)).update('\0');
  };
  for (const r of SOURCE_ROOTS) walk(join(projectRoot, r));
  return h.digest('hex').slice(0, 16);
}

/** Options of the publisher. */
export interface PublisherOptions {
  projectRoot: string;
  /** Holds builds/<id>/ and the `current` link the server serves. */
  siteDir: string;
  /** Base URL the build reads the content API from. */
  apiUrl: string;
  publicOrigin: string;
  /** Lets the build list UNLISTED spaces. */
  buildToken: string;
  db: Kysely<Database>;
  events: ContentEvents;
  /** Quiet period after the last change before a rebuild starts. */
  debounceMs?: number;
  log?: (line: string) => void;
  /** Makes the site into a folder; `astro build` by default (tests pass a fake). */
  buildSite?: (projectRoot: string, outDir: string, env: Record<string, string>) => Promise<void>;
}

/**
 * Builds the static site from the running API and swaps it in atomically; rebuilds, debounced,
 * when content changes. One build at a time; changes during a build queue one more.
 */
export class Publisher {
  readonly currentDir: string;
  private readonly opts: Required<PublisherOptions>;
  private building: Promise<void> | null = null;
  private pending = false;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  /** How the last build went, for the health endpoint and tests. */
  lastBuild: { ok: boolean; at: string; ms: number; error?: string } | null = null;

  constructor(options: PublisherOptions) {
    this.opts = { debounceMs: 2000, log: (l) => console.log(l), buildSite: runAstroBuild, ...options };
    this.currentDir = join(this.opts.siteDir, 'current');
    mkdirSync(this.opts.siteDir, { recursive: true });
  }

  private async stamp(): Promise<BuildStamp> {
    const row = await this.opts.db
      .selectFrom('content_events')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return { source: hashSources(this.opts.projectRoot), content: Number(row?.max ?? 0) };
  }

  /** Whether the served build matches the current sources and content. */
  async isUpToDate(): Promise<boolean> {
    const file = join(this.currentDir, '.build-stamp.json');
    if (!existsSync(file)) return false;
    const have = JSON.parse(readFileSync(file, 'utf8')) as BuildStamp;
    const want = await this.stamp();
    return have.source === want.source && have.content === want.content;
  }

  /** Builds now unless a build is running, in which case one more build is queued after it. */
  build(): Promise<void> {
    if (this.building) {
      this.pending = true;
      return this.building;
    }
    this.building = this.runBuild().finally(() => {
      this.building = null;
      if (this.pending) {
        this.pending = false;
        void this.build().catch((e: Error) => this.logFailure(e));
      }
    });
    return this.building;
  }

  /** Starts rebuilding on content changes. */
  watch(): void {
    this.unsubscribe = this.opts.events.on(() => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.build().catch((e: Error) => this.logFailure(e)), this.opts.debounceMs);
    });
  }

  /** Logs a failed background build with what caused it (the astro error). */
  private logFailure(e: Error): void {
    const cause = e.cause instanceof Error ? e.cause.message : e.cause === undefined ? '' : JSON.stringify(e.cause);
    this.opts.log(`${e.message} ${cause}`);
  }

  /** Stops watching; a running build finishes. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.building?.catch(() => undefined);
  }

  private async runBuild(): Promise<void> {
    const started = Date.now();
    const stamp = await this.stamp();
    const buildsDir = join(this.opts.siteDir, 'builds');
    mkdirSync(buildsDir, { recursive: true });
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${stamp.content}`;
    // Astro clears its content store when outDir changes, so every build goes to the same staging
    // folder (keeping unchanged content between builds) and is then moved to its own folder.
    const staging = join(this.opts.siteDir, 'staging');
    const outDir = join(buildsDir, id);
    this.opts.log(`Building the site from ${this.opts.apiUrl} …`);
    try {
      rmSync(staging, { recursive: true, force: true });
      await this.opts.buildSite(this.opts.projectRoot, staging, {
        DISCOVER_API_URL: this.opts.apiUrl,
        DISCOVER_API_TOKEN: this.opts.buildToken,
        PUBLIC_ORIGIN: this.opts.publicOrigin,
      });
      writeFileSync(join(staging, '.build-stamp.json'), JSON.stringify(stamp));
      renameSync(staging, outDir);
      swapLink(this.currentDir, outDir);
      pruneBuilds(buildsDir, outDir);
      this.lastBuild = { ok: true, at: new Date().toISOString(), ms: Date.now() - started };
      this.opts.log(`Site built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      this.lastBuild = { ok: false, at: new Date().toISOString(), ms: Date.now() - started, error: String(error) };
      throw new Error('The site build failed; the previous build stays online.', { cause: error });
    }
  }
}

/** Points `link` at `target` atomically (a new link renamed over the old one). */
function swapLink(link: string, target: string): void {
  const tmp = `${link}.${process.pid}.tmp`;
  // Before the first build the server may have made an empty folder in the link's place.
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) rmSync(link, { recursive: true, force: true });
  rmSync(tmp, { force: true });
  symlinkSync(resolve(target), tmp, 'dir');
  renameSync(tmp, link);
}

/** Keeps the current build and the one before it, for requests still reading it. */
function pruneBuilds(buildsDir: string, keep: string): void {
  const current = resolve(keep);
  const dirs = readdirSync(buildsDir)
    .map((d) => join(buildsDir, d))
    .filter((d) => resolve(d) !== current)
    .sort();
  for (const d of dirs.slice(0, -1)) rmSync(d, { recursive: true, force: true });
}

/** The target of the served build, if any. */
export function currentBuildOf(siteDir: string): string | null {
  try {
    return readlinkSync(join(siteDir, 'current'));
  } catch {
    return null;
  }
}

/**
 * The environment of the `astro build` child: this process's, the build's settings, and always
 * NODE_ENV=production. Vite and React pick their bundles by NODE_ENV, so a server started with
 * NODE_ENV=test or development would otherwise publish React's development build.
 */
export function astroBuildEnv(env: Record<string, string>, parent: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...parent, ...env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
}

/** Runs `astro build` in a child process (Astro keeps its content store between builds). */
export function runAstroBuild(projectRoot: string, outDir: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const astroBin = join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
    const child = spawn(process.execPath, [astroBin, 'build', '--outDir', outDir, '--silent'], {
      cwd: projectRoot,
      env: astroBuildEnv(env),
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      process.stderr.write(d);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`astro build exited with ${code}: ${stderr.slice(-2000)}`));
    });
  });
}
