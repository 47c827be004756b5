import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { withFooterRegion } from '../domain/footer-region.ts';
import { PATCH_JOURNAL_PREFIX } from '../domain/patch-journal.ts';

/**
 * The pencil banner (src/features/banner/PencilBanner.astro) is on every page, so a banner change
 * is published by patching its region in the built files rather than by rendering every page
 * again: the region runs from `<div data-pencil` to the `</div>` that closes it, with the banner's
 * `<aside>` inside or empty. The banner's text is escaped HTML, so it never holds `</aside>`.
 * Works on bytes: a page is patched without decoding all of it. The same patching gives pages the
 * footer's content lists (src/domain/footer-region.ts) when a settle rewrites them.
 */
const REGION = /^<div data-pencil[^>]*>\s*(?:<aside[\s\S]*?<\/aside>\s*)?<\/div>/;
const START = Buffer.from('<div data-pencil');
/** How far past its start a region may end (a banner is well under 2 KB). */
const MAX_REGION_BYTES = 16 * 1024;

/** Where a page's banner region is (byte offsets), if it has one. */
function locate(page: Buffer): { start: number; end: number } | null {
  const start = page.indexOf(START);
  if (start < 0) return null;
  const head = page.subarray(start, start + MAX_REGION_BYTES).toString('latin1');
  const m = REGION.exec(head);
  return m ? { start, end: start + Buffer.byteLength(m[0], 'latin1') } : null;
}

/** A page's banner region (its bytes), if it has one. */
export function bannerRegion(page: Buffer): Buffer | null {
  const at = locate(page);
  return at ? page.subarray(at.start, at.end) : null;
}

/** The page with its banner region replaced; null when it has none or it is already `region`. */
export function withBannerRegion(page: Buffer, region: Buffer): Buffer | null {
  const at = locate(page);
  if (!at || page.subarray(at.start, at.end).equals(region)) return null;
  return Buffer.concat([page.subarray(0, at.start), region, page.subarray(at.end)]);
}

/** Which region a patch replaces: the pencil banner, or the footer's content lists (src/domain/footer-region.ts). */
export type RegionKind = 'banner' | 'footer';

/** The page with its `kind` region replaced; null when it has none or it is already `region`. */
function withRegion(kind: RegionKind, page: Buffer, region: Buffer): Buffer | null {
  if (kind === 'banner') return withBannerRegion(page, region);
  const html = page.toString('utf8');
  const next = withFooterRegion(html, region.toString('utf8'));
  return next === html ? null : Buffer.from(next);
}

/** One page to patch: its path under the build folder and the index of its locale's region. */
export type BannerJob = [file: string, region: number];

/**
 * Gives each page its locale's region, reading and writing a few files at a time on libuv's
 * pool (the step is bound by the disk and the copying). Each file is replaced, never changed in
 * place: it is a hard link of the served build's (temporary file, then rename), and listed in
 * the journal ({@link PATCH_JOURNAL_PREFIX}) first. Answers the pages that changed.
 */
export async function patchRegionFiles(
  root: string,
  jobs: readonly BannerJob[],
  regions: readonly Uint8Array[],
  tmpTag: string,
  kind: RegionKind = 'banner',
): Promise<string[]> {
  const changed: string[] = [];
  const bytes = regions.map((r) => Buffer.from(r));
  const journal = `${root}/${PATCH_JOURNAL_PREFIX}${tmpTag}`;
  mkdirSync(dirname(journal), { recursive: true });
  const fd = openSync(journal, 'a');
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const [file, region] = jobs[next++] as BannerJob;
      const full = `${root}/${file}`;
      const page = withRegion(kind, await readFile(full), bytes[region] as Buffer);
      if (!page) continue;
      writeSync(fd, `${file}\n`);
      const tmp = `${full}.${tmpTag}.tmp`;
      await writeFile(tmp, page);
      await rename(tmp, full);
      changed.push(file);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(8, jobs.length) }, worker));
  } finally {
    closeSync(fd);
  }
  rmSync(journal, { force: true });
  return changed;
}

/**
 * {@link patchRegionFiles} on `threads` worker threads at once (a share of the files each): a
 * banner change rewrites every page (22,000 files, about 1 GB at 10,000 spaces), and on a busy
 * machine one thread gets one core's share.
 */
export async function patchRegionFilesInThreads(
  root: string,
  jobs: readonly BannerJob[],
  regions: readonly Uint8Array[],
  tmpTag: string,
  threads: number,
  kind: RegionKind = 'banner',
): Promise<string[]> {
  if (threads < 2 || jobs.length < 1000) return patchRegionFiles(root, jobs, regions, tmpTag, kind);
  const shares = Array.from({ length: threads }, (_, i) => jobs.filter((_j, n) => n % threads === i));
  const results = await Promise.all(
    shares.map(
      (share, i) =>
        new Promise<string[]>((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { regionPatch: { root, jobs: share, regions, tmpTag: `${tmpTag}-${i}`, kind } } });
          worker.once('message', (changed: string[]) => resolve(changed));
          worker.once('error', reject);
          worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`A patching thread exited with ${code}.`))));
        }),
    ),
  );
  return results.flat();
}

/** The pencil banner patched into pages ({@link patchRegionFilesInThreads}). */
export const patchBannerFilesInThreads = (root: string, jobs: readonly BannerJob[], regions: readonly Uint8Array[], tmpTag: string, threads: number) =>
  patchRegionFilesInThreads(root, jobs, regions, tmpTag, threads, 'banner');

// A thread of patchRegionFilesInThreads.
type Task = { root: string; jobs: BannerJob[]; regions: Uint8Array[]; tmpTag: string; kind: RegionKind };
const task = (workerData as { regionPatch?: Task } | null)?.regionPatch;
if (!isMainThread && task) {
  const port = parentPort;
  void patchRegionFiles(task.root, task.jobs, task.regions, task.tmpTag, task.kind).then((changed) => port?.postMessage(changed));
}
