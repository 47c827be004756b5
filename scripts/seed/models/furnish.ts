import { EYE_HEIGHT } from '../../../src/domain/tour.ts';
import { boundsOf, insidePolygon, type DoorSpec, type FloorSpec, type FurnishTools, type P2, type Rect, type RoomSpec } from './building.ts';
import type { Rgb, Shade } from './mesh.ts';

/**
 * Furniture recipes, one per room use: boxes and cylinders laid out in the room's own frame (`u`
 * across the room, `v` from its far wall towards its door), kept clear of the doors.
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

const ART: Rgb[] = [
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

// Pieces of furniture, in the frame (u across, v depth; a piece "faces" +v, towards the door).

function bed(f: RoomFrame, u: number, v: number, w: number, duvet: Rgb): boolean {
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

function sofa(f: RoomFrame, u: number, v: number, w: number, color: Rgb, faceBack = false): boolean {
  const d = 0.9;
  if (!f.fits(u, v, w, d)) return false;
  const back = faceBack ? -1 : 1;
  f.box(u, v, w, d, 0.42, color, { block: true });
  f.box(u, v - (back * (d - 0.2)) / 2, w, 0.2, 0.45, color, { lift: 0.42, force: true });
  for (const s of [-1, 1]) f.box(u + s * (w / 2 - 0.1), v, 0.2, d, 0.2, color, { lift: 0.42, force: true });
  return true;
}

function table(f: RoomFrame, u: number, v: number, su: number, sv: number, chairs: boolean, top: Rgb = C.oak, height = 0.72): boolean {
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

function chair(f: RoomFrame, u: number, v: number, backPlus: boolean): void {
  f.box(u, v, 0.44, 0.44, 0.45, C.wood, { force: true });
  f.box(u, v + (backPlus ? 0.2 : -0.2), 0.44, 0.05, 0.45, C.wood, { lift: 0.45, force: true });
}

function roundTable(f: RoomFrame, u: number, v: number, r: number, seats: number, cloth: Rgb): boolean {
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

function plant(f: RoomFrame, u: number, v: number): void {
  if (!f.fits(u, v, 0.5, 0.5)) return;
  f.cyl(u, v, 0.2, 0.4, C.stone, 0, 0.16);
  f.cyl(u, v, 0.32, 0.9, C.leaf, 0.4, 0.05);
}

/** Shelving along the far wall (`v` = 0) or a side wall, with coloured rows of goods. */
function shelves(f: RoomFrame, wall: 'far' | 'left' | 'right', from: number, to: number, h: number, goods: Rgb[]): void {
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

function frames(f: RoomFrame, big: boolean): void {
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

function rowsOfSeats(f: RoomFrame, fromV: number, toV: number, seat: Rgb, pew: boolean): void {
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

function counterRun(f: RoomFrame, wall: 'far' | 'left', from: number, to: number, top: Rgb, front: Rgb, uppers: boolean): void {
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

/** Furnishes a room after its use. */
export function furnishRoom(room: RoomSpec, floor: FloorSpec, doors: DoorSpec[], tools: FurnishTools): void {
  const f = new RoomFrame(room, floor, doors, tools);
  const W = f.width;
  const D = f.depth;
  const rnd = (): number => tools.next();
  switch (room.use) {
    case 'living': {
      f.box(W / 2, D / 2, Math.min(3, W - 1.2), Math.min(2.2, D - 1.6), 0.015, C.rug, { force: true });
      const sw = Math.min(2.4, W - 1.4);
      sofa(f, W / 2, D / 2 + 1.1, sw, C.sofa, true);
      table(f, W / 2, D / 2, 1.1, 0.6, false, C.darkWood, 0.4);
      f.box(W / 2, 0.35, Math.min(1.8, W - 1), 0.45, 0.5, C.darkWood, { block: true });
      f.box(W / 2, 0.3, 1.2, 0.06, 0.7, C.screen, { lift: 0.55, force: true });
      f.spot(W / 2, 0.4, 1.3);
      if (!sofa(f, 0.6, D / 2, 0.9, C.fabric)) plant(f, 0.5, 0.5);
      plant(f, W - 0.5, 0.5);
      break;
    }
    case 'kitchen': {
      counterRun(f, 'far', 0.1, W - 0.1, C.white, C.cream, true);
      counterRun(f, 'left', 1.0, D - 1.4, C.white, C.cream, false);
      f.box(W - 0.45, 0.45, 0.7, 0.7, 1.9, C.steel, { block: true, force: f.fits(W - 0.45, 0.45, 0.7, 0.7) });
      if (W > 3.2 && D > 3.6)
        if (table(f, W / 2 + 0.3, D / 2 + 0.3, 1.6, 0.8, false, C.white)) f.box(W / 2 + 0.3, D / 2 + 0.3, 1.5, 0.7, 0.72, C.cream, { force: true });
      break;
    }
    case 'dining':
      table(f, W / 2, D / 2, Math.min(2.2, W - 2), Math.min(1.0, D - 2), true);
      f.box(W / 2, 0.35, Math.min(2, W - 1.5), 0.45, 0.9, C.darkWood, { block: true });
      f.spot(W / 2, D / 2, 1.2);
      break;
    case 'bedroom': {
      const duvet = ([C.blue, C.cream, C.pink, C.green] as Rgb[])[Math.floor(rnd() * 4)] as Rgb;
      // Against the far wall, centred or to one side (a doorway may take the middle), double or single.
      const width = W > 3.2 ? 1.6 : 1.0;
      const placed =
        [W / 2, W - width / 2 - 0.7, width / 2 + 0.7].some((u) => bed(f, u, 0.12, width, duvet)) ||
        [W / 2, W - 1.2, 1.2].some((u) => bed(f, u, 0.12, 0.9, duvet));
      if (!placed) plant(f, 0.5, 0.5);
      f.box(0.4, D - 1.8, 0.6, 1.4, 2.0, C.oak, { block: true });
      f.box(W - 0.8, D - 0.6, 1.2, 0.5, 0.75, C.oak, { block: true });
      break;
    }
    case 'bathroom':
      f.box(0.4, D / 2 - 0.4, 0.75, 1.7, 0.55, C.white, { block: true });
      f.box(W - 0.35, 0.35, 0.55, 0.45, 0.85, C.white, { block: true });
      f.box(W - 0.15, 0.35, 0.05, 0.6, 0.8, C.water, { lift: 1.05, force: true });
      f.box(W / 2, 0.3, 0.4, 0.55, 0.42, C.white);
      f.spot(W - 0.45, 0.35, 1.3);
      break;
    case 'hall':
    case 'foyer':
      plant(f, 0.5, 0.5);
      f.box(W / 2, 0.3, Math.min(1.2, W - 1.2), 0.35, 0.8, C.darkWood, { block: true });
      if (room.use === 'foyer') {
        f.box(W / 2, 0.4, Math.min(3, W - 2), 0.6, 1.05, C.darkWood, { block: true });
        sofa(f, W - 1.4, D / 2, 1.8, C.red);
      }
      break;
    case 'study':
    case 'office': {
      const desks = room.use === 'study' ? 1 : Math.max(1, Math.floor((W - 1.4) / 1.8));
      const rows = room.use === 'study' ? 1 : Math.max(1, Math.floor((D - 1.6) / 2.4));
      for (let r = 0; r < rows; r++) {
        for (let i = 0; i < desks; i++) {
          const u = room.use === 'study' ? W / 2 : 0.9 + (W - 1.8) * ((i + 0.5) / desks);
          const v = room.use === 'study' ? 0.6 : 0.9 + r * 2.4;
          if (!f.box(u, v, 1.4, 0.7, 0.74, C.white, { block: true })) continue;
          f.box(u, v - 0.15, 0.6, 0.05, 0.38, C.screen, { lift: 0.76, force: true });
          f.box(u, v + 0.6, 0.5, 0.5, 0.45, C.black, { force: true });
          f.box(u, v + 0.83, 0.5, 0.06, 0.5, C.black, { lift: 0.45, force: true });
          if (r === 0 && i === 0) f.spot(u, v, 1.2);
        }
      }
      shelves(f, 'left', 1.2, Math.min(D - 1.2, 4.2), 2.0, [C.blue, C.cream, C.red]);
      plant(f, W - 0.5, D - 0.5);
      break;
    }
    case 'meeting':
      table(f, W / 2, D / 2, Math.min(3, W - 2.2), Math.min(1.2, D - 2.2), true, C.white);
      f.box(W / 2, 0.13, Math.min(2, W - 1), 0.06, 1.1, C.screen, { lift: 0.9, force: true });
      f.spot(W / 2, 0.2, 1.45);
      break;
    case 'restaurant':
    case 'cafe':
    case 'ballroom': {
      const round = room.use !== 'cafe';
      const step = room.use === 'cafe' ? 2.0 : 2.6;
      const cols = Math.max(1, Math.floor((W - 0.6) / step));
      const rows = Math.max(1, Math.floor((D - 1.6) / step));
      for (let j = 0; j < rows; j++) {
        for (let i = 0; i < cols; i++) {
          const u = (W * (i + 0.5)) / cols;
          const v = 0.4 + ((D - 1.4) * (j + 0.5)) / rows;
          if (round) roundTable(f, u, v, room.use === 'ballroom' ? 0.75 : 0.55, room.use === 'ballroom' ? 8 : 4, C.white);
          else table(f, u, v, 0.75, 0.75, true, C.oak);
        }
      }
      f.spot(W / 2, D / 2, 1.3);
      break;
    }
    case 'bar':
      shelves(f, 'left', 0.6, D - 1.6, 1.9, [C.green, C.gold, C.red, C.cream]);
      f.box(1.6, D / 2 - 0.4, 0.6, D - 3.2, 1.05, C.darkWood, { block: true });
      f.box(1.6, D / 2 - 0.4, 0.7, D - 3.1, 0.05, C.oak, { lift: 1.05, force: true });
      f.spot(2.0, D / 2, 1.4);
      for (let v = 2.0; v < D - 2.2; v += 0.8) f.cyl(2.3, v, 0.18, 0.75, C.black);
      for (let v = 1.6; v < D - 1.6; v += 2.2) roundTable(f, W * 0.68, v, 0.4, 3, C.darkWood);
      break;
    case 'shop':
    case 'bookshop':
    case 'showroom':
    case 'store': {
      const goods: Rgb[] =
        room.use === 'bookshop'
          ? [C.red, C.blue, C.cream, C.green, C.darkWood, C.gold]
          : room.use === 'store'
            ? [C.oak, C.cream, C.oak]
            : [C.orange, C.white, C.pink, C.blue, C.green];
      shelves(f, 'far', 0.3, W - 0.3, room.use === 'bookshop' ? 2.2 : 1.8, goods);
      shelves(f, 'left', 1.2, D - 1.4, room.use === 'bookshop' ? 2.2 : 1.8, goods);
      shelves(f, 'right', 1.2, D - 1.4, 1.8, goods);
      if (room.use === 'showroom') {
        for (let v = 2.2; v < D - 1.8; v += 3) {
          f.box(W / 2, v, 2.2, 1.6, 0.2, C.white, { block: true });
          f.box(W / 2, v, 1.6, 0.9, 0.8, ART[Math.floor(rnd() * ART.length)] as Rgb, { lift: 0.2, force: true });
          f.spot(W / 2, v, 1.3);
        }
      } else if (room.use !== 'store') {
        for (let v = 2.2; v < D - 2.2; v += 2.4)
          if (table(f, W / 2, v, Math.min(1.8, W - 3.4), 0.9, false, C.oak)) f.box(W / 2, v, 1.4, 0.6, 0.2, goods[0] as Rgb, { lift: 0.77, force: true });
        f.box(W - 1.2, D - 1.6, 1.4, 0.6, 1.0, C.darkWood, { block: true });
      }
      break;
    }
    case 'gallery':
      frames(f, rnd() > 0.5);
      if (W > 4 && D > 4) {
        f.box(W / 2, D / 2, 1.6, 0.5, 0.45, C.darkWood, { block: true });
        if (rnd() > 0.4) {
          f.box(W / 2, D / 2 - 1.4, 0.6, 0.6, 1.0, C.white, { block: true });
          f.cyl(W / 2, D / 2 - 1.4, 0.2, 0.6, C.stone, 1.0, 0.08);
        }
      }
      break;
    case 'nave':
      rowsOfSeats(f, 2.0, D - 1.8, C.darkWood, true);
      f.spot(W / 2, 1.0, 1.6);
      break;
    case 'apse':
      f.box(W / 2, D / 2, 2.4, 1.0, 1.0, C.white, { block: true, force: true });
      f.box(W / 2, D / 2, 2.5, 1.1, 0.05, C.gold, { lift: 1.0, force: true });
      for (const s of [-1, 1]) f.cyl(W / 2 + s * 0.9, D / 2, 0.04, 0.4, C.cream, 1.05);
      f.spot(W / 2, D / 2, 1.5);
      break;
    case 'chapel':
      f.box(W / 2, 0.7, 1.4, 0.7, 1.0, C.white, { block: true });
      for (let v = 2.2; v < D - 1.4; v += 1.0) f.box(W / 2, v, Math.min(2.4, W - 1.6), 0.45, 0.45, C.darkWood, { block: true });
      break;
    case 'auditorium': {
      const stageDepth = Math.min(5, D * 0.3);
      f.box(W / 2, stageDepth / 2, W - 0.3, stageDepth, 1.0, C.darkWood, { block: true, force: true });
      f.box(W / 2, 0.2, W - 0.3, 0.15, 5, C.red, { lift: 1.0, force: true });
      f.spot(W / 2, stageDepth + 0.3, 1.6);
      rowsOfSeats(f, stageDepth + 1.5, D - 1.2, C.red, false);
      break;
    }
    case 'classroom': {
      f.box(W / 2, 0.12, Math.min(3.6, W - 1.4), 0.05, 1.2, C.board, { lift: 0.9, force: true });
      f.spot(W / 2, 0.3, 1.5);
      f.box(1.2, 1.2, 1.4, 0.7, 0.75, C.oak, { block: true });
      const cols = Math.max(1, Math.floor((W - 1.0) / 1.6));
      for (let v = 2.6; v < D - 1.0; v += 1.5) {
        for (let i = 0; i < cols; i++) {
          const u = 0.5 + ((W - 1.0) * (i + 0.5)) / cols;
          if (f.box(u, v, 1.2, 0.55, 0.72, C.oak, { block: true })) f.box(u, v + 0.5, 0.42, 0.42, 0.45, C.blue, { force: true });
        }
      }
      break;
    }
    case 'library':
      shelves(f, 'far', 0.3, W - 0.3, 2.4, [C.red, C.blue, C.cream, C.green, C.darkWood]);
      shelves(f, 'left', 1.2, D - 1.2, 2.4, [C.red, C.blue, C.cream, C.green, C.darkWood]);
      table(f, W / 2 + 0.4, D / 2, Math.min(2.4, W - 3), 1.0, true);
      break;
    case 'warehouse': {
      for (let u = 1.4; u < W - 1.0; u += 3.4) {
        const from = 1.0;
        const to = D - 3.0;
        if (to - from < 2) break;
        const len = to - from;
        if (!f.box(u, from + len / 2, 1.1, len, 0.08, C.orange, { block: true })) continue;
        for (const y of [0.1, 1.5, 2.9]) {
          f.box(u, from + len / 2, 1.1, len, 0.08, C.orange, { lift: y + 1.2, force: true });
          for (let v = from + 0.7; v < to - 0.5; v += 1.3) f.box(u, v, 1.0, 1.1, 1.0, C.oak, { lift: y, force: true });
        }
        for (const s of [-1, 1])
          for (let v = from; v <= to + 0.01; v += len / Math.max(1, Math.round(len / 3))) f.box(u + (s * 1.1) / 2, v, 0.08, 0.08, 4.2, C.blue, { force: true });
        f.walk(u + 1.7, from + len / 2);
        f.spot(u + 0.6, from + 0.5, 1.5);
      }
      break;
    }
    case 'lobby':
      f.box(W / 2, 1.2, Math.min(3.4, W - 2), 0.7, 1.05, C.darkWood, { block: true });
      f.box(W / 2, 0.13, Math.min(3, W - 2), 0.05, 0.8, C.gold, { lift: 1.6, force: true });
      f.spot(W / 2, 1.6, 1.4);
      if (!sofa(f, 1.0, D / 2, 1.8, C.fabric)) sofa(f, W / 2, D - 2, 2.0, C.fabric);
      table(f, 2.2, D / 2, 0.8, 0.8, false, C.darkWood);
      plant(f, 0.5, 0.5);
      plant(f, W - 0.5, 0.5);
      break;
    case 'great-hall':
      f.box(W / 2, D / 2 + 0.4, 1.1, Math.max(2, D - 5), 0.06, C.darkWood, { lift: 0.74, block: true });
      for (const s of [-1, 1]) f.box(W / 2 + s * 0.85, D / 2 + 0.4, 0.4, Math.max(2, D - 5), 0.45, C.darkWood, { force: true });
      f.box(W / 2, 0.5, 2.0, 0.8, 1.6, C.stone, { block: true });
      f.box(W / 2, 0.75, 1.2, 0.3, 0.9, C.orange, { force: true });
      f.box(W / 2, 0.5, 2.6, 0.9, 0.2, C.stone, { lift: 1.6, force: true });
      f.spot(W / 2, 1.0, 1.6);
      for (let v = 1.8; v < D - 1.6; v += 3) {
        f.box(0.13, v, 0.04, 0.8, 1.8, C.red, { lift: 1.8, force: true });
        f.box(W - 0.13, v, 0.04, 0.8, 1.8, C.blue, { lift: 1.8, force: true });
      }
      break;
    case 'deck':
    case 'terrace':
      for (let u = 0.9; u < Math.min(W - 0.9, 4); u += 1.0) f.box(u, 1.0, 0.65, 1.8, 0.35, C.white, { block: true });
      roundTable(f, W - 1.4, D / 2, 0.45, 3, C.white);
      if (room.use === 'terrace') plant(f, W - 0.5, 0.5);
      break;
    case 'cabin':
      bed(f, W / 2, 0.12, W > 2.8 ? 1.4 : 0.9, C.white);
      break;
    case 'salon':
      sofa(f, W / 2, 0.6, Math.min(2.6, W - 1.4), C.cream, false);
      table(f, W / 2, 1.7, 1.2, 0.6, false, C.darkWood);
      f.spot(W / 2, 1.7, 1.1);
      break;
    case 'tower':
    case 'lamp':
    case 'empty':
      break;
  }
}
