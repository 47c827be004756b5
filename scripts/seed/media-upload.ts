import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { MediaStore } from '../../src/server/platform/media/store.ts';

/**
 * The demo world's pictures in S3-compatible storage (issue 16). The seed draws them into the local
 * media folder (from the shared picture cache); with `MEDIA_S3_*` set the site's media URLs point at
 * the bucket, so `npm start` then copies the folder into the media store once. A marker beside the
 * folder records that the copy finished, so an interrupted start copies again next time and a
 * finished one never does.
 */

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.glb': 'model/gltf-binary',
};

/** The marker of a finished copy into a store (beside the media folder, not served). */
export function uploadedMarker(mediaDir: string, storeId: string): string {
  return `${resolve(mediaDir)}.uploaded-${storeId.replace(/[^\w.-]+/g, '_')}.json`;
}

/** Every file under a folder (relative paths with `/`), skipping dot files and temporary files. */
function filesUnder(dir: string, root = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name.endsWith('.tmp')) return [];
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, root);
    return entry.isFile() ? [relative(root, full).split(sep).join('/')] : [];
  });
}

/** Options of {@link uploadDemoMedia}. */
export interface UploadOptions {
  /** Names the store in the marker (bucket and prefix), so another bucket gets its own copy. */
  storeId: string;
  /** Objects sent at once. */
  concurrency?: number;
  log?: (line: string) => void;
}

/**
 * Copies every picture of the local media folder into `store` (same keys), unless a previous copy
 * into the same store finished. Returns how many files were copied (0 when already done).
 */
export async function uploadDemoMedia(mediaDir: string, store: MediaStore, opts: UploadOptions): Promise<number> {
  const marker = uploadedMarker(mediaDir, opts.storeId);
  if (existsSync(marker)) return 0;
  const started = performance.now();
  const files = filesUnder(mediaDir);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const key = files[next++] as string;
      const type = TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
      await store.put(key, readFileSync(join(mediaDir, key)), type);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 8) }, worker));
  writeFileSync(`${marker}.tmp`, JSON.stringify({ files: files.length, at: new Date().toISOString() }));
  renameSync(`${marker}.tmp`, marker);
  opts.log?.(`Demo pictures copied to the media store in ${((performance.now() - started) / 1000).toFixed(1)} s: ${files.length} files.`);
  return files.length;
}
