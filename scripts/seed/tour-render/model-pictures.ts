/**
 * The master picture of each demo pool model (issue 23: "what the card shows is what the tour
 * shows"): one 1200×800 view of the model, from which the seed cuts the space's card and hero
 * pictures, its 1200×630 OG image and the tour's 16:9 poster (../tour-pictures.ts).
 *
 * Drawing ~90 masters costs ~30 s of CPU, more than a fresh clone's first start may spend, so the
 * set is committed (`posters/<pool key>.webp`, ~3 MB) with a manifest of what each was drawn from:
 * the renderer's sources and the model's bytes. A master is used only while that still holds; a
 * stale or missing one is drawn at start (slower, never wrong), and `posters.test.ts` fails until
 * `node scripts/seed/tour-render/write-posters.ts` redraws the set.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOLLHOUSE_FRAMING } from './camera.ts';
import { renderPoster } from './render-poster.ts';

/** The master's size: the space pictures' 3:2 at their largest width. */
export const MASTER_SIZE = { width: 1200, height: 800 } as const;
/** The OG image's size (Open Graph's 1.91:1); the master frames the model for it, so every crop holds the building. */
export const OG_SIZE = { width: 1200, height: 630 } as const;
/** How a master is drawn (WebP quality 88: every picture is cut from it and re-encoded once). */
const MASTER_OPTIONS = { ...MASTER_SIZE, frameAspect: OG_SIZE.width / OG_SIZE.height, quality: { webp: 88 } };

/** Where the committed masters and their manifest are. */
export const POSTERS_DIR = join(import.meta.dirname, 'posters');
const MANIFEST = join(POSTERS_DIR, 'manifest.json');

/** The committed set's record: each pool model's master id ({@link masterId}) by pool key. */
export type PosterManifest = Record<string, string>;

let version: string | undefined;
/** The renderer's version: its drawing sources (not tests, tools or this file) and how a master is drawn. */
export function rendererVersion(): string {
  if (version) return version;
  const h = createHash('sha256');
  const skip = new Set(['preview.ts', 'write-posters.ts', 'model-pictures.ts']);
  for (const f of readdirSync(import.meta.dirname).sort())
    if (f.endsWith('.ts') && !f.endsWith('.test.ts') && !skip.has(f)) h.update(f).update(readFileSync(join(import.meta.dirname, f)));
  h.update(JSON.stringify(MASTER_OPTIONS));
  return (version = h.digest('hex').slice(0, 16));
}

/** A pool model of a master: its key and its seed in the pool. */
export interface MasterModel {
  key: string;
  seed: number;
}

/**
 * The bearing a master looks from: the pool's seeds alternate between the south-east and the
 * south-west, so the two models of a kind (often alike) make two different pictures on a page.
 */
export const masterAzimuth = (seed: number): number => (seed % 2 === 0 ? 1 : -1) * DOLLHOUSE_FRAMING.azimuthDeg;

/** What a master is drawn from, as one id: the renderer's version, the view's bearing and the model's bytes. */
export function masterId(model: MasterModel, glb: Uint8Array): string {
  return createHash('sha256')
    .update(rendererVersion())
    .update(String(masterAzimuth(model.seed)))
    .update(glb)
    .digest('hex')
    .slice(0, 16);
}

/** The committed manifest (empty when there is none). */
export function readPosterManifest(): PosterManifest {
  return existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as PosterManifest) : {};
}

/** The path of a pool model's committed master. */
export const committedMaster = (key: string): string => join(POSTERS_DIR, `${key}.webp`);

/** Draws a master: the dollhouse view framed for the OG shape, on a 3:2 picture. */
export async function drawMaster(model: MasterModel, glb: Uint8Array): Promise<Buffer> {
  return (await renderPoster(glb, { ...MASTER_OPTIONS, framing: { azimuthDeg: masterAzimuth(model.seed) } })).webp;
}

/**
 * A pool model's master: the committed one while it was drawn from this renderer and these model
 * bytes, else drawn now. `drawn` says which.
 */
export async function masterFor(
  model: MasterModel,
  glb: Uint8Array,
  manifest: PosterManifest = readPosterManifest(),
): Promise<{ webp: Buffer; drawn: boolean }> {
  const file = committedMaster(model.key);
  if (manifest[model.key] === masterId(model, glb) && existsSync(file)) return { webp: readFileSync(file), drawn: false };
  return { webp: await drawMaster(model, glb), drawn: true };
}
