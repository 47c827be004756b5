import type { TourLayout } from '../../../src/domain/tour.ts';
import { createRng, hashSeed } from '../prng.ts';
import type { SpaceKindType } from '../world-data.ts';
import { archetypeOf } from './archetypes.ts';
import { assemble } from './assemble.ts';
import { writeGlb } from './glb.ts';

/** What {@link buildModel} makes a model of. */
export interface ModelOptions {
  kind: SpaceKindType;
  /** The space's variant (scripts/seed/space-variants.ts), or null for the kind's default. */
  variant: string | null;
  seed: number | string;
}

/** A built model: the compressed GLB and what the tour needs to know of it. */
export interface BuiltModel {
  glb: Uint8Array;
  layout: TourLayout;
}

/** The numeric seed of a model (strings are hashed). */
export function modelSeed(kind: SpaceKindType, variant: string | null, seed: number | string): number {
  return hashSeed(`${kind}/${variant ?? ''}/${String(seed)}`);
}

/**
 * Builds the 3D model of a demo space, procedurally and deterministically: the same kind, variant
 * and seed always give the same bytes and layout.
 */
export async function buildModel(opts: ModelOptions): Promise<BuiltModel> {
  const rng = createRng(modelSeed(opts.kind, opts.variant, opts.seed));
  const spec = archetypeOf(opts.kind, opts.variant)(rng);
  const model = assemble(spec, rng);
  return { glb: await writeGlb(model), layout: model.layout };
}
