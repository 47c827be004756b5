import type { Rng } from '../prng.ts';
import { rect, round, type BuildingSpec } from './building.ts';
import { corridorBuilding, type CorridorFloor, type Program } from './corridor.ts';
import { gableRoof, ground, pool, tree } from './decor.ts';
import type { Rgb } from './mesh.ts';

/**
 * Homes, flats and villas: furnished rooms on one to three floors round a hall, with a gable roof
 * on houses, a deck or terrace where the variant has one, and a garden with trees or a pool.
 */

const P = (name: string, use: Program['use'], weight: number): Program => ({ name, use, weight });

interface ResidentialKind {
  left: number;
  right: number;
  depth: number;
  height: number;
  floors: CorridorFloor[];
  facade: Rgb;
  roof?: Rgb;
  outdoor?: { name: string; use: 'deck' | 'terrace'; depth: number };
  pool?: boolean;
  grass: Rgb;
  wideWindows?: boolean;
}

const GRASS: Rgb = [128, 160, 100];
const PAVING: Rgb = [180, 176, 168];
const SAND: Rgb = [220, 204, 160];

function kindOf(variant: string, rng: Rng): ResidentialKind {
  const j = (a: number, b: number): number => round(a + rng.next() * (b - a));
  const beds = (n: number): Program[] => Array.from({ length: n }, (_, i) => P(i === 0 ? 'Main bedroom' : `Bedroom ${i + 1}`, 'bedroom', i === 0 ? 1.2 : 1));
  switch (variant) {
    case 'townhouse':
      return {
        left: 0.001,
        right: j(5, 6),
        depth: j(10, 12),
        height: 2.8,
        facade: [168, 96, 76],
        roof: [84, 78, 76],
        grass: PAVING,
        floors: [
          { name: 'Ground floor', hall: 'Entrance hall', left: [], right: [P('Kitchen', 'kitchen', 1), P('Dining room', 'dining', 1)], through: true },
          { name: 'First floor', hall: 'Landing', left: [], right: [P('Living room', 'living', 1.3), P('Study', 'study', 1)] },
          { name: 'Second floor', hall: 'Landing', left: [], right: [...beds(2), P('Bathroom', 'bathroom', 0.6)] },
        ],
      };
    case 'cottage':
      return {
        left: j(4, 4.8),
        right: j(3.8, 4.4),
        depth: j(7.5, 8.5),
        height: 2.5,
        facade: [236, 228, 206],
        roof: [120, 96, 70],
        grass: GRASS,
        floors: [
          {
            name: 'Ground floor',
            hall: 'Hallway',
            left: [P('Living room', 'living', 1)],
            right: [P('Kitchen', 'kitchen', 1.4), P('Bathroom', 'bathroom', 0.8)],
          },
          { name: 'Upper floor', hall: 'Landing', left: [beds(1)[0] as Program], right: [P('Bedroom 2', 'bedroom', 1)] },
        ],
      };
    case 'cabin':
      return {
        left: j(4.2, 5),
        right: j(3.4, 4),
        depth: j(6.5, 7.5),
        height: 2.5,
        facade: [140, 98, 64],
        roof: [70, 74, 70],
        grass: GRASS,
        outdoor: { name: 'Porch', use: 'deck', depth: 2.4 },
        floors: [
          { name: 'Ground floor', hall: 'Entry', left: [P('Living room', 'living', 1)], right: [P('Bedroom', 'bedroom', 1.3), P('Bathroom', 'bathroom', 0.8)] },
        ],
      };
    case 'beach-house':
      return {
        left: j(5, 6),
        right: j(4.5, 5.5),
        depth: j(9, 10),
        height: 2.7,
        facade: [236, 240, 240],
        grass: SAND,
        outdoor: { name: 'Deck', use: 'deck', depth: 3.2 },
        wideWindows: true,
        floors: [
          {
            name: 'Ground floor',
            hall: 'Entrance hall',
            left: [P('Kitchen', 'kitchen', 0.8), P('Living room', 'living', 1.2)],
            right: [P('Bedroom 2', 'bedroom', 1), P('Bathroom', 'bathroom', 0.7)],
            through: true,
          },
          { name: 'Upper floor', hall: 'Landing', left: [beds(1)[0] as Program], right: [P('Bedroom 3', 'bedroom', 1), P('Bathroom 2', 'bathroom', 0.7)] },
        ],
      };
    case 'flat':
    case 'studio':
    case 'loft':
    case 'penthouse': {
      const big = variant === 'penthouse' || variant === 'loft';
      const floor: CorridorFloor =
        variant === 'studio'
          ? {
              name: 'Apartment',
              hall: 'Entry',
              left: [P('Studio room', 'living', 1.4), P('Sleeping area', 'bedroom', 1)],
              right: [P('Kitchen', 'kitchen', 1), P('Bathroom', 'bathroom', 0.8)],
              through: true,
            }
          : variant === 'loft'
            ? {
                name: 'Loft',
                hall: 'Entry',
                left: [P('Kitchen', 'kitchen', 0.8), P('Living area', 'living', 1.4)],
                right: [P('Study', 'study', 0.8), beds(1)[0] as Program, P('Bathroom', 'bathroom', 0.6)],
                through: true,
              }
            : {
                name: 'Apartment',
                hall: 'Hallway',
                left: [P('Kitchen', 'kitchen', 0.8), P('Dining room', 'dining', 0.8), P('Living room', 'living', 1.3)],
                right: [...beds(variant === 'penthouse' ? 3 : 2), P('Bathroom', 'bathroom', 0.6)],
                through: true,
              };
      return {
        left: variant === 'studio' ? j(4.6, 5.2) : big ? j(6.5, 7.5) : j(5, 6),
        right: variant === 'studio' ? j(3.4, 3.8) : big ? j(5, 5.6) : j(4.2, 5),
        depth: variant === 'studio' ? j(7.5, 8.5) : big ? j(12, 13.5) : j(10, 11.5),
        height: variant === 'loft' ? 3.6 : 2.7,
        facade: variant === 'loft' ? [150, 82, 64] : [214, 212, 206],
        grass: PAVING,
        wideWindows: big,
        ...(variant === 'penthouse' ? { outdoor: { name: 'Roof terrace', use: 'terrace' as const, depth: 3.6 } } : {}),
        floors: [floor],
      };
    }
    case 'seaside':
    case 'country':
    case 'hillside':
      return {
        left: j(6.5, 7.5),
        right: j(5.5, 6.5),
        depth: j(11, 12.5),
        height: 3,
        facade: variant === 'country' ? [222, 200, 160] : [244, 240, 232],
        ...(variant === 'country' ? { roof: [150, 80, 60] as Rgb } : {}),
        grass: variant === 'seaside' ? SAND : GRASS,
        outdoor: { name: 'Terrace', use: 'terrace', depth: 4 },
        pool: variant !== 'country',
        wideWindows: true,
        floors: [
          {
            name: 'Ground floor',
            hall: 'Entrance hall',
            left: [P('Dining room', 'dining', 0.9), P('Living room', 'living', 1.3)],
            right: [P('Kitchen', 'kitchen', 1), P('Study', 'study', 0.8), P('Bathroom', 'bathroom', 0.6)],
            through: true,
          },
          {
            name: 'Upper floor',
            hall: 'Landing',
            left: [P('Bathroom 2', 'bathroom', 0.6), beds(1)[0] as Program],
            right: [P('Bedroom 2', 'bedroom', 1), P('Bedroom 3', 'bedroom', 1)],
          },
        ],
      };
    default:
      return {
        left: j(5, 6),
        right: j(4.5, 5.5),
        depth: j(9, 10.5),
        height: 2.7,
        facade: (
          [
            [226, 214, 190],
            [196, 120, 96],
            [210, 214, 220],
          ] as Rgb[]
        )[Math.floor(rng.next() * 3)] as Rgb,
        roof: [96, 84, 80],
        grass: GRASS,
        floors: [
          {
            name: 'Ground floor',
            hall: 'Entrance hall',
            left: [P('Dining room', 'dining', 0.8), P('Living room', 'living', 1.2)],
            right: [P('Kitchen', 'kitchen', 1), P('Study', 'study', 0.8)],
            through: true,
          },
          { name: 'Upper floor', hall: 'Landing', left: [P('Bathroom', 'bathroom', 0.7), beds(1)[0] as Program], right: beds(3).slice(1) },
        ],
      };
  }
}

/** A home, flat or villa of the given variant. */
export function residential(variant: string, rng: Rng): BuildingSpec {
  const k = kindOf(variant, rng);
  const hallWidth = k.floors.length > 2 ? 4 : k.floors.length > 1 ? 3 : 1.8;
  const spec = corridorBuilding(
    {
      left: k.left < 0.5 ? 0 : k.left,
      hallWidth,
      right: k.right,
      depth: k.depth,
      floorHeight: k.height,
      floors: k.floors.map((f) => ({ ...f, left: k.left < 0.5 ? [] : f.left })),
      facade: k.facade,
      windows: k.wideWindows ? { width: 2.2, sill: 0.4, head: 2.4, spacing: 3 } : { width: 1.1, sill: 0.9, head: 2.1, spacing: 2.4 },
      ...(k.outdoor ? { outdoor: k.outdoor } : {}),
    },
    rng,
  );
  const W = (k.left < 0.5 ? 0 : k.left) + hallWidth + k.right;
  const top = spec.floors[spec.floors.length - 1];
  const foot = rect(0, 0, W, k.depth);
  if (k.roof) spec.ownRoof = true;
  spec.decorate = (t) => {
    ground(t.site, { ...foot, z1: foot.z1 + (k.outdoor?.depth ?? 0) }, k.grass, 5);
    if (k.roof && top) {
      const y = top.elevation + top.height;
      gableRoof(t.ceiling, foot, y, Math.min(3, k.depth * 0.3), k.roof, k.facade);
    }
    if (k.pool) pool(t.site, rect(W + 1.5, k.depth * 0.2, W + 4.5, k.depth * 0.85));
    if (k.grass === GRASS) for (let i = 0; i < 3; i++) tree(t.site, -2.5 - t.next() * 2, 1 + i * (k.depth / 3), 3 + t.next() * 2);
  };
  return spec;
}
