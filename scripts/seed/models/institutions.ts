import type { Rng } from '../prng.ts';
import { rect, round, type BuildingSpec } from './building.ts';
import { corridorBuilding, type CorridorFloor, type Program } from './corridor.ts';
import { gableRoof, ground, pool, tree } from './decor.ts';
import type { Rgb } from './mesh.ts';

/** Hotels, schools and offices: corridor plans on two or three floors. */

const P = (name: string, use: Program['use'], weight: number): Program => ({ name, use, weight });

function finish(spec: BuildingSpec, W: number, D: number, opts: { grass?: Rgb; roof?: Rgb; pool?: boolean; trees?: number } = {}): BuildingSpec {
  const top = spec.floors[spec.floors.length - 1];
  if (opts.roof) spec.ownRoof = true;
  spec.decorate = (t) => {
    ground(t.site, rect(0, 0, W, D + 4), opts.grass ?? [178, 174, 166], 5);
    if (opts.roof && top) gableRoof(t.ceiling, rect(0, 0, W, D), top.elevation + top.height, D * 0.3, opts.roof, spec.facade);
    if (opts.pool) pool(t.site, rect(W + 1.5, 2, W + 5, D - 2));
    for (let i = 0; i < (opts.trees ?? 0); i++) tree(t.site, -2.5, 1 + i * 4, 3 + t.next() * 2);
  };
  return spec;
}

/** A hotel: lobby, restaurant and bar downstairs, numbered rooms upstairs. */
export function hotel(variant: string, rng: Rng): BuildingSpec {
  const j = (a: number, b: number): number => round(a + rng.next() * (b - a));
  const levels = variant === 'grand' ? 3 : 2;
  const left = j(6.5, 7.5);
  const right = j(5.5, 6.5);
  const D = j(13, 15);
  const floors: CorridorFloor[] = [
    {
      name: 'Ground floor',
      hall: 'Reception hall',
      left: [P('Restaurant', 'restaurant', 1.2), P('Lobby', 'lobby', 1)],
      right: [P('Bar', 'bar', 1), P('Lounge', 'living', 1)],
    },
  ];
  for (let f = 1; f < levels; f++) {
    const n = (k: number): string => `Room ${f}0${k}`;
    floors.push({
      name: f === 1 ? 'First floor' : 'Second floor',
      hall: 'Corridor',
      left: [P(n(1), 'bedroom', 1), P(n(2), 'bedroom', 1), P(n(3), 'bedroom', 1)],
      right: [P(n(4), 'bedroom', 1), P(n(5), 'bedroom', 1), P(n(6), 'bedroom', 1)],
    });
  }
  const lodge = variant === 'lodge';
  const hallWidth = levels > 2 ? 4 : 3;
  const spec = corridorBuilding(
    {
      left,
      hallWidth,
      right,
      depth: D,
      floorHeight: variant === 'grand' ? 3.4 : 3,
      floors,
      facade: lodge ? [130, 92, 62] : variant === 'grand' ? [226, 214, 190] : variant === 'resort' ? [244, 242, 236] : [90, 100, 110],
      windows: { width: 1.4, sill: 0.8, head: 2.5, spacing: 2.6 },
      ...(variant === 'resort' ? { outdoor: { name: 'Pool terrace', use: 'terrace' as const, depth: 4 } } : {}),
    },
    rng,
  );
  const W = left + hallWidth + right;
  return finish(spec, W, D, {
    ...(lodge ? { roof: [70, 72, 70] as Rgb, grass: [120, 150, 96] as Rgb, trees: 4 } : {}),
    pool: variant === 'resort',
    ...(variant === 'resort' ? { grass: [220, 206, 170] as Rgb } : {}),
  });
}

/** A school, university or academy: classrooms, a library and a lecture hall on two floors. */
export function school(variant: string, rng: Rng): BuildingSpec {
  const j = (a: number, b: number): number => round(a + rng.next() * (b - a));
  const left = j(7, 8);
  const right = j(6.5, 7.5);
  const D = j(14, 16);
  const ground0: CorridorFloor =
    variant === 'university'
      ? {
          name: 'Ground floor',
          hall: 'Corridor',
          left: [P('Lecture hall', 'auditorium', 1)],
          right: [P('Library', 'library', 1.2), P('Seminar room', 'meeting', 1)],
        }
      : {
          name: 'Ground floor',
          hall: 'Corridor',
          left: [P('Classroom 1', 'classroom', 1), P('Classroom 2', 'classroom', 1)],
          right: [P('Library', 'library', 1), P('Staff room', 'meeting', 0.8)],
        };
  const upper: CorridorFloor = {
    name: 'First floor',
    hall: 'Corridor',
    left: [P(variant === 'academy' ? 'Studio 1' : 'Classroom 3', 'classroom', 1), P(variant === 'academy' ? 'Studio 2' : 'Classroom 4', 'classroom', 1)],
    right: [P('Classroom 5', 'classroom', 1), P('Office', 'study', 0.6)],
  };
  const spec = corridorBuilding(
    {
      left,
      hallWidth: 3,
      right,
      depth: D,
      floorHeight: 3.3,
      floors: [ground0, upper],
      facade: variant === 'university' ? [196, 150, 120] : [224, 206, 170],
      windows: { width: 1.8, sill: 0.8, head: 2.7, spacing: 2.6 },
    },
    rng,
  );
  return finish(spec, left + 3 + right, D, { grass: [130, 160, 100], trees: 3 });
}

/** An office: reception, open-plan floors, meeting rooms and a kitchen. */
export function office(rng: Rng): BuildingSpec {
  const j = (a: number, b: number): number => round(a + rng.next() * (b - a));
  const left = j(8, 9.5);
  const right = j(5.5, 6.5);
  const D = j(13, 15);
  const spec = corridorBuilding(
    {
      left,
      hallWidth: 3,
      right,
      depth: D,
      floorHeight: 3.1,
      floors: [
        {
          name: 'Ground floor',
          hall: 'Entrance hall',
          left: [P('Open office', 'office', 1.6), P('Reception', 'lobby', 0.8)],
          right: [P('Meeting room', 'meeting', 1), P('Kitchen', 'kitchen', 0.8), P('Phone room', 'study', 0.5)],
        },
        {
          name: 'First floor',
          hall: 'Corridor',
          left: [P('Open office 2', 'office', 1)],
          right: [P('Meeting room 2', 'meeting', 1), P("Director's office", 'study', 0.8)],
        },
      ],
      facade: [120, 136, 150],
      windows: { width: 2.4, sill: 0.6, head: 2.8, spacing: 2.8 },
    },
    rng,
  );
  return finish(spec, left + 3 + right, D);
}
