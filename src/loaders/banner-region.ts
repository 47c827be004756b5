import { readFile, rename, writeFile } from 'node:fs/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * The pencil banner (src/features/banner/PencilBanner.astro) is on every page, so a banner change
 * is published by patching its region in the built files rather than by rendering every page
 * again: the region runs from `<div data-pencil` to the `</div>` that closes it, with the banner's
 * `<aside>` inside or empty. The banner's text is escaped HTML, so it never holds `</aside>`.
 * Works on bytes: a page is patched without decoding all of it.
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

/** One page to patch: its path under the build folder and the index of its locale's region. */
export type BannerJob = [file: string, region: number];

/**
 * Gives each page its locale's banner region, reading and writing a few files at a time on libuv's
 * pool (the step is bound by the disk and the copying). Each file is replaced, never changed in
 * place: it is a hard link of the served build's (temporary file, then rename). Answers the pages
 * that changed.
 */
export async function patchBannerFiles(root: string, jobs: readonly BannerJob[], regions: readonly Uint8Array[], tmpTag: string): Promise<string[]> {
  const changed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const [file, region] = jobs[next++] as BannerJob;
      const full = `${root}/${file}`;
      const page = withBannerRegion(await readFile(full), Buffer.from(regions[region] as Uint8Array));
      if (!page) continue;
      const tmp = `${full}.${tmpTag}.tmp`;
      await writeFile(tmp, page);
      await rename(tmp, full);
      changed.push(file);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, jobs.length) }, worker));
  return changed;
}

/**
 * {@link patchBannerFiles} on `threads` worker threads at once (a share of the files each): a
 * banner change rewrites every page (22,000 files, about 1 GB at 10,000 spaces), and on a busy
 * machine one thread gets one core's share.
 */
export async function patchBannerFilesInThreads(
  root: string,
  jobs: readonly BannerJob[],
  regions: readonly Uint8Array[],
  tmpTag: string,
  threads: number,
): Promise<string[]> {
  if (threads < 2 || jobs.length < 1000) return patchBannerFiles(root, jobs, regions, tmpTag);
  const shares = Array.from({ length: threads }, (_, i) => jobs.filter((_j, n) => n % threads === i));
  const results = await Promise.all(
    shares.map(
      (share, i) =>
        new Promise<string[]>((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { bannerPatch: { root, jobs: share, regions, tmpTag: `${tmpTag}-${i}` } } });
          worker.once('message', (changed: string[]) => resolve(changed));
          worker.once('error', reject);
          worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`A banner thread exited with ${code}.`))));
        }),
    ),
  );
  return results.flat();
}

// A thread of patchBannerFilesInThreads.
const task = (workerData as { bannerPatch?: { root: string; jobs: BannerJob[]; regions: Uint8Array[]; tmpTag: string } } | null)?.bannerPatch;
if (!isMainThread && task) {
  const port = parentPort;
  void patchBannerFiles(task.root, task.jobs, task.regions, task.tmpTag).then((changed) => port?.postMessage(changed));
}
