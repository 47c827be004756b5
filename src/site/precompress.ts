import { readdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { isPrecompressible, MIN_PRECOMPRESS_BYTES } from '../domain/precompressed.ts';

/**
 * Build-time compression of the static site: every file src/domain/precompressed.ts names gets a
 * brotli (`.br`) and a gzip (`.gz`) sibling, which the server (src/server/static-encoding.ts) sends
 * with the matching Content-Encoding instead of compressing per request. A sibling is only served
 * while it is at least as new as its file, so a page rewritten without its siblings is never
 * answered stale.
 */

/**
 * Brotli quality and gzip level: 11 and 9 for hashed assets (few, cached for a year); 5 and 6 for
 * pages (thousands, all rewritten when the footer lists change): on our pages 6 and 9 cost a fifth
 * more time for 0.3 % fewer bytes.
 */
const brotliOptions = (quality: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
});
const qualityOf = (file: string) => (file.includes('/_astro/') ? 11 : 5);
const gzipOptions = (file: string) => ({ level: file.includes('/_astro/') ? 9 : 6 });

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
): Promise<{ written: string[]; bytes: number; brotliBytes: number }> {
  const files = rels.filter((rel) => isPrecompressible(rel));
  let next = 0;
  const written: string[] = [];
  let bytes = 0;
  let brotliBytes = 0;
  const worker = async () => {
    while (next < files.length) {
      const rel = files[next++] as string;
      const file = join(root, rel);
      const body = await readFile(file);
      if (body.length < MIN_PRECOMPRESS_BYTES) continue;
      const [br, gz] = await Promise.all([brotliAsync(body, brotliOptions(qualityOf(`/${rel}`))), gzipAsync(body, gzipOptions(`/${rel}`))]);
      // Written aside, then renamed over: a hard-linked sibling of another build is replaced, never changed.
      await writeFile(`${file}.br.tmp`, br);
      await writeFile(`${file}.gz.tmp`, gz);
      await rename(`${file}.br.tmp`, `${file}.br`);
      await rename(`${file}.gz.tmp`, `${file}.gz`);
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
