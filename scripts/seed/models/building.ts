import type { MeshBuilder, Rgb } from './mesh.ts';

/**
 * What an archetype builder describes (floors, rooms, doors, stairs, furniture recipes) before
 * ./assemble.ts turns it into walls, slabs, ceilings, sweeps and a layout.
 */

/** A point on the plan, `[x, z]` metres. */
export type P2 = [number, number];

/** An axis-aligned rectangle on the plan. */
export interface Rect {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

/** How a room is furnished (./furnish.ts has one recipe per use). */
export type RoomUse =
  | 'living'
  | 'kitchen'
  | 'dining'
  | 'bedroom'
  | 'bathroom'
  | 'hall'
  | 'study'
  | 'gallery'
  | 'office'
  | 'meeting'
  | 'restaurant'
  | 'bar'
  | 'cafe'
  | 'shop'
  | 'fashion'
  | 'grocery'
  | 'bookshop'
  | 'showroom'
  | 'store'
  | 'nave'
  | 'apse'
  | 'chapel'
  | 'auditorium'
  | 'foyer'
  | 'classroom'
  | 'library'
  | 'warehouse'
  | 'lobby'
  | 'great-hall'
  | 'lamp'
  | 'tower'
  | 'deck'
  | 'cabin'
  | 'salon'
  | 'terrace'
  | 'ballroom'
  | 'empty';

/** Windows of a room's outside walls. */
export interface WindowStyle {
  width: number;
  sill: number;
  head: number;
  /** Centre-to-centre distance. */
  spacing: number;
}

/** One room: a simple polygon on one floor. */
export interface RoomSpec {
  id: string;
  name: string;
  floor: number;
  outline: P2[];
  use: RoomUse;
  /** Wall colour inside (sRGB). */
  wall: Rgb;
  /** Floor colour (sRGB). */
  ground: Rgb;
  /** Outdoors (deck, terrace): railings instead of walls, no ceiling. */
  open?: boolean;
  /** Windows on its outside walls; `null` for none. Defaults to the building's. */
  windows?: WindowStyle | null;
  /** Light of the room (1 = neutral). */
  tint?: number;
  /** Its outside walls' colour, when not the building's. */
  facade?: Rgb;
  /** Windows on every n-th edge only (round towers). */
  windowEvery?: number;
}

/** One storey. */
export interface FloorSpec {
  index: number;
  name: string;
  elevation: number;
  height: number;
}

/** An opening in a wall line: every room edge through `at` gets it. */
export interface DoorSpec {
  floor: number;
  at: P2;
  width: number;
  height: number;
}

/** A flight from one floor up to the next, inside `rect`, climbing towards `dir`. */
export interface StairSpec {
  floor: number;
  rect: Rect;
  dir: '+x' | '-x' | '+z' | '-z';
}

/** Tools a furnishing or decoration recipe gets. */
export interface FurnishTools {
  /** The floor's mesh (node `floor-<i>`). */
  mesh: MeshBuilder;
  /** The floor's ceiling mesh (node `ceiling-<i>`). */
  ceiling: MeshBuilder;
  /** The site mesh (ground, outside decoration). */
  site: MeshBuilder;
  /** The floor's level, metres. */
  floorY: number;
  /** How far the walls' inner faces stand in from the room's outline, metres. */
  wall: number;
  /** Marks a footprint where no sweep may stand. */
  block(r: Rect): void;
  /** Adds a tag spot at `[x, y, z]` in the room. */
  spot(p: [number, number, number]): void;
  /** Suggests a place for a sweep (an aisle between pews or racks). */
  walk?(p: P2): void;
  next(): number;
}

/**
 * A spiral stair from `floor` up to the next one, round a post at (cx, cz) inside a well of radius
 * `r` (a hole in the floor above, with a railing); it starts at `angle` (radians, x towards z).
 */
export interface SpiralSpec {
  floor: number;
  cx: number;
  cz: number;
  r: number;
  angle: number;
}

/** The whole description of a building. */
export interface BuildingSpec {
  floors: FloorSpec[];
  rooms: RoomSpec[];
  doors: DoorSpec[];
  stairs: StairSpec[];
  spirals?: SpiralSpec[];
  /** Where the visit starts: a room, and the point in it the first sweep should be nearest to. */
  entrance: string;
  start?: P2;
  /** What the first view faces (the room's centre by default): an altar, a stage. */
  look?: P2;
  /** Outside colour of the walls. */
  facade: Rgb;
  windows: WindowStyle | null;
  /** Roofs, hulls, ground, towers: drawn after the rooms. */
  decorate?: (tools: FurnishTools & { meshOf(floor: number): MeshBuilder; ceilingOf(floor: number): MeshBuilder }) => void;
  /** Furniture recipes of special rooms (by room id), instead of the room use's. */
  furnish?: Record<string, (room: RoomSpec, tools: FurnishTools) => void>;
  /** A wall thickness, metres. */
  wallThickness?: number;
  /** No flat roof over the top floor (the decoration draws one). */
  ownRoof?: boolean;
}

/** Rectangle helpers. */
export const rect = (x0: number, z0: number, x1: number, z1: number): Rect => ({ x0, z0, x1, z1 });
/** The outline of a rectangle, counter-clockwise on the plan (x right, z down). */
export const outlineOf = (r: Rect): P2[] => [
  [r.x0, r.z0],
  [r.x1, r.z0],
  [r.x1, r.z1],
  [r.x0, r.z1],
];
/** The bounding rectangle of an outline. */
export function boundsOf(outline: readonly P2[]): Rect {
  const xs = outline.map((p) => p[0]);
  const zs = outline.map((p) => p[1]);
  return { x0: Math.min(...xs), z0: Math.min(...zs), x1: Math.max(...xs), z1: Math.max(...zs) };
}
/** A regular polygon approximating a circle. */
export function circle(cx: number, cz: number, r: number, sides: number, phase = 0): P2[] {
  return Array.from({ length: sides }, (_, i) => {
    const a = phase + (i / sides) * Math.PI * 2;
    return [round(cx + Math.cos(a) * r), round(cz + Math.sin(a) * r)] as P2;
  });
}
/** Rounds to millimetres (stable numbers in the layout). */
export const round = (v: number): number => Math.round(v * 1000) / 1000;

/** Signed area on the plan (positive: counter-clockwise with x right and z down as drawn by outlineOf). */
export function signedArea(o: readonly P2[]): number {
  let a = 0;
  for (let i = 0; i < o.length; i++) {
    const p = o[i] as P2;
    const q = o[(i + 1) % o.length] as P2;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a / 2;
}

/** Whether a plan point is inside a polygon (even-odd rule). */
export function insidePolygon(x: number, z: number, o: readonly P2[]): boolean {
  let inside = false;
  for (let i = 0, j = o.length - 1; i < o.length; j = i++) {
    const [xi, zi] = o[i] as P2;
    const [xj, zj] = o[j] as P2;
    if (zi > z !== zj > z && x < ((xj - xi) * (z - zi)) / (zj - zi) + xi) inside = !inside;
  }
  return inside;
}
