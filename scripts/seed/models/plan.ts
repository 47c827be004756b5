import {
  outlineOf,
  round,
  type BuildingSpec,
  type DoorSpec,
  type FloorSpec,
  type P2,
  type Rect,
  type RoomSpec,
  type RoomUse,
  type StairSpec,
  type WindowStyle,
} from './building.ts';
import type { Rgb } from './mesh.ts';
import { ROOM_COLORS } from './palette.ts';

/**
 * A plan drawn room by room (halls, churches, castles, yachts): rooms as rectangles or polygons,
 * doors named by the two rooms they join (placed in the middle of their common wall).
 */

/** One room of a {@link PlanOptions}. */
export interface PlanRoom {
  id: string;
  name: string;
  use: RoomUse;
  floor?: number;
  rect?: Rect;
  outline?: P2[];
  open?: boolean;
  windows?: WindowStyle | null;
  wall?: Rgb;
  ground?: Rgb;
  tint?: number;
}

/** Options of {@link planBuilding}. */
export interface PlanOptions {
  floors: { name: string; height: number; elevation?: number }[];
  rooms: PlanRoom[];
  /** Doors: the two rooms, the width, and optionally the height (2.1 m by default). */
  doors: [string, string, number, number?][];
  /** A way in: the room, the point on its outside wall, the width. */
  entry: [string, P2, number];
  stairs?: StairSpec[];
  facade: Rgb;
  windows: WindowStyle | null;
  wallThickness?: number;
  /** Where the first sweep should be (defaults to just inside the way in). */
  start?: P2;
  /** The room the visit starts in (defaults to the way in's) and what it looks at first. */
  startRoom?: string;
  look?: P2;
}

/** The common stretch of two outlines' edges (the wall they share), as its middle point. */
export function sharedMiddle(a: readonly P2[], b: readonly P2[]): P2 | null {
  let best: { mid: P2; len: number } | null = null;
  for (let i = 0; i < a.length; i++) {
    const p = a[i] as P2;
    const q = a[(i + 1) % a.length] as P2;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (len < 1e-6) continue;
    const d: P2 = [(q[0] - p[0]) / len, (q[1] - p[1]) / len];
    const along = (r: P2): number => (r[0] - p[0]) * d[0] + (r[1] - p[1]) * d[1];
    const off = (r: P2): number => Math.abs((r[0] - p[0]) * d[1] - (r[1] - p[1]) * d[0]);
    for (let k = 0; k < b.length; k++) {
      const c = b[k] as P2;
      const e = b[(k + 1) % b.length] as P2;
      if (off(c) > 0.02 || off(e) > 0.02) continue;
      const s0 = Math.max(0, Math.min(along(c), along(e)));
      const s1 = Math.min(len, Math.max(along(c), along(e)));
      if (s1 - s0 > 0.3 && (!best || s1 - s0 > best.len)) {
        const m = (s0 + s1) / 2;
        best = { mid: [round(p[0] + d[0] * m), round(p[1] + d[1] * m)], len: s1 - s0 };
      }
    }
  }
  return best?.mid ?? null;
}

/** Builds the rooms and doors of a plan. */
export function planBuilding(o: PlanOptions): BuildingSpec {
  let y = 0;
  const floors: FloorSpec[] = o.floors.map((f, i) => {
    const elevation = f.elevation ?? y;
    y = elevation + f.height + 0.3;
    return { index: i, name: f.name, elevation: round(elevation), height: f.height };
  });
  const rooms: RoomSpec[] = o.rooms.map((r) => {
    const colors = ROOM_COLORS[r.use];
    const room: RoomSpec = {
      id: r.id,
      name: r.name,
      floor: r.floor ?? 0,
      outline: r.outline ?? outlineOf(r.rect as Rect),
      use: r.use,
      wall: r.wall ?? colors.wall,
      ground: r.ground ?? colors.ground,
    };
    if (r.open) room.open = true;
    if (r.windows !== undefined) room.windows = r.windows;
    if (r.tint !== undefined) room.tint = r.tint;
    return room;
  });
  const byId = new Map(rooms.map((r) => [r.id, r]));
  const doors: DoorSpec[] = o.doors.map(([a, b, width, height]) => {
    const ra = byId.get(a);
    const rb = byId.get(b);
    const at = ra && rb ? sharedMiddle(ra.outline, rb.outline) : null;
    if (!ra || !rb || !at) throw new Error(`No wall between rooms ${a} and ${b} for a door.`);
    return { floor: ra.floor, at, width, height: height ?? 2.1 };
  });
  const [entryRoom, at, width] = o.entry;
  doors.push({ floor: byId.get(entryRoom)?.floor ?? 0, at, width, height: 2.4 });
  const spec: BuildingSpec = { floors, rooms, doors, stairs: o.stairs ?? [], entrance: entryRoom, facade: o.facade, windows: o.windows };
  const er = byId.get(entryRoom);
  if (o.start) spec.start = o.start;
  else if (er) {
    const cx = er.outline.reduce((s, p) => s + p[0], 0) / er.outline.length;
    const cz = er.outline.reduce((s, p) => s + p[1], 0) / er.outline.length;
    const len = Math.hypot(cx - at[0], cz - at[1]) || 1;
    spec.start = [at[0] + ((cx - at[0]) / len) * 1.2, at[1] + ((cz - at[1]) / len) * 1.2];
  }
  if (o.wallThickness !== undefined) spec.wallThickness = o.wallThickness;
  if (o.startRoom) spec.entrance = o.startRoom;
  if (o.look) spec.look = o.look;
  return spec;
}
