import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildDelta } from '../../domain/publish-protocol.ts';
import { keptCopiesToDrop } from '../../domain/kept-pages.ts';

/** A build folder named like a locale prefix (`de`, `zh-cn`). */
const LOCALE_DIR = /^[a-z]{2}(?:-[a-z]{2})?$/;

/**
 * Removes from a build the kept copies (src/domain/kept-pages.ts) of the English pages a publish
 * changed, in every locale folder the build has, so they are rendered again on their next request.
 * Without a delta every kept copy goes. Answers how many folders it removed (or tried to).
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
  const dirs = keptCopiesToDrop(delta, prefixes, list);
  for (const d of dirs) rmSync(join(buildDir, d), { recursive: true, force: true });
  return dirs.length;
}
