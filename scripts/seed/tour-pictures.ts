import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { buildModel } from './models/build-model.ts';
import { defaultModelCacheDir, modelFiles, readLayout } from './models/pool.ts';
import { readModel } from './tour-render/read-model.ts';
import { renderPlan } from './tour-render/render-plan.ts';
import { renderPoster } from './tour-render/render-poster.ts';
import type { SpaceKindType } from './world-data.ts';

/**
 * The pictures of the demo tours (issue 23): a poster and a plan per floor for each pool model a
 * world shows, drawn by the CPU renderers (./tour-render) beside the other demo pictures
 * (./media.ts) and cached with them. The seed's rows (./tours.ts) name them before they exist.
 */

/** The poster's size: 16:9 like the player, and what the oEmbed thumbnail gives. */
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

/** The version of the tour pictures: the renderer's sources, the models' generator (its cache folder's name) and the sizes. */
function picturesVersion(): string {
  const h = createHash('sha256');
  const dir = join(import.meta.dirname, 'tour-render');
  for (const f of readdirSync(dir).sort()) if (f.endsWith('.ts') && !f.endsWith('.test.ts')) h.update(f).update(readFileSync(join(dir, f)));
  h.update(basename(defaultModelCacheDir())).update(JSON.stringify([TOUR_POSTER_SIZE, TOUR_PLAN_WIDTH]));
  return h.digest('hex').slice(0, 12);
}

/** The picture jobs of ./media.ts for the pool models' posters and plans (drawn once into the shared picture cache). */
export function tourPictureJobs(pictures: readonly TourPictures[]) {
  if (!pictures.length) return [];
  const version = picturesVersion();
  const cacheDir = defaultModelCacheDir();
  return pictures.map((p) => {
    const files = tourFiles(p.key);
    const media = [files.poster, ...p.floors.map((f) => files.plan(f))];
    return {
      files: media.map((m) => ({ media: m, cache: `tours/${version}/${m.slice('tours/'.length)}` })),
      render: async (): Promise<Buffer[]> => {
        const cached = modelFiles(p, cacheDir);
        const model = existsSync(cached.glb) ? { glb: readFileSync(cached.glb), layout: readLayout(p, cacheDir) } : await buildModel(p);
        const mesh = await readModel(model.glb);
        const poster = await renderPoster(mesh, TOUR_POSTER_SIZE);
        const plans = [];
        for (const f of p.floors) plans.push(await renderPlan(model.layout, f, { width: TOUR_PLAN_WIDTH, mesh }));
        return [poster.webp, ...plans];
      },
    };
  });
}
