import type { Rng } from '../prng.ts';
import type { SpaceKindType } from '../world-data.ts';
import type { BuildingSpec } from './building.ts';
import { castle } from './castle.ts';
import { church } from './church.ts';
import { civic, gallery, museum, restaurant, shop, venue, warehouse } from './halls.ts';
import { hotel, office, school } from './institutions.ts';
import { residential } from './residential.ts';
import { tower } from './tower.ts';
import { yacht } from './yacht.ts';

/**
 * Which builder makes which kind of space. Kinds with variants list them; `null` is the kind's
 * only archetype. Builders: residential (corridor plan), institutions (corridor plan), halls,
 * church, castle, tower (lighthouse, look-out tower) and yacht.
 */

type Builder = (rng: Rng) => BuildingSpec;

/** Every kind and its variants (scripts/seed/space-variants.ts), in the order tests and the pool use. */
export const ARCHETYPES: Readonly<Record<SpaceKindType, readonly (string | null)[]>> = {
  HOME: ['house', 'townhouse', 'cottage', 'cabin', 'beach-house'],
  APARTMENT: ['flat', 'loft', 'penthouse', 'studio'],
  VILLA: ['seaside', 'country', 'hillside'],
  SHOP: ['bookshop', 'showroom', 'fashion', 'food'],
  RESTAURANT: ['restaurant', 'cafe', 'bar'],
  HOTEL: ['boutique', 'grand', 'resort', 'lodge'],
  VENUE: ['theatre', 'concert-hall', 'wedding', 'events'],
  LANDMARK: ['lighthouse', 'castle', 'tower', 'civic'],
  CHURCH: ['cathedral', 'parish', 'chapel', 'abbey'],
  SCHOOL: ['school', 'university', 'academy'],
  YACHT: ['motor', 'sailing', 'catamaran'],
  MUSEUM: [null],
  GALLERY: [null],
  OFFICE: [null],
  WAREHOUSE: [null],
};

/** The archetype a kind and variant resolve to (an unknown variant falls back to the kind's first). */
export function resolveArchetype(kind: SpaceKindType, variant: string | null): { kind: SpaceKindType; variant: string | null } {
  const known = ARCHETYPES[kind];
  return { kind, variant: variant !== null && known.includes(variant) ? variant : (known[0] ?? null) };
}

/** The builder of a kind and variant. */
export function archetypeOf(kind: SpaceKindType, variant: string | null): Builder {
  const v = resolveArchetype(kind, variant).variant ?? '';
  switch (kind) {
    case 'HOME':
    case 'APARTMENT':
    case 'VILLA':
      return (rng) => residential(v, rng);
    case 'SHOP':
      return (rng) => shop(v, rng);
    case 'RESTAURANT':
      return (rng) => restaurant(v, rng);
    case 'HOTEL':
      return (rng) => hotel(v, rng);
    case 'VENUE':
      return (rng) => venue(v, rng);
    case 'LANDMARK':
      if (v === 'castle') return castle;
      if (v === 'civic') return civic;
      return (rng) => tower(v === 'tower' ? 'tower' : 'lighthouse', rng);
    case 'CHURCH':
      return (rng) => church(v, rng);
    case 'SCHOOL':
      return (rng) => school(v, rng);
    case 'YACHT':
      return (rng) => yacht(v, rng);
    case 'MUSEUM':
      return museum;
    case 'GALLERY':
      return gallery;
    case 'OFFICE':
      return office;
    case 'WAREHOUSE':
      return warehouse;
  }
}
