import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TourLayout } from '../../../src/domain/tour.ts';
import { hashSeed } from '../prng.ts';
import type { SpaceKindType } from '../world-data.ts';
import { ARCHETYPES, resolveArchetype } from './archetypes.ts';
import { buildModel } from './build-model.ts';
import { pruneCache, writeAtomic } from '../cache-files.ts';

/**
 * The demo world's models: a pool of a few seeds per archetype, built once per generator version
 * into a cache shared by every data folder (`node_modules/.cache/discover-demo-models/<hash>`), the
 * way ../media.ts caches pictures. A space picks its model from the pool by its own seed.
 */

/** Seeds per archetype in the pool. */
export const POOL_SEEDS = 2;

/** One model of the pool. */
export interface PoolEntry {
  kind: SpaceKindType;
  variant: string | null;
  seed: number;
  /** File stem in the cache: `<kind>-<variant>-<seed>` (lower case). */
  key: string;
}

const entry = (kind: SpaceKindType, variant: string | null, seed: number): PoolEntry => ({
  kind,
  variant,
  seed,
  key: `${kind.toLowerCase()}-${variant ?? 'main'}-${seed}`,
});

/** Every model of the pool: each archetype (kind and variant) with seeds 0…n-1. */
export function modelPool(seedsPerArchetype: number = POOL_SEEDS): PoolEntry[] {
  return (Object.entries(ARCHETYPES) as [SpaceKindType, readonly (string | null)[]][]).flatMap(([kind, variants]) =>
    variants.flatMap((v) => Array.from({ length: seedsPerArchetype }, (_, s) => entry(kind, v, s))),
  );
}

/** The pool model a space shows: its archetype, and one of the pool's seeds picked by the space's seed. */
export function poolEntryFor(kind: SpaceKindType, variant: string | null, spaceSeed: number | string, seedsPerArchetype: number = POOL_SEEDS): PoolEntry {
  const a = resolveArchetype(kind, variant);
  return entry(a.kind, a.variant, hashSeed(`model/${String(spaceSeed)}`) % seedsPerArchetype);
}

/** The files of a pool model in a cache folder. */
export function modelFiles(e: PoolEntry, cacheDir: string): { glb: string; layout: string } {
  return { glb: join(cacheDir, `${e.key}.glb`), layout: join(cacheDir, `${e.key}.layout.json`) };
}

/** Reads a cached model's layout. */
export function readLayout(e: PoolEntry, cacheDir: string): TourLayout {
  return TourLayout.parse(JSON.parse(readFileSync(modelFiles(e, cacheDir).layout, 'utf8')));
}

/** The cache folder of the current generator (its sources and the encoder versions). */
export function defaultModelCacheDir(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(import.meta.dirname).sort()) {
    if (f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'preview.ts' && f !== 'build-pool.ts')
      h.update(f).update(readFileSync(join(import.meta.dirname, f)));
  }
  const pkg = (name: string): string => {
    try {
      return (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      return '?';
    }
  };
  h.update(`meshoptimizer ${pkg('meshoptimizer')} gltf-transform ${pkg('@gltf-transform/core')}`);
  return resolve(import.meta.dirname, '../../../node_modules/.cache/discover-demo-models', h.digest('hex').slice(0, 16));
}

/** What {@link ensureModels} did. */
export interface EnsureModelsResult {
  built: number;
  fromCache: number;
  ms: number;
  bytes: number;
}

/** Builds the models of `plan` missing from `cacheDir` (the GLB and its layout beside it). */
export async function ensureModels(
  plan: readonly PoolEntry[] = modelPool(),
  cacheDir: string = defaultModelCacheDir(),
  opts: { log?: (line: string) => void } = {},
): Promise<EnsureModelsResult> {
  const started = performance.now();
  mkdirSync(cacheDir, { recursive: true });
  try {
    pruneCache(cacheDir);
  } catch {
    // A cache we may not clean is still a cache.
  }
  const result: EnsureModelsResult = { built: 0, fromCache: 0, ms: 0, bytes: 0 };
  for (const e of plan) {
    const files = modelFiles(e, cacheDir);
    if (existsSync(files.glb) && existsSync(files.layout)) {
      result.fromCache++;
      result.bytes += statSync(files.glb).size;
      continue;
    }
    const model = await buildModel({ kind: e.kind, variant: e.variant, seed: e.seed });
    writeAtomic(files.layout, JSON.stringify(model.layout));
    writeAtomic(files.glb, model.glb);
    result.built++;
    result.bytes += model.glb.byteLength;
  }
  result.ms = performance.now() - started;
  opts.log?.(
    `Demo models ready in ${(result.ms / 1000).toFixed(1)} s: ${plan.length} models (${(result.bytes / 1e6).toFixed(1)} MB), ${result.built} built, ${result.fromCache} from the cache (${cacheDir}).`,
  );
  return result;
}
