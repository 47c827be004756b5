import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { marketplacePictureJobs, type MarketplacePicture } from './marketplace-pictures.ts';
import { place, pruneCache, writeAtomic } from './cache-files.ts';
import { renderAvatar, renderCover, renderPlaceholder } from './pictures.ts';
import { tourModelPictureJobs, tourPlanJobs, type TourPictures } from './tour-pictures.ts';

/**
 * The demo world's pictures: what a seed needs (a plan, written beside the media folder before the
 * database rows are inserted), and how they are made. Pictures are drawn once per generator version
 * into a cache shared by every data folder (`node_modules/.cache/discover-demo-media/<hash>`) and
 * hard-linked (or copied) into `DATA_DIR/media`, so only the very first start on a machine draws them.
 */

/** Sizes the seed renders space images at; the site's <picture> srcsets use the same list (src/site/images.ts). */
export const SPACE_IMAGE_WIDTHS = [480, 800, 1200] as const;
/** Size of a space illustration (the largest width). */
export const SPACE_IMAGE_SIZE = { width: 1200, height: 800 } as const;

/** Encoder settings: fast encoders (AVIF effort 0 is ~4x faster than effort 2 for ~+40% bytes on these flat illustrations). */
const WEBP = { quality: 78, effort: 2 } as const;
const AVIF = { quality: 55, effort: 0, chromaSubsampling: '4:2:0' } as const;

/** Every picture a demo world refers to; file names follow from the fields. */
export interface DemoMediaPlan {
  /** `spaces/<key>/<width>.{webp,avif}` */
  spaces: { key: string; kind: string }[];
  /** `covers/<key>-{800,1600}.webp` */
  covers: string[];
  /** `avatars/<name>-{96,256}.webp`, drawn from a seed and initials */
  avatars: { name: string; seed: string; initials: string }[];
  /** `marketplace/<key>/<width>.webp`: partner logos and app screenshots (scripts/seed/marketplace.ts) */
  marketplace?: MarketplacePicture[];
  /**
   * The pool models the demo tours show (scripts/seed/tours.ts): their spaces' pictures
   * (`spaces/model-<model>/…`, cut from a view of the model), `tours/<model>/poster.webp` and
   * `tours/<model>/plan-<floor>.webp`
   */
  tours?: TourPictures[];
}

/** Where a seed leaves the plan of pictures still to make: beside the media folder, not served. */
export function pendingPlanFile(mediaDir: string): string {
  return `${resolve(mediaDir)}.pending.json`;
}

/** Records the pictures a seeded world still needs, so an interrupted first start finishes them next time. */
export function writePendingPlan(mediaDir: string, plan: DemoMediaPlan): void {
  const file = pendingPlanFile(mediaDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(plan));
  renameSync(`${file}.tmp`, file);
}

/** The cache folder of the current picture generator and encoder settings. */
export function defaultCacheDir(): string {
  const h = createHash('sha256');
  for (const f of ['pictures.ts', 'media.ts']) h.update(readFileSync(join(import.meta.dirname, f)));
  h.update(`sharp ${sharp.versions.sharp} vips ${sharp.versions.vips}`);
  return resolve(import.meta.dirname, '../../node_modules/.cache/discover-demo-media', h.digest('hex').slice(0, 16));
}

/** Which pictures of a plan to make: the pages' (everything but the tours' floor plans), the plans, or all. */
type Part = 'pages' | 'plans' | 'all';

/** Options of {@link renderDemoMedia}. */
export interface RenderMediaOptions {
  /** Shared picture cache; `null` writes straight into the media folder. Defaults to {@link defaultCacheDir}. */
  cacheDir?: string | null;
  log?: (line: string) => void;
  /** Pictures drawn at once (each is one SVG rasterization and a few encodes). */
  concurrency?: number;
  /** Only the pages' pictures (all but the tours' floor plans) or only the plans; all by default. */
  part?: Part;
}

interface Job {
  /** Media-relative output paths and their names in the cache (which carry every input). */
  files: { media: string; cache: string }[];
  render: () => Promise<Buffer[]>;
}

function jobsOf(plan: DemoMediaPlan, part: Part): Job[] {
  if (part === 'plans') return tourPlanJobs(plan.tours ?? []);
  const jobs: Job[] = [];
  for (const { key, kind } of plan.spaces) {
    const outs = SPACE_IMAGE_WIDTHS.flatMap((w) => [`${w}.webp`, `${w}.avif`]);
    jobs.push({
      files: outs.map((f) => ({ media: `spaces/${key}/${f}`, cache: `spaces/${kind}/${key}/${f}` })),
      render: async () => {
        const png = await renderPlaceholder({ seed: key, kind, title: '', ...SPACE_IMAGE_SIZE });
        // Decode once; every width and format starts from the same pixels.
        const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
        const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
        return Promise.all(
          SPACE_IMAGE_WIDTHS.flatMap((w) => [sharp(data, raw).resize(w).webp(WEBP).toBuffer(), sharp(data, raw).resize(w).avif(AVIF).toBuffer()]),
        );
      },
    });
  }
  for (const key of plan.covers) {
    jobs.push({
      files: [1600, 800].map((w) => ({ media: `covers/${key}-${w}.webp`, cache: `covers/${key}-${w}.webp` })),
      render: async () => {
        const png = await renderCover({ seed: key, width: 1600, height: 400 });
        return Promise.all([sharp(png).webp(WEBP).toBuffer(), sharp(png).resize(800).webp(WEBP).toBuffer()]);
      },
    });
  }
  for (const { name, seed, initials } of plan.avatars) {
    // The cache name carries both inputs of the drawing (the media name only the account).
    const id = `${seed}-${Buffer.from(initials).toString('hex')}`;
    jobs.push({
      files: [256, 96].map((s) => ({ media: `avatars/${name}-${s}.webp`, cache: `avatars/${id}-${s}.webp` })),
      render: async () => {
        const png = await renderAvatar({ seed, initials, size: 256 });
        return Promise.all([sharp(png).webp(WEBP).toBuffer(), sharp(png).resize(96).webp(WEBP).toBuffer()]);
      },
    });
  }
  jobs.push(...marketplacePictureJobs(plan.marketplace ?? [], WEBP));
  jobs.push(...tourModelPictureJobs(plan.tours ?? [], { webp: WEBP, avif: AVIF }));
  if (part === 'all') jobs.push(...tourPlanJobs(plan.tours ?? []));
  return jobs;
}

/** What {@link renderDemoMedia} did, in pictures (a picture is all sizes and formats of one image). */
export interface RenderMediaResult {
  drawn: number;
  fromCache: number;
  present: number;
  ms: number;
}

/** Makes every picture of the plan in the media folder: present ones are kept, cached ones linked, the rest drawn. */
export async function renderDemoMedia(plan: DemoMediaPlan, mediaDir: string, opts: RenderMediaOptions = {}): Promise<RenderMediaResult> {
  const started = performance.now();
  let cacheDir = opts.cacheDir === undefined ? defaultCacheDir() : opts.cacheDir;
  if (cacheDir) {
    try {
      mkdirSync(cacheDir, { recursive: true });
      pruneCache(cacheDir);
    } catch {
      cacheDir = null; // a read-only node_modules: draw straight into the data folder
    }
  }
  const result = { drawn: 0, fromCache: 0, present: 0, ms: 0 };
  const queue = jobsOf(plan, opts.part ?? 'all');
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const targets = job.files.map((f) => join(mediaDir, f.media));
      if (targets.every((t) => existsSync(t))) {
        result.present++;
        continue;
      }
      const cached = cacheDir ? job.files.map((f) => join(cacheDir, f.cache)) : null;
      if (cached?.every((c) => existsSync(c))) {
        result.fromCache++;
      } else {
        const buffers = await job.render();
        buffers.forEach((b, i) => writeAtomic(cached ? (cached[i] as string) : (targets[i] as string), b));
        result.drawn++;
      }
      if (cached) cached.forEach((c, i) => place(c, targets[i] as string));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 2) }, worker));
  result.ms = performance.now() - started;
  const total = result.drawn + result.fromCache + result.present;
  opts.log?.(
    `Demo pictures ready in ${(result.ms / 1000).toFixed(1)} s: ${total} pictures, ${result.drawn} drawn, ${result.fromCache} from the cache${cacheDir ? ` (${cacheDir})` : ''}.`,
  );
  return result;
}

/**
 * Finishes the pictures a seed left to make in `mediaDir`, if any; returns whether there were any.
 * The pages' pictures come first (the spaces' pictures and the tours' posters among them);
 * `onPicturesReady` is called before the tours' floor plans, which the site does not need to be
 * ready (`npm start` lets them stream in behind it).
 */
export async function renderPendingMedia(mediaDir: string, opts: RenderMediaOptions & { onPicturesReady?: () => void } = {}): Promise<boolean> {
  const file = pendingPlanFile(mediaDir);
  if (!existsSync(file)) return false;
  const plan = JSON.parse(readFileSync(file, 'utf8')) as DemoMediaPlan;
  await renderDemoMedia(plan, mediaDir, { ...opts, part: 'pages' });
  opts.onPicturesReady?.();
  if (plan.tours?.length) {
    const log = opts.log;
    const named = log ? { log: (line: string) => log(line.replace('Demo pictures', 'Tour floor plans')) } : {};
    await renderDemoMedia(plan, mediaDir, { ...opts, ...named, part: 'plans' });
  }
  rmSync(file, { force: true });
  return true;
}
