import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import type { TourLayout } from '../../src/domain/tour.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { pendingPlanFile, writePendingPlan, type DemoMediaPlan } from './media.ts';
import { modelPictureKey, TOUR_PLAN_WIDTH, TOUR_POSTER_SIZE, tourFiles } from './tour-pictures.ts';
import { MASTER_SIZE } from './tour-render/model-pictures.ts';
import { defaultModelCacheDir, ensureModels, modelFiles, poolEntryFor, readLayout, type PoolEntry } from './models/pool.ts';
import { tourTags } from './models/tour-tags.ts';
import { planSize } from './tour-render/render-plan.ts';
import type { SpaceKindType } from './world-data.ts';
import { place } from './cache-files.ts';

/**
 * The demo world's tours (issue 23). Every demo space shows a model of the pool of its archetype
 * (./models/pool.ts: a few seeds per kind and variant, built once per generator version into a
 * cache shared by every data folder). The seed builds the pool's missing models (about 20 ms each),
 * links each model into the media folder, writes every tour row (the layout, the tags written from
 * the space's description, the poster's and plans' keys and sizes, which follow from the layout),
 * gives each space its model's picture (a view of it: "what the card shows is what the tour shows")
 * in place of the illustration the world dealt it, and leaves those pictures, the poster and the
 * floor plans to make in the pending plan, beside the other pictures (./tour-pictures.ts).
 */

/** A space the seed gives a tour: its archetype, its seed, and the text its tags are written from. */
export interface TourSpace {
  spaceId: string;
  kind: SpaceKindType;
  variant: string | null;
  /** Picks the space's model among its archetype's pool (the modelId). */
  seed: string;
  description: string;
}

/** The id of a demo pool model's row. */
export const demoTourModelId = (poolKey: string): string => `demo:${poolKey}`;

/** The model cache, or a folder beside the media when node_modules may not be written. */
function modelCacheFor(mediaDir: string): string {
  const dir = defaultModelCacheDir();
  try {
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return `${mediaDir}.models`;
  }
}

/** Options of {@link seedTours}. */
export interface SeedToursOptions {
  mediaDir: string;
  /** The seed's clock (the rows' `updatedAt`). */
  now: number;
  log?: ((line: string) => void) | undefined;
  /** The model cache (tests); the shared one by default. */
  modelCacheDir?: string;
}

/**
 * Gives each space its tour: builds the pool models it needs (from the cache when there), links them
 * into the media folder, records their posters and plans as pending pictures, then inserts the rows.
 */
export async function seedTours(db: Kysely<Database>, plan: DemoMediaPlan, spaces: readonly TourSpace[], opts: SeedToursOptions): Promise<void> {
  if (!spaces.length) return;
  const started = performance.now();
  const cacheDir = opts.modelCacheDir ?? modelCacheFor(opts.mediaDir);
  const entryOf = new Map<string, PoolEntry>();
  const picks = spaces.map((s) => {
    const e = poolEntryFor(s.kind, s.variant, s.seed);
    entryOf.set(e.key, e);
    return e.key;
  });
  const entries = [...entryOf.values()];
  const built = await ensureModels(entries, cacheDir);
  const models = new Map(
    entries.map((e) => {
      const files = modelFiles(e, cacheDir);
      place(files.glb, join(opts.mediaDir, tourFiles(e.key).model));
      return [e.key, { layout: readLayout(e, cacheDir), bytes: statSync(files.glb).size }] as const;
    }),
  );
  // Pictures first, so an interrupted start still draws them.
  plan.tours = entries.map((e) => ({ ...e, floors: (models.get(e.key) as { layout: TourLayout }).layout.floors.map((f) => f.index) }));
  writePendingPlan(opts.mediaDir, plan);

  const updatedAt = new Date(opts.now).toISOString();
  const modelRows: Insertable<Database['tour_models']>[] = entries.map((e) => {
    const { layout, bytes } = models.get(e.key) as { layout: TourLayout; bytes: number };
    const files = tourFiles(e.key);
    return {
      id: demoTourModelId(e.key),
      modelKey: files.model,
      modelBytes: bytes,
      posterKey: files.poster,
      posterWidth: TOUR_POSTER_SIZE.width,
      posterHeight: TOUR_POSTER_SIZE.height,
      plans: JSON.stringify(layout.floors.map((f) => ({ key: files.plan(f.index), ...planSize(layout, f.index, TOUR_PLAN_WIDTH) }))),
      layout: JSON.stringify(layout),
      updatedAt,
    };
  });
  const rows: Insertable<Database['space_tours']>[] = spaces.map((s, i) => {
    const key = picks[i] as string;
    const { layout } = models.get(key) as { layout: TourLayout };
    return {
      spaceId: s.spaceId,
      tourModelId: demoTourModelId(key),
      tags: JSON.stringify(tourTags({ description: s.description, layout, seed: s.seed })),
      updatedAt,
    };
  });
  const showing = Map.groupBy(spaces, (_, i) => picks[i] as string);
  await db.transaction().execute(async (tx) => {
    // A world given tours twice (an interrupted start) keeps the pool's rows it has.
    await tx
      .insertInto('tour_models')
      .values(modelRows)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insertInto('space_tours')
        .values(rows.slice(i, i + 500))
        .execute();
    for (const [key, list] of showing)
      for (let i = 0; i < list.length; i += 500)
        await tx
          .updateTable('spaces')
          .set({ imageKey: modelPictureKey(key), imageWidth: MASTER_SIZE.width, imageHeight: MASTER_SIZE.height })
          .where(
            'id',
            'in',
            list.slice(i, i + 500).map((s) => s.spaceId),
          )
          .execute();
  });
  // The illustrations no space shows any more are not drawn.
  const shown = new Set((await db.selectFrom('spaces').select('imageKey').distinct().execute()).map((r) => r.imageKey));
  plan.spaces = plan.spaces.filter((p) => shown.has(p.key));
  writePendingPlan(opts.mediaDir, plan);
  opts.log?.(
    `Gave ${rows.length} spaces a tour in ${((performance.now() - started) / 1000).toFixed(1)} s: ${entries.length} models (${built.built} built, ${built.fromCache} from the cache).`,
  );
}

/**
 * Gives the spaces of a demo world seeded before tours existed their tours (the migration made the
 * table empty): only when no space has one and the database is the demo world (it has the demo
 * owner), never in a real one. Such a world did not keep its spaces' variants: each shows its
 * kind's first archetype. Its pictures join whatever a start left pending.
 */
export async function seedToursIfMissing(db: Kysely<Database>, opts: SeedToursOptions): Promise<boolean> {
  if (await db.selectFrom('space_tours').select('spaceId').limit(1).executeTakeFirst()) return false;
  if (!(await db.selectFrom('users').select('id').where('email', '=', 'owner@example.com').executeTakeFirst())) return false;
  const spaces = await db.selectFrom('spaces').select(['id', 'type', 'modelId', 'description']).orderBy('id').execute();
  const file = pendingPlanFile(opts.mediaDir);
  const plan: DemoMediaPlan = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoMediaPlan) : { spaces: [], covers: [], avatars: [] };
  await seedTours(
    db,
    plan,
    spaces.map((s) => ({ spaceId: s.id, kind: s.type as SpaceKindType, variant: null, seed: s.modelId, description: s.description })),
    opts,
  );
  return true;
}
