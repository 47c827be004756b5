import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildDelta } from '../../domain/publish-protocol.ts';
import { PUBLISH_DIR } from './site-dirs.ts';
import { isKeptCopy } from '../../domain/kept-pages.ts';
import { isPrecompressible } from '../../domain/precompressed.ts';

/**
 * Whether a path is the brotli or gzip sibling of a precompressible file (`x/index.html.br`). Siblings
 * are a cache of their file, written behind a publish (src/site/precompress.ts) and served only while
 * at least as new as it (src/server/static-encoding.ts): never sealed, never checked.
 */
export function isSibling(path: string): boolean {
  const m = /^(.+)\.(?:br|gz)$/.exec(path);
  return m !== null && isPrecompressible(m[1] as string);
}

/**
 * A build's seal: the list of its files with their sizes (not the brotli and gzip siblings: see
 * {@link isSibling}), written last (after every page, asset, footer and stamp), so a build folder
 * without one was never finished. It is checked before a build is swapped in and at every start: a folder whose files differ from its list (a
 * removal that ran into it, a copy cut short by a crash) is never served.
 */
export const MANIFEST_FILE = 'manifest.json';

/** What a manifest holds: relative paths (`/`-separated) and sizes of every served file. */
export interface BuildManifest {
  version: 1;
  files: number;
  bytes: number;
  list: [path: string, size: number][];
}

/** The page a build must have to be a site at all, whatever its manifest says. */
const REQUIRED = ['index.html'];

/** The build's page list (`[path, file]` pairs, src/site/build-integration.ts). */
const PAGES_FILE = 'pages.json';

/**
 * Every file of a build folder with its size, sorted. Dot-folders and dot-files are the
 * publisher's (`.publish/`, temporary files); the server never serves `/.` paths.
 */
export function listBuildFiles(dir: string): [string, number][] {
  const out: [string, number][] = [];
  const walk = (abs: string, rel: string) => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const a = join(abs, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(a, r);
      else if (e.isFile()) out.push([r, statSync(a).size]);
    }
  };
  walk(dir, '');
  return out.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
}

/** The build a copy was made from (its manifest) and what a publish changed in the copy. */
export interface SealBase {
  manifest: BuildManifest;
  delta: BuildDelta;
}

/** The manifest of a build folder, if it has a readable one. */
export function readManifest(dir: string): BuildManifest | null {
  try {
    const m = JSON.parse(readFileSync(join(dir, PUBLISH_DIR, MANIFEST_FILE), 'utf8')) as BuildManifest;
    return m.version === 1 && Array.isArray(m.list) && m.list.length === m.files ? m : null;
  } catch {
    return null;
  }
}

/**
 * Writes a build's manifest (replacing, never modifying, a hard-linked file). Call it last.
 *
 * A copy of a served build is sealed from the served build's manifest and the publish's delta, not
 * from what is on disk: a file of the copy that went missing without the publish removing it (a
 * removal that ran into the copy) stays listed, so {@link verifyBuild} refuses the copy. A full
 * build, made from scratch into its own folder, is sealed from what is on disk.
 */
export function sealBuild(dir: string, base?: SealBase): BuildManifest {
  let list: [string, number][];
  if (base) {
    const hidden = (p: string) => p.split('/').some((seg) => seg.startsWith('.'));
    const inDirs = (p: string) => base.delta.dirs.some((d) => p === d || p.startsWith(`${d}/`));
    const changed = new Set(base.delta.files.filter((f) => !hidden(f)));
    const kept = base.manifest.list.filter(([p]) => !changed.has(p) && !inDirs(p));
    const fresh: [string, number][] = [];
    for (const f of changed) {
      if (inDirs(f) || isSibling(f) || isKeptCopy(f)) continue;
      const st = statSync(join(dir, f), { throwIfNoEntry: false });
      if (st) fresh.push([f, st.size]);
    }
    for (const d of base.delta.dirs) {
      if (!hidden(d) && existsSync(join(dir, d))) fresh.push(...listBuildFiles(join(dir, d)).map(([p, n]): [string, number] => [`${d}/${p}`, n]));
    }
    list = [...kept, ...fresh].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  } else list = listBuildFiles(dir);
  // Kept copies (src/domain/kept-pages.ts) are a cache the server writes and publishes drop: never sealed.
  // Nor are siblings: the publisher writes them after the swap, and a file's siblings may be rewritten later.
  list = list.filter(([p]) => !isKeptCopy(p) && !isSibling(p));
  const manifest: BuildManifest = { version: 1, files: list.length, bytes: list.reduce((n, [, s]) => n + s, 0), list };
  const file = join(dir, PUBLISH_DIR, MANIFEST_FILE);
  mkdirSync(join(dir, PUBLISH_DIR), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(manifest));
  renameSync(tmp, file);
  return manifest;
}

/** Whether a build folder is complete, and why not. */
export type BuildCheck = { ok: true; files: number } | { ok: false; reason: string };

/**
 * Checks a build against its manifest: the manifest exists and parses, the required pages are listed,
 * and every listed file exists with its size. Answers the first problem found.
 */
export function verifyBuild(dir: string): BuildCheck {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return { ok: false, reason: 'the build folder is missing' };
  const manifest = readManifest(dir);
  if (!manifest) return { ok: false, reason: 'it has no readable manifest (the build was not finished)' };
  const listed = new Set(manifest.list.map(([p]) => p));
  const absent = REQUIRED.find((p) => !listed.has(p));
  if (absent) return { ok: false, reason: `its manifest does not list ${absent}` };
  let pages: [string, string][] = [];
  try {
    pages = JSON.parse(readFileSync(join(dir, PUBLISH_DIR, PAGES_FILE), 'utf8')) as [string, string][];
  } catch {
    // A build without a page list (a static copy) is checked by its manifest alone.
  }
  const unlisted = pages.find(([, file]) => !listed.has(file));
  if (unlisted) return { ok: false, reason: `its page ${unlisted[0]} (${unlisted[1]}) is not in its manifest` };
  for (const [path, size] of manifest.list) {
    // A manifest sealed before siblings were left out may list them: they are checked no more.
    if (isSibling(path)) continue;
    let st;
    try {
      st = lstatSync(join(dir, path));
    } catch {
      return { ok: false, reason: `${path} is missing` };
    }
    if (!st.isFile()) return { ok: false, reason: `${path} is not a file` };
    if (st.size !== size) return { ok: false, reason: `${path} has ${st.size} bytes, not ${size}` };
  }
  return { ok: true, files: manifest.files };
}
