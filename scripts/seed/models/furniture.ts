import { EYE_HEIGHT } from '../../../src/domain/tour.ts';
import { boundsOf, insidePolygon, type DoorSpec, type FloorSpec, type FurnishTools, type P2, type Rect, type RoomSpec } from './building.ts';
import type { Rgb, Shade } from './mesh.ts';

/**
 * Pieces of furniture as boxes and cylinders, laid out in a room's own frame (`u` across the room,
 * `v` from its far wall towards its door) and kept clear of the doorways.
 */

type Side = 'n' | 's' | 'w' | 'e';

/** Palette of the furniture (sRGB). */
export const C = {
  wood: [156, 112, 72],
  darkWood: [96, 64, 42],
  oak: [190, 150, 102],
  white: [238, 236, 230],
  steel: [150, 156, 162],
  black: [48, 48, 52],
  fabric: [92, 112, 140],
  sofa: [120, 124, 118],
  rug: [168, 96, 78],
  green: [86, 132, 82],
  leaf: [70, 120, 64],
  red: [150, 40, 44],
  gold: [196, 160, 80],
  board: [44, 72, 58],
  screen: [30, 34, 40],
  stone: [168, 162, 150],
  cream: [226, 214, 190],
  blue: [70, 120, 170],
  water: [96, 170, 200],
  orange: [214, 132, 58],
  pink: [206, 138, 150],
} as const satisfies Record<string, Rgb>;

/** Colours of paintings and showroom pieces. */
export const ART: Rgb[] = [
  [196, 84, 60],
  [60, 108, 160],
  [224, 186, 84],
  [84, 140, 96],
  [140, 90, 150],
  [230, 220, 200],
  [40, 60, 80],
  [210, 140, 110],
];

/** A room seen from its door: helpers to place furniture in its frame. */
export class RoomFrame {
  readonly bb: Rect;
  readonly width: number;
  readonly depth: number;
  readonly y: number;
  readonly shade: Shade;
  private readonly origin: P2;
  private readonly u: P2;
  private readonly v: P2;
  private readonly zones: Rect[];
  readonly room: RoomSpec;
  readonly tools: FurnishTools;

  constructor(room: RoomSpec, floor: FloorSpec, doors: DoorSpec[], tools: FurnishTools, front?: Side) {
    this.room = room;
    this.tools = tools;
    // Thick walls (a castle's) leave less room: the frame starts where a 0.2 m wall would end.
    const extra = Math.max(0, tools.wall - 0.1);
    const outer = boundsOf(room.outline);
    this.bb = { x0: outer.x0 + extra, z0: outer.z0 + extra, x1: outer.x1 - extra, z1: outer.z1 - extra };
    const bb = this.bb;
    this.y = floor.elevation;
    this.shade = { floorY: floor.elevation, ceilY: floor.elevation + floor.height, tint: room.tint ?? 1 };
    const touching = doors.filter((d) => d.at[0] >= bb.x0 - 0.05 && d.at[0] <= bb.x1 + 0.05 && d.at[1] >= bb.z0 - 0.05 && d.at[1] <= bb.z1 + 0.05);
    this.zones = touching.map((d) => {
      const r = d.width / 2 + 0.35;
      return { x0: d.at[0] - Math.max(r, 1.1), z0: d.at[1] - Math.max(r, 1.1), x1: d.at[0] + Math.max(r, 1.1), z1: d.at[1] + Math.max(r, 1.1) };
    });
    const door = touching[0];
    let side: Side = front ?? 'n';
    if (!front && door) {
      const dist: [Side, number][] = [
        ['s', Math.abs(door.at[1] - bb.z0)],
        ['n', Math.abs(door.at[1] - bb.z1)],
        ['e', Math.abs(door.at[0] - bb.x0)],
        ['w', Math.abs(door.at[0] - bb.x1)],
      ];
      side = dist.sort((a, b) => a[1] - b[1])[0]?.[0] ?? 'n';
    }
    if (side === 'n')
      [this.origin, this.u, this.v] = [
        [bb.x0, bb.z0],
        [1, 0],
        [0, 1],
      ];
    else if (side === 's')
      [this.origin, this.u, this.v] = [
        [bb.x1, bb.z1],
        [-1, 0],
        [0, -1],
      ];
    else if (side === 'w')
      [this.origin, this.u, this.v] = [
        [bb.x0, bb.z1],
        [0, -1],
        [1, 0],
      ];
    else
      [this.origin, this.u, this.v] = [
        [bb.x1, bb.z0],
        [0, 1],
        [-1, 0],
      ];
    const alongX = this.u[0] !== 0;
    this.width = alongX ? bb.x1 - bb.x0 : bb.z1 - bb.z0;
    this.depth = alongX ? bb.z1 - bb.z0 : bb.x1 - bb.x0;
  }

  /** World plan point of frame coordinates. */
  at(u: number, v: number): P2 {
    return [this.origin[0] + this.u[0] * u + this.v[0] * v, this.origin[1] + this.u[1] * u + this.v[1] * v];
  }

  /** World rectangle of a frame footprint centred at (u, v). */
  rectOf(u: number, v: number, su: number, sv: number): Rect {
    const [x, z] = this.at(u, v);
    const alongX = this.u[0] !== 0;
    const hx = (alongX ? su : sv) / 2;
    const hz = (alongX ? sv : su) / 2;
    return { x0: x - hx, z0: z - hz, x1: x + hx, z1: z + hz };
  }

  /** Whether a footprint stays in the room and out of the doorways. */
  fits(u: number, v: number, su: number, sv: number): boolean {
    const r = this.rectOf(u, v, su, sv);
    const m = 0.09;
    if (r.x0 < this.bb.x0 + m || r.z0 < this.bb.z0 + m || r.x1 > this.bb.x1 - m || r.z1 > this.bb.z1 - m) return false;
    if (this.room.outline.length !== 4) {
      const corners: P2[] = [
        [r.x0, r.z0],
        [r.x1, r.z0],
        [r.x0, r.z1],
        [r.x1, r.z1],
      ];
      if (!corners.every((c) => insidePolygon(c[0], c[1], this.room.outline))) return false;
    }
    return !this.zones.some((z) => r.x0 < z.x1 && r.x1 > z.x0 && r.z0 < z.z1 && r.z1 > z.z0);
  }

  /** A box on the floor (or raised by `lift`); `block` keeps sweeps off it. Returns false when it did not fit. */
  box(u: number, v: number, su: number, sv: number, h: number, color: Rgb, opts: { lift?: number; block?: boolean; force?: boolean } = {}): boolean {
    if (!opts.force && !this.fits(u, v, su, sv)) return false;
    const r = this.rectOf(u, v, su, sv);
    const lift = opts.lift ?? 0;
    this.tools.mesh.box([(r.x0 + r.x1) / 2, this.y + lift + h / 2, (r.z0 + r.z1) / 2], [(r.x1 - r.x0) / 2, h / 2, (r.z1 - r.z0) / 2], color, this.shade);
    if (opts.block) this.tools.block(r);
    return true;
  }

  /** An upright cylinder. */
  cyl(u: number, v: number, radius: number, h: number, color: Rgb, lift = 0, topRadius = radius): void {
    const [x, z] = this.at(u, v);
    this.tools.mesh.cylinder([x, this.y + lift, z], radius, h, color, this.shade, 10, topRadius);
  }

  /** A tag spot at eye level above frame point (u, v). */
  spot(u: number, v: number, h = EYE_HEIGHT - 0.3): void {
    const [x, z] = this.at(u, v);
    this.tools.spot([x, this.y + h, z]);
  }

  /** Where the sweeps should stand (aisles between pews, racks). */
  walk(u: number, v: number): void {
    this.tools.walk?.(this.at(u, v));
  }
}

/** A bed against the far wall with bedside tables; false when it does not fit. */
export function bed(f: RoomFrame, u: number, v: number, w: number, duvet: Rgb): boolean {
  if (!f.fits(u, v + 1.05, w + 1.0, 2.1)) return false;
  f.box(u, v + 1.05, w, 2.1, 0.45, C.wood, { block: true });
  f.box(u, v + 1.15, w - 0.06, 1.8, 0.12, duvet, { lift: 0.45, force: true });
  f.box(u, v + 0.25, w - 0.2, 0.35, 0.12, C.white, { lift: 0.45, force: true });
  f.box(u, v + 0.05, w, 0.1, 0.6, C.darkWood, { lift: 0.45, force: true });
  for (const s of [-1, 1]) f.box(u + s * (w / 2 + 0.3), v + 0.25, 0.45, 0.4, 0.5, C.oak);
  f.cyl(u + w / 2 + 0.3, v + 0.25, 0.08, 0.3, C.cream, 0.5, 0.12);
  f.spot(u, v + 0.1, 1.35);
  return true;
}

/** A sofa facing the door (or away from it); false when it does not fit. */
export function sofa(f: RoomFrame, u: number, v: number, w: number, color: Rgb, faceBack = false): boolean {
  const d = 0.9;
  if (!f.fits(u, v, w, d)) return false;
  const back = faceBack ? -1 : 1;
  f.box(u, v, w, d, 0.42, color, { block: true });
  f.box(u, v - (back * (d - 0.2)) / 2, w, 0.2, 0.45, color, { lift: 0.42, force: true });
  for (const s of [-1, 1]) f.box(u + s * (w / 2 - 0.1), v, 0.2, d, 0.2, color, { lift: 0.42, force: true });
  return true;
}

/** A table, with chairs round it when asked; false when it does not fit. */
export function table(f: RoomFrame, u: number, v: number, su: number, sv: number, chairs: boolean, top: Rgb = C.oak, height = 0.72): boolean {
  const pad = chairs ? 1.1 : 0;
  if (!f.fits(u, v, su + pad, sv + pad)) return false;
  f.box(u, v, su, sv, 0.05, top, { lift: height, block: true });
  for (const [a, b] of [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ] as const)
    f.box(u + a * (su / 2 - 0.06), v + b * (sv / 2 - 0.06), 0.06, 0.06, height, C.darkWood, { force: true });
  if (chairs) {
    const n = Math.max(1, Math.floor(su / 0.65));
    for (let i = 0; i < n; i++) {
      const cu = u - su / 2 + (su * (i + 0.5)) / n;
      for (const s of [-1, 1]) chair(f, cu, v + s * (sv / 2 + 0.3), s > 0);
    }
    if (sv > 0.7) for (const s of [-1, 1]) chair(f, u + s * (su / 2 + 0.3), v, false);
  }
  return true;
}

/** A chair with its back to +v or -v. */
export function chair(f: RoomFrame, u: number, v: number, backPlus: boolean): void {
  f.box(u, v, 0.44, 0.44, 0.45, C.wood, { force: true });
  f.box(u, v + (backPlus ? 0.2 : -0.2), 0.44, 0.05, 0.45, C.wood, { lift: 0.45, force: true });
}

/** A round table with seats round it; false when it does not fit. */
export function roundTable(f: RoomFrame, u: number, v: number, r: number, seats: number, cloth: Rgb): boolean {
  if (!f.fits(u, v, 2 * r + 1.0, 2 * r + 1.0)) return false;
  f.cyl(u, v, 0.08, 0.72, C.darkWood);
  f.cyl(u, v, r, 0.05, cloth, 0.72);
  f.tools.block(f.rectOf(u, v, 2 * r, 2 * r));
  for (let i = 0; i < seats; i++) {
    const a = (i / seats) * Math.PI * 2;
    f.box(u + Math.cos(a) * (r + 0.3), v + Math.sin(a) * (r + 0.3), 0.42, 0.42, 0.46, C.wood, { force: true });
  }
  return true;
}

/** A potted plant. */
export function plant(f: RoomFrame, u: number, v: number): void {
  if (!f.fits(u, v, 0.5, 0.5)) return;
  f.cyl(u, v, 0.2, 0.4, C.stone, 0, 0.16);
  f.cyl(u, v, 0.32, 0.9, C.leaf, 0.4, 0.05);
}

/** Shelving along the far wall or a side wall, with coloured rows of goods. */
export function shelves(f: RoomFrame, wall: 'far' | 'left' | 'right', from: number, to: number, h: number, goods: Rgb[]): void {
  const len = to - from;
  if (len < 0.8) return;
  const depth = 0.4;
  const inset = 0.14 + depth / 2;
  const centre = (from + to) / 2;
  const place = (su: number, sv: number, uu: number, vv: number, hh: number, color: Rgb, lift = 0): boolean =>
    wall === 'far'
      ? f.box(uu, vv, su, sv, hh, color, { lift, block: lift === 0, force: lift > 0 })
      : f.box(uu, vv, sv, su, hh, color, { lift, block: lift === 0, force: lift > 0 });
  const pos = (along: number): [number, number] => (wall === 'far' ? [along, inset] : wall === 'left' ? [inset, along] : [f.width - inset, along]);
  const [cu, cv] = pos(centre);
  if (wall === 'far' ? !f.fits(cu, cv, len, depth) : !f.fits(cu, cv, depth, len)) return;
  place(len, depth, cu, cv, 0.1, C.darkWood);
  const rows = Math.max(2, Math.floor(h / 0.42));
  for (let r = 0; r < rows; r++) {
    const y = 0.12 + (r * (h - 0.2)) / rows;
    const n = Math.max(1, Math.floor(len / 0.5));
    for (let i = 0; i < n; i++) {
      const a = from + (len * (i + 0.5)) / n;
      const [u, v] = pos(a);
      const color = goods[(r * 3 + i) % goods.length] as Rgb;
      place((len / n) * 0.86, depth * 0.8, u, v, 0.28, color, y);
    }
    const [u, v] = pos(centre);
    place(len, depth, u, v, 0.03, C.darkWood, y + 0.3);
  }
  const [su, sv] = pos(centre);
  f.spot(su, wall === 'far' ? sv + 0.3 : sv, Math.min(h + 0.2, 1.5));
}

/** Framed works round the walls at eye level, wherever doorways leave room. */
export function frames(f: RoomFrame, big: boolean): void {
  // Works round the walls at eye level, wherever a doorway leaves room for them.
  const walls: ['far' | 'left' | 'right' | 'near', number][] = [
    ['far', f.width],
    ['left', f.depth],
    ['right', f.depth],
    ['near', f.width],
  ];
  let k = 0;
  for (const [wall, len] of walls) {
    let a = 0.7;
    while (a < len - 0.7) {
      const w = big ? 1.3 + f.tools.next() * 0.7 : 0.7 + f.tools.next() * 0.5;
      const h = big ? 0.9 + f.tools.next() * 0.6 : 0.6 + f.tools.next() * 0.4;
      const c = a + w / 2;
      const t = 0.12;
      const [u, v, su, sv] =
        wall === 'far' ? [c, t, w, 0.05] : wall === 'near' ? [c, f.depth - t, w, 0.05] : wall === 'left' ? [t, c, 0.05, w] : [f.width - t, c, 0.05, w];
      if (c + w / 2 > len - 0.5 || !f.fits(u, v, su, sv)) {
        a += 0.4;
        continue;
      }
      const y = 1.55 - h / 2;
      f.box(u, v, su, sv, h, C.gold, { lift: y, force: true });
      const inward: [number, number] = wall === 'far' ? [0, 1] : wall === 'near' ? [0, -1] : wall === 'left' ? [1, 0] : [-1, 0];
      const [isu, isv] = inward[0] === 0 ? [su - 0.12, sv] : [su, sv - 0.12];
      f.box(u + inward[0] * 0.02, v + inward[1] * 0.02, isu, isv, h - 0.12, ART[(k + Math.floor(f.tools.next() * 8)) % ART.length] as Rgb, {
        lift: y + 0.06,
        force: true,
      });
      if (k < 2) f.spot(u + inward[0] * 0.15, v + inward[1] * 0.15, 1.55);
      k++;
      a += w + (big ? 1.2 : 0.8);
    }
  }
}

/** Rows of seats or pews either side of a central aisle, with sweeps down the aisle. */
export function rowsOfSeats(f: RoomFrame, fromV: number, toV: number, seat: Rgb, pew: boolean): void {
  const aisle = 1.4;
  const side = (f.width - aisle) / 2 - 0.5;
  if (side < 0.8) return;
  for (let v = fromV; v < toV - 0.5; v += pew ? 1.0 : 0.9) {
    for (const s of [-1, 1]) {
      const u = f.width / 2 + s * (aisle / 2 + side / 2);
      if (pew) {
        f.box(u, v, side, 0.45, 0.45, seat, { block: true });
        f.box(u, v + 0.22, side, 0.06, 0.5, seat, { lift: 0.45, force: true });
      } else {
        const n = Math.max(1, Math.floor(side / 0.55));
        for (let i = 0; i < n; i++) {
          const cu = u - side / 2 + (side * (i + 0.5)) / n;
          f.box(cu, v, 0.5, 0.5, 0.45, seat, { force: true });
          f.box(cu, v + 0.23, 0.5, 0.06, 0.5, seat, { lift: 0.45, force: true });
        }
        f.tools.block(f.rectOf(u, v, side, 0.55));
      }
    }
    f.walk(f.width / 2, v);
  }
}

/** Kitchen or bar counters along a wall, with wall cupboards when asked. */
export function counterRun(f: RoomFrame, wall: 'far' | 'left', from: number, to: number, top: Rgb, front: Rgb, uppers: boolean): void {
  const len = to - from;
  if (len < 0.8) return;
  const c = (from + to) / 2;
  const [u, v, su, sv] = wall === 'far' ? [c, 0.44, len, 0.6] : [0.44, c, 0.6, len];
  if (!f.fits(u, v, su, sv)) return;
  f.box(u, v, su, sv, 0.86, front, { block: true });
  f.box(u, v, su + 0.02, sv + 0.02, 0.05, top, { lift: 0.86, force: true });
  if (uppers) {
    const [uu, uv, usu, usv] = wall === 'far' ? [c, 0.3, len, 0.32] : [0.3, c, 0.32, len];
    f.box(uu, uv, usu, usv, 0.7, front, { lift: 1.5, force: true });
  }
  f.spot(wall === 'far' ? c : 0.9, wall === 'far' ? 0.9 : c, 1.2);
}
