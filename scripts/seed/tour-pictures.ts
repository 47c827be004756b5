import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp, { type AvifOptions, type WebpOptions } from 'sharp';
import { MODEL_PICTURE_PREFIX, SPACE_IMAGE_WIDTHS, SPACE_OG_IMAGE } from '../../src/site/images.ts';
import { buildModel } from './models/build-model.ts';
import { defaultModelCacheDir, modelFiles, readLayout } from './models/pool.ts';
import { masterFor, MASTER_SIZE, rendererVersion } from './tour-render/model-pictures.ts';
import { readModel } from './tour-render/read-model.ts';
import { renderPlan } from './tour-render/render-plan.ts';
import type { SpaceKindType } from './world-data.ts';

/**
 * The pictures of the demo tours (issue 23), made beside the other demo pictures (./media.ts) and
 * cached with them; the seed's rows (./tours.ts) name them before they exist. Per pool model a
 * world shows: the space pictures of every space showing it (cards and page at each width, the
 * 1200×630 OG image) and the tour's 16:9 poster, all cut from one view of the model (its committed
 * master, ./tour-render/model-pictures.ts), so the card shows what the tour shows and a first start
 * draws nothing; and a plan per floor, drawn by the CPU renderer behind the ready site.
 */

/** The poster's size: 16:9 like the player, and what the oEmbed thumbnail gives (a crop of the model's master). */
export const TOUR_POSTER_SIZE = { width: 960, height: 540 } as const;
/** Width of a floor plan picture (its height follows the floor's plan bounds). */
export const TOUR_PLAN_WIDTH = 768;

/** A pool model whose poster and plans a world still needs (`DemoMediaPlan.tours`). */
export interface TourPictures {
  kind: SpaceKindType;
  variant: string | null;
  seed: number;
  key: string;
  floors: number[];
}

/** The media paths of a pool model's files. */
export function tourFiles(key: string) {
  const dir = `tours/${key}`;
  return { model: `${dir}/model.glb`, poster: `${dir}/poster.webp`, plan: (floor: number) => `${dir}/plan-${floor}.webp` };
}

/** The space pictures' key (`spaces/<key>/…`) of the spaces showing a pool model. */
export const modelPictureKey = (poolKey: string): string => `${MODEL_PICTURE_PREFIX}${poolKey}`;

/** Encoder settings of the space pictures (./media.ts's, shared by every demo picture). */
export interface SpacePictureEncoders {
  webp: WebpOptions;
  avif: AvifOptions;
}
/** The OG image's encoding: JPEG, which every link preview reads. */
const OG_JPEG = { quality: 82, progressive: true } as const;
const POSTER_WEBP = { quality: 82, effort: 2 } as const;

/**
 * The version of the tour pictures: the renderer, how masters are drawn, the models' generator (its
 * cache folder's name), the sizes and encoders.
 */
function picturesVersion(encoders?: SpacePictureEncoders): string {
  const h = createHash('sha256')
    .update(rendererVersion())
    .update(readFileSync(join(import.meta.dirname, 'tour-render', 'model-pictures.ts')));
  h.update(basename(defaultModelCacheDir()));
  h.update(JSON.stringify([TOUR_POSTER_SIZE, TOUR_PLAN_WIDTH, SPACE_IMAGE_WIDTHS, SPACE_OG_IMAGE, OG_JPEG, POSTER_WEBP, encoders ?? null]));
  return h.digest('hex').slice(0, 12);
}

/** A pool model's GLB and layout: from the model cache (the seed built it there), else built now. */
async function modelOf(p: TourPictures) {
  const cacheDir = defaultModelCacheDir();
  const cached = modelFiles(p, cacheDir);
  return existsSync(cached.glb) ? { glb: readFileSync(cached.glb), layout: readLayout(p, cacheDir) } : await buildModel(p);
}

/**
 * The picture jobs of ./media.ts for what pages show of the pool models: per model, its spaces'
 * pictures (`spaces/model-<key>/<width>.{webp,avif}` and `og.jpg`) and its tour poster, cut from
 * its master with sharp (a few encodes, no drawing while the committed master is current).
 */
export function tourModelPictureJobs(pictures: readonly TourPictures[], encoders: SpacePictureEncoders) {
  if (!pictures.length) return [];
  const version = picturesVersion(encoders);
  return pictures.map((p) => {
    const dir = `spaces/${modelPictureKey(p.key)}`;
    const media = [...SPACE_IMAGE_WIDTHS.flatMap((w) => [`${dir}/${w}.webp`, `${dir}/${w}.avif`]), `${dir}/${SPACE_OG_IMAGE.file}`, tourFiles(p.key).poster];
    return {
      files: media.map((m) => ({ media: m, cache: `tours/${version}/${m}` })),
      render: async (): Promise<Buffer[]> => {
        const master = await masterFor(p, (await modelOf(p)).glb);
        const { data, info } = await sharp(master.webp).raw().toBuffer({ resolveWithObject: true });
        const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
        // Crops of the master's middle: it framed the building for the OG shape, so both keep all of it.
        const band = (height: number) => ({ left: 0, top: Math.round((MASTER_SIZE.height - height) / 2), width: MASTER_SIZE.width, height });
        const posterHeight = Math.round((MASTER_SIZE.width * TOUR_POSTER_SIZE.height) / TOUR_POSTER_SIZE.width);
        return Promise.all([
          ...SPACE_IMAGE_WIDTHS.flatMap((w) => [
            sharp(data, raw).resize(w).webp(encoders.webp).toBuffer(),
            sharp(data, raw).resize(w).avif(encoders.avif).toBuffer(),
          ]),
          sharp(data, raw).extract(band(SPACE_OG_IMAGE.height)).resize(SPACE_OG_IMAGE.width, SPACE_OG_IMAGE.height).jpeg(OG_JPEG).toBuffer(),
          sharp(data, raw).extract(band(posterHeight)).resize(TOUR_POSTER_SIZE.width, TOUR_POSTER_SIZE.height).webp(POSTER_WEBP).toBuffer(),
        ]);
      },
    };
  });
}

/** The picture jobs of ./media.ts for the pool models' floor plans (drawn once into the shared picture cache, behind the ready site). */
export function tourPlanJobs(pictures: readonly TourPictures[]) {
  if (!pictures.length) return [];
  const version = picturesVersion();
  return pictures.map((p) => {
    const media = p.floors.map((f) => tourFiles(p.key).plan(f));
    return {
      files: media.map((m) => ({ media: m, cache: `tours/${version}/${m.slice('tours/'.length)}` })),
      render: async (): Promise<Buffer[]> => {
        const model = await modelOf(p);
        const mesh = await readModel(model.glb);
        const plans = [];
        for (const f of p.floors) plans.push(await renderPlan(model.layout, f, { width: TOUR_PLAN_WIDTH, mesh }));
        return plans;
      },
    };
  });
}
