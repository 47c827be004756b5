import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { BuildDelta } from '../../domain/publish-protocol.ts';
import { keptCopiesToDrop } from '../../domain/kept-pages.ts';

/** The page folder of a build file (`space/abc/index.html.br` → `space/abc`), as src/domain/kept-pages.ts reads a delta. */
const pagePathOf = (entry: string): string => entry.replace(/(^|\/)index\.html(\.br|\.gz)?$/, '').replace(/\/+$/, '');

/** A build folder named like a locale prefix (`de`, `zh-cn`). */
const LOCALE_DIR = /^[a-z]{2}(?:-[a-z]{2})?$/;

/**
 * Removes from a build the kept copies (src/domain/kept-pages.ts) of the English pages a publish
 * changed, in every locale folder the build has, so they are rendered again on their next request.
 * Without a delta every kept copy goes. Answers how many folders it removed.
 */
export function dropKeptCopies(buildDir: string, delta: BuildDelta | undefined): number {
  let prefixes: string[];
  try {
    prefixes = readdirSync(buildDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && LOCALE_DIR.test(d.name))
      .map((d) => d.name);
  } catch {
    return 0;
  }
  const list = (dir: string) => {
    try {
      return readdirSync(join(buildDir, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
    } catch {
      return [];
    }
  };
  // Few of them exist (a copy is kept once requested), and a banner change names every page (260,000
  // folders in 12 locales at 10,000 spaces): a folder is looked for in its parent's listing, made
  // once and only for a parent that exists, and only the pages with a folder in some locale are asked about.
  const listed = new Map<string, Set<string>>();
  const known = new Map<string, boolean>();
  const exists = (dir: string): boolean => {
    const parent = dirname(dir);
    if (parent === '.') return true;
    let found = known.get(dir);
    if (found !== undefined) return found;
    let names = listed.get(parent);
    if (!names && exists(parent)) listed.set(parent, (names = new Set(list(parent))));
    found = !!names?.has(basename(dir));
    known.set(dir, found);
    return found;
  };
  const withSection = new Map<string, string[]>();
  const inSomeLocale = (entry: string) => {
    const path = pagePathOf(entry);
    if (!path) return false;
    const section = path.split('/')[0] as string;
    let having = withSection.get(section);
    if (!having) withSection.set(section, (having = prefixes.filter((prefix) => exists(`${prefix}/${section}`))));
    return having.some((prefix) => exists(`${prefix}/${path}`));
  };
  const asked = delta && { files: delta.files.filter(inSomeLocale), dirs: delta.dirs.filter(inSomeLocale) };
  const dirs = keptCopiesToDrop(asked, prefixes, list);
  const present = dirs.filter(exists);
  for (const d of present) rmSync(join(buildDir, d), { recursive: true, force: true });
  return present.length;
}
