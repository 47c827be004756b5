import type { Rng } from '../prng.ts';
import {
  outlineOf,
  rect,
  round,
  type BuildingSpec,
  type DoorSpec,
  type FloorSpec,
  type RoomSpec,
  type RoomUse,
  type StairSpec,
  type WindowStyle,
} from './building.ts';
import type { Rgb } from './mesh.ts';
import { ROOM_COLORS } from './palette.ts';

/**
 * The corridor plan most buildings share (homes, flats, villas, hotels, schools, offices): a hall
 * across the depth of the building, rooms stacked on either side of it with a door each, a flight
 * of stairs up the middle of the hall, and optional outdoor rooms (terrace, deck) off the first
 * room on the left.
 */

/** A room of a column, with its share of the column's depth. */
export interface Program {
  name: string;
  use: RoomUse;
  weight: number;
}

/** One storey of a corridor plan. */
export interface CorridorFloor {
  name: string;
  left: Program[];
  right: Program[];
  /** The hall's name on this floor ("Entrance hall", "Landing", "Corridor"). */
  hall: string;
  /** Doors between rooms stacked in a column (an open kitchen to its dining room). */
  through?: boolean;
}

/** Options of {@link corridorBuilding}. */
export interface CorridorOptions {
  /** Width of the left column, the hall and the right column (x), metres. */
  left: number;
  hallWidth: number;
  right: number;
  /** Depth (z), metres. */
  depth: number;
  floorHeight: number;
  floors: CorridorFloor[];
  facade: Rgb;
  windows: WindowStyle | null;
  /** An outdoor room south of the left column of the ground floor. */
  outdoor?: { name: string; use: RoomUse; depth: number; width?: number };
  doorWidth?: number;
}

/** Builds the rooms, doors and stairs of a corridor plan. */
export function corridorBuilding(o: CorridorOptions, rng: Rng): BuildingSpec {
  const hx0 = o.left;
  const hx1 = o.left + o.hallWidth;
  const W = hx1 + o.right;
  const D = o.depth;
  const slab = 0.25;
  const floors: FloorSpec[] = o.floors.map((f, i) => ({ index: i, name: f.name, elevation: round(i * (o.floorHeight + slab)), height: o.floorHeight }));
  const rooms: RoomSpec[] = [];
  const doors: DoorSpec[] = [];
  const stairs: StairSpec[] = [];
  const doorWidth = o.doorWidth ?? 0.9;
  const multi = o.floors.length > 1;
  const run = multi ? Math.ceil((o.floorHeight + slab) / 0.19) * 0.26 : 0;
  const stairZ0 = 1.4;
  const stairW = 1.0;
  // Three floors or more: flights side by side, turning back at each floor (a switchback).
  const switchback = o.floors.length > 2;
  const cx = (hx0 + hx1) / 2;
  o.floors.forEach((f, i) => {
    const hallId = `f${i}-hall`;
    const hallUse: RoomUse = 'hall';
    rooms.push({ id: hallId, name: f.hall, floor: i, outline: outlineOf(rect(hx0, 0, hx1, D)), use: hallUse, ...ROOM_COLORS.hall, windows: null });
    if (multi && i < o.floors.length - 1) {
      const sx0 = switchback ? (i % 2 === 0 ? cx - stairW - 0.05 : cx + 0.05) : cx - stairW / 2;
      stairs.push({ floor: i, rect: rect(round(sx0), stairZ0, round(sx0 + stairW), round(stairZ0 + run)), dir: switchback && i % 2 === 1 ? '-z' : '+z' });
    }
    for (const [side, programs] of [
      ['l', f.left],
      ['r', f.right],
    ] as const) {
      if (programs.length === 0) continue;
      const x0 = side === 'l' ? 0 : hx1;
      const x1 = side === 'l' ? hx0 : W;
      const total = programs.reduce((s, p) => s + p.weight, 0);
      let z = 0;
      programs.forEach((p, k) => {
        const z1 = k === programs.length - 1 ? D : round(z + (D * p.weight) / total);
        const id = `f${i}-${side}${k}`;
        const colors = ROOM_COLORS[p.use];
        rooms.push({ id, name: p.name, floor: i, outline: outlineOf(rect(x0, z, x1, z1)), use: p.use, ...colors, tint: 0.96 + rng.next() * 0.08 });
        // Door to the hall, off the stair's landing zone.
        const mid = round((z + z1) / 2);
        doors.push({ floor: i, at: [side === 'l' ? hx0 : hx1, mid], width: doorWidth, height: 2.1 });
        if (f.through && k > 0) doors.push({ floor: i, at: [round((x0 + x1) / 2), z], width: 1.4, height: 2.2 });
        z = z1;
      });
    }
  });
  // The visit starts in the main room (living room, lobby, first classroom…), just inside its door.
  const main = (['living', 'lobby', 'office', 'classroom', 'auditorium', 'restaurant'] as RoomUse[])
    .map((use) => rooms.find((r) => r.floor === 0 && r.use === use))
    .find((r) => r);
  let entrance = 'f0-hall';
  let start: [number, number] = [round((hx0 + hx1) / 2), D - 0.8];
  if (main) {
    const zs = main.outline.map((p) => p[1]);
    const mid = round((Math.min(...zs) + Math.max(...zs)) / 2);
    const left = main.outline.some((p) => p[0] < hx0 - 0.01);
    entrance = main.id;
    start = [left ? hx0 - 1 : hx1 + 1, mid];
  }
  // The way in: the south end of the hall.
  doors.push({ floor: 0, at: [round((hx0 + hx1) / 2), D], width: 1.1, height: 2.2 });
  if (o.outdoor) {
    const w = o.outdoor.width ?? o.left;
    rooms.push({
      id: 'f0-out',
      name: o.outdoor.name,
      floor: 0,
      outline: outlineOf(rect(0, D, w, D + o.outdoor.depth)),
      use: o.outdoor.use,
      ...ROOM_COLORS[o.outdoor.use],
      open: true,
    });
    doors.push({ floor: 0, at: [round(Math.min(w, o.left) / 2), D], width: 1.6, height: 2.3 });
  }
  return { floors, rooms, doors, stairs, entrance, start, facade: o.facade, windows: o.windows };
}
