import { copyFileSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The file moves the demo world's caches share (pictures in ./media.ts, models in ./models/pool.ts,
 * tours in ./tours.ts): caches under node_modules/.cache are shared by every data folder and by
 * starts running side by side, so a file is written whole or not at all.
 */

/** Writes a file whole or not at all (a parallel start may read the same cache). */
export function writeAtomic(file: string, data: Uint8Array | string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** Hard-links a cached file into the media folder, or copies it across file systems; a file already there is kept. */
export function place(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    const tmp = `${to}.${process.pid}.tmp`;
    copyFileSync(from, tmp);
    renameSync(tmp, to);
  }
}

/** Removes cache folders of older generator versions (untouched for a day, so a parallel checkout keeps its own). */
export function pruneCache(cacheDir: string): void {
  const parent = dirname(cacheDir);
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(parent)) {
    const dir = join(parent, name);
    if (dir !== cacheDir && statSync(dir).mtimeMs < dayAgo) rmSync(dir, { recursive: true, force: true });
  }
}
