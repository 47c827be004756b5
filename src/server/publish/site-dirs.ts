import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { link, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { BuildDelta } from '../../domain/publish-protocol.ts';

/**
 * The folders of a publisher (`DATA_DIR/site` in the embedded default):
 *
 *   current -> builds/<id>   the served build (a link swapped atomically)
 *   builds/<id>/             complete static sites; `.publish/` inside holds the page list, the
 *                            content-store snapshot and the stamp (the server never serves `/.` paths)
 *   next/                    the next build being prepared: a hard-linked copy of the current one
 *   cache/                   Astro's cache dir: content store, incremental-build cache
 *   renderer/                the prerender bundle the last full build kept (re-renders single pages)
 *   staging/                 where `astro build` writes a full build
 *   node_modules -> project  so `astro build` run from here resolves the project's packages
 */
export const siteLayout = (siteDir: string) => ({
  current: join(siteDir, 'current'),
  builds: join(siteDir, 'builds'),
  next: join(siteDir, 'next'),
  cache: join(siteDir, 'cache'),
  renderer: join(siteDir, 'renderer'),
  staging: join(siteDir, 'staging'),
});

/** The build's hidden folder and what it holds. */
export const PUBLISH_DIR = '.publish';
export const STAMP_FILE = 'stamp.json';

/** What a build was made from; equal stamps mean the build is up to date. */
export interface BuildStamp {
  /** Hash of the sources that shape the output. */
  source: string;
  /** The last content event the build includes. */
  content: number;
}

/** The stamp of a build folder, if it has one. */
export function readStamp(buildDir: string): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(join(buildDir, PUBLISH_DIR, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

/** Writes a build's stamp (replacing, never modifying, a hard-linked file). */
export function writeStamp(buildDir: string, stamp: BuildStamp): void {
  const dir = join(buildDir, PUBLISH_DIR);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, STAMP_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(stamp));
  renameSync(`${file}.tmp`, file);
}

/**
 * Copies a folder tree with every file hard-linked (copy-on-write by convention: whoever changes
 * a file of the copy replaces it, so the original stays as it is). Folders are made, files linked,
 * 64 at a time.
 */
export async function linkTree(from: string, to: string): Promise<number> {
  let files = 0;
  const queue: Promise<void>[] = [];
  const walk = async (rel: string): Promise<void> => {
    await mkdir(join(to, rel), { recursive: true });
    const entries = await readdir(join(from, rel), { withFileTypes: true });
    const jobs: Promise<void>[] = [];
    for (const e of entries) {
      const r = rel ? join(rel, e.name) : e.name;
      if (e.isDirectory()) jobs.push(walk(r));
      else {
        files++;
        jobs.push(link(join(from, r), join(to, r)));
      }
      if (jobs.length >= 64) await Promise.all(jobs.splice(0));
    }
    await Promise.all(jobs);
  };
  queue.push(walk(''));
  await Promise.all(queue);
  return files;
}

/**
 * Brings a copy up to date with the build it was copied from, given what changed there: each
 * changed file is linked again (or removed), each replaced folder linked anew. The cost is the
 * size of the change, not of the site.
 */
export async function applyDelta(from: string, to: string, delta: BuildDelta): Promise<void> {
  for (const d of delta.dirs) {
    await rm(join(to, d), { recursive: true, force: true });
    if (existsSync(join(from, d))) await linkTree(join(from, d), join(to, d));
  }
  const inDirs = (f: string) => delta.dirs.some((d) => f === d || f.startsWith(`${d}/`));
  const files = delta.files.filter((f) => !inDirs(f));
  const present = files.filter((f) => existsSync(join(from, f)));
  // Linked 32 at a time (a banner change's delta is every page: 22,500 files at 10,000 spaces);
  // removals after, one by one, since they remove the folders they leave empty.
  let next = 0;
  const linker = async () => {
    while (next < present.length) {
      const f = present[next++] as string;
      const target = join(to, f);
      await mkdir(dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.link`;
      await rm(tmp, { force: true });
      await link(join(from, f), tmp);
      await rename(tmp, target);
    }
  };
  await Promise.all(Array.from({ length: Math.min(32, present.length) }, linker));
  const linked = new Set(present);
  for (const f of files) {
    if (linked.has(f)) continue;
    const target = join(to, f);
    await rm(target, { force: true });
    // Folders the removal left empty go too.
    let dir = dirname(target);
    while (dir.startsWith(`${to}/`)) {
      try {
        await rmdir(dir);
      } catch {
        break;
      }
      dir = dirname(dir);
    }
  }
}

/** Points `link` at `target` atomically (a new link renamed over the old one). */
export function swapLink(linkPath: string, target: string): void {
  const tmp = `${linkPath}.${process.pid}.tmp`;
  // Before the first build the server may have made an empty folder in the link's place.
  if (existsSync(linkPath) && !lstatSync(linkPath).isSymbolicLink()) rmSync(linkPath, { recursive: true, force: true });
  rmSync(tmp, { force: true });
  symlinkSync(resolve(target), tmp, 'dir');
  renameSync(tmp, linkPath);
}

/** The target of the served build, if any. */
export function currentBuildOf(siteDir: string): string | null {
  try {
    return readlinkSync(siteLayout(siteDir).current);
  } catch {
    return null;
  }
}

/**
 * Removes folders in the background, at low priority: deleting a build of tens of thousands of
 * files takes seconds of disk time that the next publish should not wait for.
 */
export function removeInBackground(dirs: readonly string[]): Promise<void> {
  if (!dirs.length) return Promise.resolve();
  return new Promise((ok) => {
    const child = spawn('nice', ['-n', '15', 'rm', '-rf', '--', ...dirs], { stdio: 'ignore' });
    child.on('error', () => {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      ok();
    });
    child.on('exit', () => ok());
  });
}

/** Builds other than the served one and the one before it (still read by requests in flight). */
export function oldBuilds(buildsDir: string, keep: string): string[] {
  if (!existsSync(buildsDir)) return [];
  const current = resolve(keep);
  const dirs = readdirSync(buildsDir)
    .map((d) => join(buildsDir, d))
    .filter((d) => resolve(d) !== current && !d.endsWith('.removing'))
    .sort();
  return dirs.slice(0, -1);
}

/** Folders retired by this process (names the aside folders uniquely). */
let retired = 0;

/** Moves folders aside (instantly) so a background removal can take its time. */
export function retire(dirs: readonly string[]): string[] {
  return dirs.map((d) => {
    const aside = `${d}.${process.pid}-${++retired}.removing`;
    renameSync(d, aside);
    return aside;
  });
}
