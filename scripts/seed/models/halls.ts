import type { Rng } from '../prng.ts';
import { rect, round, type BuildingSpec, type RoomUse } from './building.ts';
import { ground, tree } from './decor.ts';
import type { Rgb } from './mesh.ts';
import { planBuilding, type PlanRoom } from './plan.ts';

/**
 * Buildings of a few large rooms: museums and galleries (works on the walls), shops, restaurants,
 * theatres and ballrooms, warehouses and the town hall.
 */

const PAVING: Rgb = [178, 174, 166];
const j = (rng: Rng, a: number, b: number): number => round(a + rng.next() * (b - a));

function withGround(spec: BuildingSpec, color: Rgb = PAVING, trees = 0): BuildingSpec {
  const inner = spec.decorate;
  spec.decorate = (t) => {
    const xs = spec.rooms.flatMap((r) => r.outline.map((p) => p[0]));
    const zs = spec.rooms.flatMap((r) => r.outline.map((p) => p[1]));
    const foot = rect(Math.min(...xs), Math.min(...zs), Math.max(...xs), Math.max(...zs));
    ground(t.site, foot, color, 5);
    for (let i = 0; i < trees; i++) tree(t.site, foot.x1 + 2.5, foot.z0 + 1 + i * 4, 3 + t.next() * 2);
    inner?.(t);
  };
  return spec;
}

/** A museum: an entrance hall and five galleries in a ring, top-lit. */
export function museum(rng: Rng): BuildingSpec {
  const a = j(rng, 6.5, 8);
  const b = j(rng, 6, 7);
  const c = j(rng, 6.5, 8);
  const r0 = j(rng, 6.5, 8);
  const D = r0 + j(rng, 6.5, 7.5);
  const W = a + b + c;
  const g = (id: string, name: string, x0: number, z0: number, x1: number, z1: number, use: RoomUse = 'gallery'): PlanRoom => ({
    id,
    name,
    use,
    rect: rect(x0, z0, x1, z1),
    tint: 0.97 + rng.next() * 0.06,
  });
  return withGround(
    planBuilding({
      floors: [{ name: 'Ground floor', height: 4.6 }],
      rooms: [
        g('hall', 'Entrance hall', a, r0, a + b, D, 'foyer'),
        g('g1', 'Gallery 1', 0, r0, a, D),
        g('g2', 'Gallery 2', 0, 0, a, r0),
        g('g3', 'Gallery 3', a, 0, a + b, r0),
        g('g4', 'Gallery 4', a + b, 0, W, r0),
        g('g5', 'Gallery 5', a + b, r0, W, D),
      ],
      doors: [
        ['hall', 'g1', 2.2, 3],
        ['g1', 'g2', 2.2, 3],
        ['g2', 'g3', 2.2, 3],
        ['g3', 'g4', 2.2, 3],
        ['g4', 'g5', 2.2, 3],
        ['g5', 'hall', 2.2, 3],
        ['hall', 'g3', 2.4, 3],
      ],
      entry: ['hall', [round(a + b / 2), D], 2],
      facade: [214, 206, 190],
      windows: { width: 2.6, sill: 3.3, head: 4.3, spacing: 4.5 },
    }),
    PAVING,
    2,
  );
}

/** A gallery: a reception and a row of white rooms. */
export function gallery(rng: Rng): BuildingSpec {
  const n = 2 + Math.floor(rng.next() * 2);
  const D = j(rng, 7.5, 9);
  const widths = [j(rng, 4.5, 5.5), ...Array.from({ length: n }, () => j(rng, 6.5, 8))];
  let x = 0;
  const rooms: PlanRoom[] = widths.map((w, i) => {
    const r: PlanRoom = {
      id: i === 0 ? 'rec' : `g${i}`,
      name: i === 0 ? 'Reception' : `Gallery ${i}`,
      use: i === 0 ? 'foyer' : 'gallery',
      rect: rect(x, 0, round(x + w), D),
    };
    if (i > 0) r.windows = null;
    x = round(x + w);
    return r;
  });
  return withGround(
    planBuilding({
      floors: [{ name: 'Ground floor', height: 4 }],
      rooms,
      doors: rooms.slice(1).map((r, i) => [(rooms[i] as PlanRoom).id, r.id, 2.4, 3]),
      entry: ['rec', [round((widths[0] as number) / 2), D], 1.6],
      facade: [232, 230, 226],
      windows: { width: 2.6, sill: 0.2, head: 3.2, spacing: 3 },
    }),
  );
}

/** A shop of a variant: the sales floor, its storeroom (and fitting rooms for fashion). */
export function shop(variant: string, rng: Rng): BuildingSpec {
  const W = j(rng, 8.5, 11);
  const D = j(rng, 10, 12.5);
  const use: RoomUse =
    variant === 'bookshop' ? 'bookshop' : variant === 'showroom' ? 'showroom' : variant === 'fashion' ? 'fashion' : variant === 'food' ? 'grocery' : 'shop';
  const name = variant === 'bookshop' ? 'Bookshop' : variant === 'showroom' ? 'Showroom' : variant === 'food' ? 'Food hall' : 'Shop floor';
  const back =
    variant === 'fashion'
      ? [
          { id: 'store', name: 'Storeroom', use: 'store' as RoomUse, rect: rect(0, 0, round(W * 0.55), 3.2) },
          { id: 'fit', name: 'Fitting rooms', use: 'empty' as RoomUse, rect: rect(round(W * 0.55), 0, W, 3.2) },
        ]
      : [{ id: 'store', name: variant === 'food' ? 'Cold store' : 'Storeroom', use: 'store' as RoomUse, rect: rect(0, 0, W, 3.2) }];
  return withGround(
    planBuilding({
      floors: [{ name: 'Ground floor', height: 3.6 }],
      rooms: [{ id: 'sales', name, use, rect: rect(0, 3.2, W, D) }, ...back],
      doors: back.map((r) => ['sales', r.id, 1.0] as [string, string, number]),
      entry: ['sales', [round(W / 2), D], 1.8],
      facade: variant === 'bookshop' ? [60, 90, 80] : variant === 'fashion' ? [40, 40, 44] : [220, 220, 216],
      windows: { width: 2.6, sill: 0.3, head: 3.0, spacing: 3.2 },
    }),
  );
}

/** A restaurant, café or bar: the dining room at the front, the kitchen and washroom behind. */
export function restaurant(variant: string, rng: Rng): BuildingSpec {
  const W = j(rng, 10, 13);
  const D = j(rng, 12, 14);
  const front: PlanRoom =
    variant === 'bar'
      ? { id: 'main', name: 'Bar', use: 'bar', rect: rect(0, 4, W, D), tint: 0.9 }
      : { id: 'main', name: variant === 'cafe' ? 'Café' : 'Dining room', use: variant === 'cafe' ? 'cafe' : 'restaurant', rect: rect(0, 4, W, D) };
  const k = round(W * 0.6);
  return withGround(
    planBuilding({
      floors: [{ name: 'Ground floor', height: 3.4 }],
      rooms: [
        front,
        { id: 'kitchen', name: variant === 'bar' ? 'Cellar' : 'Kitchen', use: variant === 'bar' ? 'store' : 'kitchen', rect: rect(0, 0, k, 4) },
        { id: 'wc', name: 'Washrooms', use: 'bathroom', rect: rect(k, 0, W, 4) },
      ],
      doors: [
        ['main', 'kitchen', 1.1],
        ['main', 'wc', 0.9],
      ],
      entry: ['main', [round(W / 2), D], 1.4],
      facade: variant === 'bar' ? [70, 52, 48] : variant === 'cafe' ? [226, 206, 170] : [160, 70, 60],
      windows: { width: 2.2, sill: 0.5, head: 2.7, spacing: 3 },
    }),
  );
}

/** A theatre, concert hall, wedding or events venue: a foyer and the great room behind it. */
export function venue(variant: string, rng: Rng): BuildingSpec {
  const stage = variant === 'theatre' || variant === 'concert-hall';
  const W = stage ? j(rng, 14, 17) : j(rng, 14, 16);
  const D = stage ? j(rng, 20, 24) : j(rng, 12, 14);
  const rooms: PlanRoom[] = stage
    ? [
        { id: 'foyer', name: 'Foyer', use: 'foyer', rect: rect(0, D, W, D + 5) },
        { id: 'hall', name: variant === 'theatre' ? 'Auditorium' : 'Concert hall', use: 'auditorium', rect: rect(0, 0, W, D), windows: null, tint: 0.95 },
        { id: 'back', name: 'Backstage', use: 'store', rect: rect(0, -4, W, 0), windows: null },
      ]
    : [
        { id: 'foyer', name: 'Foyer', use: 'foyer', rect: rect(0, D, round(W / 2), D + 5) },
        { id: 'terrace', name: 'Terrace', use: 'terrace', rect: rect(round(W / 2), D, W, D + 5), open: true },
        { id: 'hall', name: variant === 'wedding' ? 'Ballroom' : 'Event hall', use: 'ballroom', rect: rect(0, 0, W, D) },
        { id: 'kitchen', name: 'Kitchen', use: 'kitchen', rect: rect(0, -4, 6, 0) },
      ];
  return withGround(
    planBuilding({
      floors: [{ name: 'Ground floor', height: stage ? 8 : 5 }],
      rooms,
      doors: stage
        ? [
            ['foyer', 'hall', 2.4, 2.8],
            ['hall', 'back', 1.4, 2.4],
          ]
        : [
            ['foyer', 'hall', 2.4, 2.8],
            ['hall', 'terrace', 2.4, 2.8],
            ['hall', 'kitchen', 1.2],
          ],
      entry: ['foyer', [round(W / 4), D + 5], 2],
      ...(stage ? { startRoom: 'hall', start: [round(W / 2), round(D - 1)] as [number, number], look: [round(W / 2), 0] as [number, number] } : {}),
      facade: stage ? [200, 176, 150] : [238, 232, 220],
      windows: stage ? { width: 1.6, sill: 1.0, head: 4.0, spacing: 3.2 } : { width: 2, sill: 0.4, head: 3.6, spacing: 3 },
    }),
    PAVING,
    stage ? 0 : 3,
  );
}

/** A warehouse: the racked hall and an office and entrance at the front. */
export function warehouse(rng: Rng): BuildingSpec {
  const W = j(rng, 20, 26);
  const D = j(rng, 16, 20);
  return withGround(
    planBuilding({
      floors: [{ name: 'Ground floor', height: 7 }],
      rooms: [
        { id: 'hall', name: 'Warehouse floor', use: 'warehouse', rect: rect(0, 0, W, D), windows: { width: 3, sill: 5, head: 6.4, spacing: 6 } },
        { id: 'office', name: 'Office', use: 'office', rect: rect(0, D, 8, D + 5) },
        { id: 'entry', name: 'Entrance', use: 'hall', rect: rect(8, D, 11, D + 5) },
      ],
      doors: [
        ['entry', 'hall', 1.6, 2.6],
        ['entry', 'office', 1.0],
      ],
      entry: ['entry', [9.5, D + 5], 1.4],
      facade: [150, 160, 170],
      windows: { width: 2, sill: 1, head: 2.4, spacing: 3 },
    }),
  );
}

/** A town hall: an entrance hall, the council chamber, offices and the archive, with a clock tower. */
export function civic(rng: Rng): BuildingSpec {
  const a = j(rng, 7, 8.5);
  const b = j(rng, 6, 7);
  const W = a * 2 + b;
  const D = j(rng, 13, 15);
  const r0 = round(D * 0.5);
  const spec = planBuilding({
    floors: [{ name: 'Ground floor', height: 4.8 }],
    rooms: [
      { id: 'hall', name: 'Entrance hall', use: 'foyer', rect: rect(a, r0, a + b, D) },
      { id: 'council', name: 'Council chamber', use: 'meeting', rect: rect(a, 0, a + b, r0) },
      { id: 'off', name: 'Offices', use: 'office', rect: rect(0, 0, a, D) },
      { id: 'arch', name: 'Archive', use: 'library', rect: rect(a + b, 0, W, D) },
    ],
    doors: [
      ['hall', 'council', 2, 3],
      ['hall', 'off', 1.2, 2.4],
      ['hall', 'arch', 1.2, 2.4],
    ],
    entry: ['hall', [round(a + b / 2), D], 2],
    facade: [210, 196, 170],
    windows: { width: 1.4, sill: 1, head: 3.6, spacing: 2.6 },
  });
  spec.decorate = (t) => {
    const cx = a + b / 2;
    t.ceiling.box([cx, 4.8 + 4, D - 1.8], [1.6, 4, 1.6], [200, 186, 160], { floorY: 0, outside: true });
    t.ceiling.cylinder([cx, 4.8 + 8, D - 1.8], 1.9, 2.2, [90, 110, 100], { floorY: 0, outside: true }, 4, 0);
    t.ceiling.box([cx, 4.8 + 6, D - 0.15], [0.8, 0.8, 0.08], [240, 236, 220], { floorY: 0, outside: true });
  };
  return withGround(spec);
}
