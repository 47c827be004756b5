import type { Rng } from '../prng.ts';
import { rect, round, type BuildingSpec, type P2 } from './building.ts';
import { C } from './furniture.ts';
import type { MeshBuilder, Rgb, Shade, Vec3 } from './mesh.ts';
import { planBuilding, type PlanRoom } from './plan.ts';

/**
 * Yachts: a hull (white topsides over a dark boot stripe, a pointed bow), cabins on the lower deck
 * round a lobby with the stair, and on the main deck an aft deck, the salon, the wheelhouse and the
 * foredeck; a mast and boom on a sailing yacht, twin hulls on a catamaran.
 */

const OUT: Shade = { floorY: 0, outside: true };
const HULL: Rgb = [244, 244, 242];
const BOOT: Rgb = [34, 52, 84];
const TEAK: Rgb = [190, 146, 100];
const WATER: Rgb = [70, 130, 170];

/** The hull's outline at a level: the stern at x = 0, the bow at x = L; `k` narrows it. */
function hullOutline(L: number, B: number, k: number, x0 = 0, bowStart = L - 6): P2[] {
  const pts: P2[] = [];
  const n = 6;
  pts.push([x0, (-B / 2) * k]);
  for (let i = 0; i <= n; i++) {
    const x = bowStart + ((L - bowStart) * i) / n;
    const t = (x - bowStart) / (L - bowStart);
    pts.push([round(x - (1 - k) * 1.2 * t), round((-B / 2) * k * Math.sqrt(Math.max(0, 1 - t * t)))]);
  }
  for (let i = n - 1; i >= 0; i--) {
    const p = pts[i + 1] as P2;
    pts.push([p[0], -p[1]]);
  }
  pts.push([x0, (B / 2) * k]);
  return pts;
}

/** Draws a hull between outlines at given levels (first the lowest), with a flat bottom. */
function hull(mesh: MeshBuilder, L: number, levels: { y: number; outline: P2[]; color: Rgb }[], zOffset = 0): void {
  for (let l = 1; l < levels.length; l++) {
    const lo = levels[l - 1] as (typeof levels)[number];
    const hi = levels[l] as (typeof levels)[number];
    const m = lo.outline.length;
    for (let i = 0; i < m; i++) {
      const j = (i + 1) % m;
      const a: Vec3 = [(hi.outline[i] as P2)[0], hi.y, (hi.outline[i] as P2)[1] + zOffset];
      const b: Vec3 = [(hi.outline[j] as P2)[0], hi.y, (hi.outline[j] as P2)[1] + zOffset];
      const c: Vec3 = [(lo.outline[j] as P2)[0], lo.y, (lo.outline[j] as P2)[1] + zOffset];
      const d: Vec3 = [(lo.outline[i] as P2)[0], lo.y, (lo.outline[i] as P2)[1] + zOffset];
      // Face away from the keel line, whichever way the outline runs.
      const u: Vec3 = [d[0] - a[0], d[1] - a[1], d[2] - a[2]];
      const v: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const n: Vec3 = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
      const mx = (a[0] + b[0] + c[0] + d[0]) / 4;
      const mz = (a[2] + b[2] + c[2] + d[2]) / 4;
      const axisX = Math.min(Math.max(mx, 3), L - 3);
      const out = n[0] * (mx - axisX) + n[2] * (mz - zOffset);
      mesh.poly(out >= 0 ? [a, d, c, b] : [b, c, d, a], lo.color, OUT);
    }
  }
}

/** A motor, sailing yacht or catamaran. */
export function yacht(variant: string, rng: Rng): BuildingSpec {
  const j = (a: number, b: number): number => round(a + rng.next() * (b - a));
  const cat = variant === 'catamaran';
  const sail = variant === 'sailing';
  const L = cat ? j(14, 16) : sail ? j(16.5, 18.5) : j(22, 25);
  const B = cat ? j(7.2, 8) : sail ? j(4.6, 5) : j(5.6, 6.2);
  const deckY = 2.4;
  const lowH = 2.1;
  const bowStart = round(L - (cat ? 3 : 6));
  const hw = round((B / 2) * 0.8 - 0.1);
  const rooms: PlanRoom[] = [];
  const doors: [string, string, number, number?][] = [];
  const stairs: BuildingSpec['stairs'] = [];
  const up = (id: string, name: string, use: PlanRoom['use'], x0: number, x1: number, open = false, outline?: P2[]): void => {
    // The deckhouse is narrower than the deck (side decks either side of it).
    const half = open ? B / 2 - 0.15 : B / 2 - (cat ? 0.5 : 0.8);
    const r: PlanRoom = { id, name, use, floor: 1, open, ...(outline ? { outline } : { rect: rect(x0, round(-half), x1, round(half)) }) };
    if (use === 'deck') r.ground = TEAK;
    rooms.push(r);
  };
  // Main deck.
  const aft = cat ? 3.5 : sail ? 5 : 4.5;
  const salonEnd = cat ? 9.5 : sail ? 10 : round(L - 10);
  up('aft', sail ? 'Cockpit' : 'Aft deck', 'deck', 0, aft, true);
  up('salon', sail ? 'Deckhouse' : 'Salon', 'salon', aft, salonEnd);
  let foreStart = salonEnd;
  if (!sail && !cat) {
    up('wheel', 'Wheelhouse', 'study', salonEnd, round(L - 7));
    foreStart = round(L - 7);
    doors.push(['salon', 'wheel', 0.9]);
  }
  const bw = B / 2 - 0.15;
  const fore: P2[] = [
    [foreStart, -bw],
    [bowStart, -bw],
    [round(L - 0.6), -0.5],
    [round(L - 0.6), 0.5],
    [bowStart, bw],
    [foreStart, bw],
  ];
  up('fore', cat ? 'Trampoline deck' : 'Foredeck', 'deck', 0, 0, true, cat ? undefined : fore);
  if (cat) (rooms[rooms.length - 1] as PlanRoom).rect = rect(foreStart, round(-B / 2 + 0.15), round(L - 0.4), round(B / 2 - 0.15));
  doors.push(['aft', 'salon', 1.6, 2.1], [sail || cat ? 'salon' : 'wheel', 'fore', 0.8]);
  // Lower deck.
  const low = (id: string, name: string, use: PlanRoom['use'], x0: number, z0: number, x1: number, z1: number): void => {
    rooms.push({
      id,
      name,
      use,
      floor: 0,
      rect: rect(round(x0), round(z0), round(x1), round(z1)),
      windows: { width: 0.45, sill: 1.2, head: 1.65, spacing: 1.8 },
    });
  };
  if (cat) {
    for (const [side, s] of [
      ['p', -1],
      ['s', 1],
    ] as const) {
      const z0 = s < 0 ? round(-B / 2 + 0.5) : round(B / 2 - 2.4);
      const z1 = round(z0 + 1.9);
      low(`${side}-aft`, s < 0 ? 'Port cabin' : 'Starboard cabin', 'cabin', 1, z0, 4.6, z1);
      low(`${side}-lobby`, s < 0 ? 'Port hull' : 'Starboard hull', 'hall', 4.6, z0, 9.6, z1);
      low(`${side}-fwd`, s < 0 ? 'Port forward cabin' : 'Starboard forward cabin', 'cabin', 9.6, z0, round(L - 2.2), z1);
      doors.push([`${side}-aft`, `${side}-lobby`, 0.7], [`${side}-lobby`, `${side}-fwd`, 0.7]);
      const sz = s < 0 ? z0 : round(z1 - 0.8);
      stairs.push({ floor: 0, rect: rect(5.6, sz, 8.4, round(sz + 0.8)), dir: '+x' });
    }
  } else {
    const lobby0 = sail ? 4.4 : 6;
    const lobby1 = sail ? 8.8 : 10.6;
    low('master', sail ? 'Aft cabin' : 'Master cabin', 'cabin', 1.2, -hw, lobby0, hw);
    low('lobby', 'Lower lobby', 'hall', lobby0, -hw, lobby1, hw);
    stairs.push({ floor: 0, rect: rect(round(lobby0 + 1), 0.55, round(lobby0 + 3.8), 1.45), dir: '+x' });
    doors.push(['master', 'lobby', 0.8]);
    if (sail) {
      low('fwd', 'Forward cabin', 'cabin', lobby1, -hw, round(bowStart + 0.5), hw);
      doors.push(['lobby', 'fwd', 0.8]);
    } else {
      const c1 = round(bowStart - 3.2);
      low('corr', 'Corridor', 'hall', lobby1, -0.7, c1, 0.7);
      low('g1', 'Guest cabin 1', 'cabin', lobby1, -hw, c1, -0.7);
      low('g2', 'Guest cabin 2', 'cabin', lobby1, 0.7, c1, hw);
      low('vip', 'Forward cabin', 'cabin', c1, -hw, bowStart, hw);
      doors.push(['lobby', 'corr', 0.8], ['corr', 'g1', 0.7], ['corr', 'g2', 0.7], ['corr', 'vip', 0.8]);
    }
  }
  const spec = planBuilding({
    floors: [
      { name: 'Lower deck', height: lowH, elevation: 0 },
      { name: 'Main deck', height: 2.2, elevation: deckY },
    ],
    rooms,
    doors,
    entry: ['aft', [0, 0], 1.2],
    stairs,
    facade: HULL,
    windows: { width: 1.6, sill: 0.7, head: 1.9, spacing: 2.2 },
    wallThickness: 0.12,
    start: [1.2, 0],
  });
  spec.entrance = 'aft';
  spec.decorate = (t) => {
    const water = t.site;
    water.grid(-5, -B - 4, L + 5, B + 4, -0.6, WATER, OUT, false, 6);
    const m = t.meshOf(0);
    const levels = (k: (y: number) => number, B2: number, x0 = 0): { y: number; outline: P2[]; color: Rgb }[] => [
      { y: -1.4, outline: hullOutline(L, B2, k(-1.4), x0 + 0.8, bowStart), color: BOOT },
      { y: -0.3, outline: hullOutline(L, B2, k(-0.3), x0 + 0.2, bowStart), color: BOOT },
      { y: 0.1, outline: hullOutline(L, B2, k(0.1), x0, bowStart), color: HULL },
      { y: deckY + 0.5, outline: hullOutline(L, B2, 1, x0, bowStart), color: HULL },
    ];
    if (cat) {
      for (const s of [-1, 1])
        hull(
          m,
          L,
          levels((y) => (y < 0 ? 0.6 : 0.9), 2.6),
          s * (B / 2 - 1.3),
        );
      m.box([L / 2 - 0.5, deckY - 0.15, 0], [L / 2 - 1, 0.15, B / 2 - 1.2], HULL, OUT);
    } else {
      hull(
        m,
        L,
        levels((y) => 0.45 + 0.55 * Math.min(1, (y + 1.4) / 2.2), B),
      );
      m.disc(hullOutline(L, B, 0.45, 0.8, bowStart), -1.4, BOOT, OUT, true);
    }
    // Flybridge roof over the salon, a radar arch; a mast and boom on a sailing yacht.
    const roofY = deckY + 2.2 + 0.05;
    const c = t.ceilingOf(1);
    c.box([(aft + salonEnd) / 2 - 0.6, roofY + 0.05, 0], [(salonEnd - aft) / 2 + 1.2, 0.06, B / 2 - 0.3], HULL, OUT);
    if (sail) {
      const deck = t.meshOf(1);
      deck.cylinder([salonEnd + 0.6, deckY, 0], 0.12, L * 1.15, [200, 204, 208], OUT, 8, 0.06);
      deck.box([salonEnd - 2.4, deckY + 3.0, 0], [3, 0.08, 0.08], [200, 204, 208], OUT);
      deck.box([salonEnd - 2.4, deckY + 3.25, 0], [2.9, 0.2, 0.2], C.white, OUT);
    } else {
      c.box([aft + 1.5, roofY + 0.8, 0], [0.3, 0.8, B / 2 - 0.6], HULL, OUT);
      c.box([aft + 1.5, roofY + 1.7, 0], [0.2, 0.1, 0.9], C.black, OUT);
    }
  };
  return spec;
}
