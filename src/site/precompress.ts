import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { isPrecompressible, MIN_PRECOMPRESS_BYTES, PAGE_BROTLI_QUALITY, PAGE_GZIP_LEVEL, SIBLINGS_PENDING_FILE } from '../domain/precompressed.ts';

/**
 * Build-time compression of the static site: every file src/domain/precompressed.ts names gets a
 * brotli (`.br`) and a gzip (`.gz`) sibling, which the server (src/server/static-encoding.ts) sends
 * with the matching Content-Encoding instead of compressing per request. A sibling is only served
 * while it is at least as new as its file, so a page rewritten without its siblings is never
 * answered stale.
 *
 * The publisher's full build leaves the siblings to after the swap ({@link packPending}, run by the
 * publisher in a child process at low priority): a fresh build goes online uncompressed and its
 * siblings follow, pages' shared assets first.
 */

/**
 * Brotli quality and gzip level: 11 and 9 for hashed assets (few, cached for a year); the pages'
 * ({@link PAGE_BROTLI_QUALITY}, src/domain/precompressed.ts) for everything else.
 */
const brotliOptions = (quality: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
});
const qualityOf = (file: string) => (file.includes('/_astro/') ? 11 : PAGE_BROTLI_QUALITY);
const gzipOptions = (file: string) => ({ level: file.includes('/_astro/') ? 9 : PAGE_GZIP_LEVEL });

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `file.br` and `file.gz` beside a file just written, synchronously (the publisher's
 * re-rendered pages); `rel` is the file's path inside the build (`space/x/index.html`). Returns
 * whether it wrote them (not for other files, nor for small ones).
 */
export function writeSiblingsSync(file: string, rel: string, body: string | Buffer): boolean {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (!isPrecompressible(rel) || bytes.length < MIN_PRECOMPRESS_BYTES) return false;
  const write = (ext: string, data: Buffer) => {
    const tmp = `${file}${ext}.${process.pid}.tmp`;
    writeFileSync(tmp, data);
    renameSync(tmp, `${file}${ext}`);
  };
  write('.br', brotliCompressSync(bytes, brotliOptions(qualityOf(file))));
  write('.gz', gzipSync(bytes, gzipOptions(file)));
  return true;
}

/** The hidden temporary name a sibling is written under before it is renamed over (`.index.html.br.tmp`). */
const tmpOf = (file: string, ext: string) => join(dirname(file), `.${basename(file)}${ext}.tmp`);

function listFiles(dir: string, rel = '', out: string[] = []): string[] {
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) listFiles(dir, r, out);
    else if (e.isFile() && isPrecompressible(r)) out.push(r);
  }
  return out;
}

/**
 * Writes the brotli and gzip siblings of the given files of a build (paths relative to `root`), a
 * few at a time on zlib's thread pool; files that are not precompressible or too small are skipped.
 * Returns the files that got siblings and the bytes before and after (brotli).
 */
export async function precompressFiles(
  root: string,
  rels: readonly string[],
  concurrency = 8,
  signal?: AbortSignal,
): Promise<{ written: string[]; bytes: number; brotliBytes: number }> {
  const files = rels.filter((rel) => isPrecompressible(rel));
  let next = 0;
  const written: string[] = [];
  let bytes = 0;
  let brotliBytes = 0;
  const worker = async () => {
    while (next < files.length && !signal?.aborted) {
      const rel = files[next++] as string;
      const file = join(root, rel);
      const body = await readFile(file);
      if (body.length < MIN_PRECOMPRESS_BYTES) continue;
      const [br, gz] = await Promise.all([brotliAsync(body, brotliOptions(qualityOf(`/${rel}`))), gzipAsync(body, gzipOptions(`/${rel}`))]);
      // Written aside (hidden: the server never serves `/.` paths), then renamed over: a hard-linked
      // sibling of another build is replaced, never changed.
      await writeFile(tmpOf(file, '.br'), br);
      await writeFile(tmpOf(file, '.gz'), gz);
      await rename(tmpOf(file, '.br'), `${file}.br`);
      await rename(tmpOf(file, '.gz'), `${file}.gz`);
      written.push(rel);
      bytes += body.length;
      brotliBytes += br.length;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return { written, bytes, brotliBytes };
}

/**
 * Compresses every precompressible file of a built site (see {@link precompressFiles}).
 * Returns how many files got siblings and the bytes before and after (brotli).
 */
export async function precompressSite(outDir: string, concurrency = 8): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const { written, bytes, brotliBytes } = await precompressFiles(outDir, listFiles(outDir), concurrency);
  return { files: written.length, bytes, brotliBytes };
}

/** Whether a file's brotli or gzip sibling is missing or older than it (it would be sent uncompressed). */
export function hasStaleSiblings(file: string): boolean {
  const st = statSync(file, { throwIfNoEntry: false });
  if (!st || st.size < MIN_PRECOMPRESS_BYTES) return false;
  return ['.br', '.gz'].some((ext) => {
    const sibling = statSync(`${file}${ext}`, { throwIfNoEntry: false });
    return !sibling || sibling.mtimeMs < st.mtimeMs;
  });
}

const pendingMarker = (buildDir: string) => join(buildDir, '.publish', SIBLINGS_PENDING_FILE);

/** Marks a build as having files whose siblings are missing or stale (see {@link packPending}). */
export function markSiblingsPending(buildDir: string): string {
  const marker = pendingMarker(buildDir);
  mkdirSync(dirname(marker), { recursive: true });
  // A new file, never one hard-linked with another build's.
  rmSync(marker, { force: true });
  writeFileSync(marker, '');
  return marker;
}

/**
 * Writes the missing or stale siblings of a build marked pending ({@link markSiblingsPending}),
 * hashed assets first (every page loads them), then removes the mark; answers how many files got
 * siblings, or null when the build was not marked. Stopped at any point (a kill, `signal`), it
 * leaves whole siblings and the mark: the next run carries on where this one stopped.
 */
export async function packPending(buildDir: string, signal?: AbortSignal): Promise<{ files: number; bytes: number; brotliBytes: number } | null> {
  const marker = pendingMarker(buildDir);
  if (!existsSync(marker)) return null;
  const rels = listFiles(buildDir)
    .filter((rel) => hasStaleSiblings(join(buildDir, rel)))
    .sort((a, b) => Number(!a.startsWith('_astro/')) - Number(!b.startsWith('_astro/')));
  const { written, bytes, brotliBytes } = await precompressFiles(buildDir, rels, 8, signal);
  if (signal?.aborted) return { files: written.length, bytes, brotliBytes };
  rmSync(marker, { force: true });
  return { files: written.length, bytes, brotliBytes };
}

// `node src/site/precompress.ts <build folder>`: the publisher's child (src/server/publish/children.ts).
if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error('Usage: node src/site/precompress.ts <build folder>');
  const started = performance.now();
  const packed = await packPending(dir);
  process.stdout.write(`${JSON.stringify({ ...packed, ms: Math.round(performance.now() - started) })}\n`);
}
