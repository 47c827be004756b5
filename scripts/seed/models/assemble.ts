import { EYE_HEIGHT, type TourLayout } from '../../../src/domain/tour.ts';
import type { Rng } from '../prng.ts';
import { boundsOf, insidePolygon, round, signedArea, type BuildingSpec, type FurnishTools, type P2, type Rect } from './building.ts';
import { furnishRoom } from './furnish.ts';
import { layoutOf } from './layout.ts';
import { MeshBuilder, type Rgb, type Shade } from './mesh.ts';

/**
 * Turns a {@link BuildingSpec} into meshes (walls with doors and windows, floor slabs, ceilings,
 * stairs, furniture) and the tour layout (rooms, sweeps and their links, tag spots, start view).
 */

/** The meshes of a model, by node name (see README.md). */
export interface Assembled {
  floors: { index: number; structure: MeshBuilder; ceiling: MeshBuilder }[];
  site: MeshBuilder;
  layout: TourLayout;
}

const CAP: Rgb = [70, 68, 66];
const PANE: Rgb = [196, 222, 238];
const RAIL: Rgb = [205, 215, 222];
const STAIR: Rgb = [150, 110, 78];
const ROOF: Rgb = [120, 118, 116];
const CEILING: Rgb = [240, 238, 232];

type Interval = [number, number];

interface Piece {
  u: number;
  v: number;
  kind: 'solid' | 'door' | 'window';
  exterior: boolean;
  top?: number;
  sill?: number;
  head?: number;
}

function subtract(whole: Interval, cuts: Interval[]): Interval[] {
  let out: Interval[] = [whole];
  for (const [c0, c1] of cuts) {
    out = out.flatMap(([u, v]): Interval[] => {
      if (c1 <= u || c0 >= v) return [[u, v]];
      const parts: Interval[] = [];
      if (c0 > u) parts.push([u, c0]);
      if (c1 < v) parts.push([c1, v]);
      return parts;
    });
  }
  return out.filter(([u, v]) => v - u > 1e-3);
}

/** Builds the meshes and the layout of a building. */
/** What the passes of {@link assemble} share: the spec, the meshes, and what the layout will need. */
interface Context {
  spec: BuildingSpec;
  /** Wall thickness. */
  T: number;
  site: MeshBuilder;
  floors: Assembled['floors'];
  floorOf: (i: number) => BuildingSpec['floors'][number];
  meshes: (i: number) => Assembled['floors'][number];
  top: number;
  /** Height of a floor's walls: up to the next floor's level (through the slab), or its own height on top. */
  wallTop: (i: number) => number;
  addSolid: (floor: number, a: P2, b: P2) => void;
  block: (floor: number, r: Rect) => void;
  spots: TourLayout['tagSpots'];
  walks: { floor: number; p: P2 }[];
  wallSpots: Map<string, { p: [number, number, number]; len: number }>;
  stairEnds: { lower: P2; upper: P2; floor: number }[];
}

/** Builds the meshes and the layout of a building. */
export function assemble(spec: BuildingSpec, rng: Rng): Assembled {
  const T = spec.wallThickness ?? 0.2;
  const site = new MeshBuilder();
  const floors = spec.floors.map((f) => ({ index: f.index, structure: new MeshBuilder(), ceiling: new MeshBuilder() }));
  const floorOf = (i: number) => spec.floors[i] as BuildingSpec['floors'][number];
  const meshes = (i: number) => floors[i] as Assembled['floors'][number];
  const top = spec.floors.length - 1;
  const wallTop = (i: number): number => (i < top ? floorOf(i + 1).elevation - floorOf(i).elevation : floorOf(i).height);
  const solids: Map<number, [P2, P2][]> = new Map();
  const obstacles: Map<number, Rect[]> = new Map();
  const spots: TourLayout['tagSpots'] = [];
  const walks: { floor: number; p: P2 }[] = [];
  const wallSpots = new Map<string, { p: [number, number, number]; len: number }>();
  const addSolid = (floor: number, a: P2, b: P2): void => {
    const list = solids.get(floor) ?? [];
    list.push([a, b]);
    solids.set(floor, list);
  };
  const block = (floor: number, r: Rect): void => {
    const list = obstacles.get(floor) ?? [];
    list.push(r);
    obstacles.set(floor, list);
  };

  const c: Context = { spec, T, site, floors, floorOf, meshes, top, wallTop, addSolid, block, spots, walks, wallSpots, stairEnds: [] };
  walls(c);
  slabs(c);
  stairs(c);
  spiralStairs(c);
  furnishAll(c, rng);
  const layout = layoutOf(spec, {
    solids,
    obstacles,
    stairEnds: c.stairEnds,
    spots,
    walks,
    wallSpots,
    meshes: floors.flatMap((x) => [x.structure, x.ceiling]),
  });
  return { floors, site, layout };
}

/** Walls, railings, doors and windows, one room edge at a time. */
function walls(c: Context): void {
  const { spec, T, floorOf, meshes, wallTop, addSolid, wallSpots } = c;
  for (const room of spec.rooms) {
    const f = floorOf(room.floor);
    const height = wallTop(room.floor);
    const ccw = signedArea(room.outline) > 0;
    const shade: Shade = { floorY: f.elevation, ceilY: f.elevation + f.height, tint: room.tint ?? 1 };
    const mesh = meshes(room.floor).structure;
    const others = spec.rooms.filter((r) => r !== room && r.floor === room.floor);
    const windows = room.windows === undefined ? spec.windows : room.windows;
    room.outline.forEach((a, i) => {
      const b = room.outline[(i + 1) % room.outline.length] as P2;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len < 0.05) return;
      const d: P2 = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
      const n: P2 = ccw ? [-d[1], d[0]] : [d[1], -d[0]];
      const along = (p: P2): number => (p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1];
      const off = (p: P2): number => Math.abs((p[0] - a[0]) * d[1] - (p[1] - a[1]) * d[0]);
      const sharedClosed: Interval[] = [];
      const sharedOpen: Interval[] = [];
      for (const o of others) {
        o.outline.forEach((c, k) => {
          const e = o.outline[(k + 1) % o.outline.length] as P2;
          if (off(c) > 0.02 || off(e) > 0.02) return;
          const s0 = Math.max(0, Math.min(along(c), along(e)));
          const s1 = Math.min(len, Math.max(along(c), along(e)));
          if (s1 - s0 > 0.05) (o.open ? sharedOpen : sharedClosed).push([s0, s1]);
        });
      }
      const through = spec.doors.filter((dr) => dr.floor === room.floor && off(dr.at) < 0.05 && along(dr.at) > -0.01 && along(dr.at) < len + 0.01);
      const doors: Interval[] = through.map((dr) => [Math.max(0, along(dr.at) - dr.width / 2), Math.min(len, along(dr.at) + dr.width / 2)]);
      const exterior = subtract([0, len], [...sharedClosed, ...(room.open ? sharedOpen : [])]);
      const pieces: Piece[] = [];
      const cuts: { u: number; v: number; kind: 'door' | 'window'; top?: number; sill?: number; head?: number }[] = doors.map((x, k) => ({
        u: x[0],
        v: x[1],
        kind: 'door',
        top: through[k]?.height ?? 2.1,
      }));
      if (!room.open && windows && i % (room.windowEvery ?? 1) === 0) {
        for (const [u, v] of exterior) {
          const span = v - u;
          if (span < windows.width + 0.25) continue;
          const count = Math.max(1, Math.floor(span / windows.spacing));
          for (let j = 0; j < count; j++) {
            const c = u + (span * (j + 0.5)) / count;
            const w0 = c - windows.width / 2;
            const w1 = c + windows.width / 2;
            if (doors.some(([d0, d1]) => w1 > d0 - 0.3 && w0 < d1 + 0.3)) continue;
            cuts.push({ u: w0, v: w1, kind: 'window', sill: windows.sill, head: Math.min(windows.head, f.height - 0.15) });
          }
        }
      }
      const marks = new Set<number>([0, len, ...exterior.flat(), ...cuts.flatMap((c) => [c.u, c.v])]);
      const sorted = [...marks].filter((m) => m >= 0 && m <= len).sort((x, y) => x - y);
      for (let k = 0; k + 1 < sorted.length; k++) {
        const u = sorted[k] as number;
        const v = sorted[k + 1] as number;
        if (v - u < 1e-3) continue;
        const m = (u + v) / 2;
        const isExterior = exterior.some(([x, y]) => m > x && m < y);
        const inOpen = sharedOpen.some(([x, y]) => m > x && m < y);
        const cut = cuts.find((c) => m > c.u && m < c.v);
        if (room.open && !isExterior) continue; // the closed room beside draws that wall
        if (!room.open && !isExterior && inOpen) continue;
        const piece: Piece = { u, v, kind: cut?.kind ?? 'solid', exterior: isExterior };
        if (cut?.top !== undefined) piece.top = cut.top;
        if (cut?.sill !== undefined) piece.sill = cut.sill;
        if (cut?.head !== undefined) piece.head = cut.head;
        pieces.push(piece);
      }
      const angle = Math.atan2(d[1], d[0]);
      const roomFace = ccw ? 4 : 5;
      for (const p of pieces) {
        const pa: P2 = [a[0] + d[0] * p.u, a[1] + d[1] * p.u];
        const pb: P2 = [a[0] + d[0] * p.v, a[1] + d[1] * p.v];
        if (p.kind !== 'door') addSolid(room.floor, pa, pb);
        // Every wall's inner face is T/2 in from the outline: shared walls are two halves back to
        // back, outside walls straddle the outline.
        const thick = room.open ? 0.06 : p.exterior ? T : T / 2;
        const shift = room.open ? 0.03 : p.exterior ? 0 : T / 4;
        const mid = (p.u + p.v) / 2;
        const cx = a[0] + d[0] * mid + n[0] * shift;
        const cz = a[1] + d[1] * mid + n[1] * shift;
        const half = (p.v - p.u) / 2;
        const out = p.exterior ? (room.facade ?? spec.facade) : room.wall;
        const faces: Rgb[] = [out, out, CAP, out, out, out];
        faces[roomFace] = room.wall;
        const slab = (y0: number, y1: number, colors: Rgb | Rgb[], t = thick): void => {
          if (y1 - y0 > 0.005) mesh.box([cx, f.elevation + (y0 + y1) / 2, cz], [half, (y1 - y0) / 2, t / 2], colors, shade, angle);
        };
        if (room.open) {
          slab(0, 1.0, RAIL);
          continue;
        }
        if (p.kind === 'solid') slab(0, height, faces);
        else if (p.kind === 'door') slab(Math.min(p.top ?? 2.1, height), height, faces);
        else {
          slab(0, p.sill ?? 0.9, faces);
          slab(p.head ?? 2.2, height, faces);
          mesh.box(
            [cx, f.elevation + ((p.sill ?? 0.9) + (p.head ?? 2.2)) / 2, cz],
            [half, ((p.head ?? 2.2) - (p.sill ?? 0.9)) / 2, 0.03],
            PANE,
            { ...shade, outside: true },
            angle,
          );
        }
        if (p.kind === 'solid' && !room.open) {
          const best = wallSpots.get(room.id);
          const inset = T / 2 + 0.12;
          if (!best || p.v - p.u > best.len) {
            wallSpots.set(room.id, {
              p: [round(a[0] + d[0] * mid + n[0] * inset), round(f.elevation + EYE_HEIGHT - 0.1), round(a[1] + d[1] * mid + n[1] * inset)],
              len: p.v - p.u,
            });
          }
        }
      }
      if (room.open) for (const p of pieces) addSolid(room.floor, [a[0] + d[0] * p.u, a[1] + d[1] * p.u], [a[0] + d[0] * p.v, a[1] + d[1] * p.v]);
    });
  }
}

/** Floors and ceilings (roofs on top), leaving the stairwells open. */
function slabs(c: Context): void {
  const { spec, floorOf, meshes, top, wallTop } = c;
  const holesOf = (floor: number): Rect[] => spec.stairs.filter((s) => s.floor === floor).map((s) => s.rect);
  for (const room of spec.rooms) {
    const f = floorOf(room.floor);
    const { structure, ceiling } = meshes(room.floor);
    const shade: Shade = { floorY: f.elevation, ceilY: f.elevation + f.height, outline: room.outline, tint: room.tint ?? 1 };
    const isRect =
      room.outline.length === 4 &&
      room.outline.every((p, i) => {
        const q = room.outline[(i + 1) % 4] as P2;
        return Math.abs(p[0] - q[0]) < 1e-6 || Math.abs(p[1] - q[1]) < 1e-6;
      });
    const wellOf = (floor: number) => (spec.spirals ?? []).find((w) => w.floor === floor && insidePolygon(w.cx, w.cz, room.outline));
    const paint = (mesh: MeshBuilder, y: number, color: Rgb, down: boolean, holes: Rect[], s: Shade, well?: { cx: number; cz: number; r: number }): void => {
      if (well) {
        mesh.annulus(room.outline, well.cx, well.cz, well.r, y, color, s, down);
        return;
      }
      if (!isRect) {
        mesh.disc(room.outline, y, color, s, down);
        return;
      }
      let parts: Rect[] = [boundsOf(room.outline)];
      for (const h of holes) {
        parts = parts.flatMap((r) => {
          if (h.x1 <= r.x0 || h.x0 >= r.x1 || h.z1 <= r.z0 || h.z0 >= r.z1) return [r];
          const out: Rect[] = [];
          if (h.z0 > r.z0) out.push({ ...r, z1: h.z0 });
          if (h.z1 < r.z1) out.push({ ...r, z0: h.z1 });
          const z0 = Math.max(r.z0, h.z0);
          const z1 = Math.min(r.z1, h.z1);
          if (h.x0 > r.x0) out.push({ x0: r.x0, x1: h.x0, z0, z1 });
          if (h.x1 < r.x1) out.push({ x0: h.x1, x1: r.x1, z0, z1 });
          return out;
        });
      }
      for (const r of parts) mesh.grid(r.x0, r.z0, r.x1, r.z1, y, color, s, down);
    };
    paint(structure, f.elevation, room.ground, false, room.floor > 0 ? holesOf(room.floor - 1) : [], shade, wellOf(room.floor - 1));
    if (!room.open) {
      paint(ceiling, f.elevation + f.height, CEILING, true, holesOf(room.floor), shade, wellOf(room.floor));
      if (room.floor === top && !spec.ownRoof) paint(ceiling, f.elevation + wallTop(room.floor) + 0.02, ROOF, false, [], { floorY: 0, outside: true });
    }
  }
}

/** Straight flights: solid steps, railings round the well above, sweeps at both ends. */
function stairs(c: Context): void {
  const { spec, floorOf, meshes, addSolid, block, walks, stairEnds } = c;
  const dirVec = { '+x': [1, 0], '-x': [-1, 0], '+z': [0, 1], '-z': [0, -1] } as const;
  for (const s of spec.stairs) {
    const f = floorOf(s.floor);
    const rise = floorOf(s.floor + 1).elevation - f.elevation;
    const steps = Math.ceil(rise / 0.19);
    const [dx, dz] = dirVec[s.dir];
    const alongX = dx !== 0;
    const run = alongX ? s.rect.x1 - s.rect.x0 : s.rect.z1 - s.rect.z0;
    const width = alongX ? s.rect.z1 - s.rect.z0 : s.rect.x1 - s.rect.x0;
    const start = alongX ? (dx > 0 ? s.rect.x0 : s.rect.x1) : dz > 0 ? s.rect.z0 : s.rect.z1;
    const sign = alongX ? dx : dz;
    const mid = alongX ? (s.rect.z0 + s.rect.z1) / 2 : (s.rect.x0 + s.rect.x1) / 2;
    const mesh = meshes(s.floor).structure;
    const shade: Shade = { floorY: f.elevation };
    for (let k = 0; k < steps; k++) {
      const c = start + (sign * ((k + 0.5) * run)) / steps;
      const h = ((k + 1) * rise) / steps;
      const centre: [number, number, number] = alongX ? [c, f.elevation + h / 2, mid] : [mid, f.elevation + h / 2, c];
      const halves: [number, number, number] = alongX ? [run / steps / 2, h / 2, width / 2] : [width / 2, h / 2, run / steps / 2];
      mesh.box(centre, halves, STAIR, shade);
    }
    block(s.floor, s.rect);
    block(s.floor + 1, s.rect);
    const up = floorOf(s.floor + 1);
    const upper = meshes(s.floor + 1).structure;
    const rail = (x0: number, z0: number, x1: number, z1: number): void => {
      upper.box([(x0 + x1) / 2, up.elevation + 0.5, (z0 + z1) / 2], [Math.max(0.03, (x1 - x0) / 2), 0.5, Math.max(0.03, (z1 - z0) / 2)], RAIL, {
        floorY: up.elevation,
      });
      addSolid(s.floor + 1, [x0, z0], [x1, z1]);
    };
    const r = s.rect;
    // Nobody walks through a flight from the side on the floor below either.
    if (alongX) {
      addSolid(s.floor, [r.x0, r.z0], [r.x1, r.z0]);
      addSolid(s.floor, [r.x0, r.z1], [r.x1, r.z1]);
    } else {
      addSolid(s.floor, [r.x0, r.z0], [r.x0, r.z1]);
      addSolid(s.floor, [r.x1, r.z0], [r.x1, r.z1]);
    }
    if (alongX) {
      rail(r.x0, r.z0, r.x1, r.z0);
      rail(r.x0, r.z1, r.x1, r.z1);
      if (dx > 0) rail(r.x0, r.z0, r.x0, r.z1);
      else rail(r.x1, r.z0, r.x1, r.z1);
    } else {
      rail(r.x0, r.z0, r.x0, r.z1);
      rail(r.x1, r.z0, r.x1, r.z1);
      if (dz > 0) rail(r.x0, r.z0, r.x1, r.z0);
      else rail(r.x0, r.z1, r.x1, r.z1);
    }
    for (const fl of [s.floor, s.floor + 1]) {
      for (const [x, z] of [
        [r.x0 - 0.45, r.z0 - 0.45],
        [r.x1 + 0.45, r.z0 - 0.45],
        [r.x0 - 0.45, r.z1 + 0.45],
        [r.x1 + 0.45, r.z1 + 0.45],
      ] as const)
        walks.push({ floor: fl, p: [x, z] });
    }
    const end = start + sign * run;
    const lower: P2 = alongX ? [start - sign * 0.7, mid] : [mid, start - sign * 0.7];
    const upperEnd: P2 = alongX ? [end + sign * 0.7, mid] : [mid, end + sign * 0.7];
    stairEnds.push({ lower, upper: upperEnd, floor: s.floor });
  }
}

/** Spiral stairs: a post, wedge steps round it, a railing round the well above with a gap where they arrive. */
function spiralStairs(c: Context): void {
  const { spec, floorOf, meshes, top, addSolid, block, walks, stairEnds } = c;
  for (const w of spec.spirals ?? []) {
    const f = floorOf(w.floor);
    const up = floorOf(w.floor + 1);
    const rise = up.elevation - f.elevation;
    const steps = Math.ceil(rise / 0.2);
    const turn = (Math.PI * 2 * 0.85) / steps;
    const mesh = meshes(w.floor).structure;
    const shade: Shade = { floorY: f.elevation };
    mesh.cylinder([w.cx, f.elevation, w.cz], 0.12, rise + (w.floor + 1 === top ? 1.2 : 0), STAIR, shade, 8);
    for (let k = 0; k < steps; k++) {
      const a = w.angle + k * turn;
      const rr = (w.r - 0.05 + 0.1) / 2;
      const h = f.elevation + ((k + 1) * rise) / steps;
      mesh.box([w.cx + Math.cos(a) * rr, h - 0.04, w.cz + Math.sin(a) * rr], [rr, 0.04, Math.max(0.16, Math.tan(turn / 2) * w.r)], STAIR, shade, a);
    }
    block(w.floor, { x0: w.cx - w.r, z0: w.cz - w.r, x1: w.cx + w.r, z1: w.cz + w.r });
    block(w.floor + 1, { x0: w.cx - w.r, z0: w.cz - w.r, x1: w.cx + w.r, z1: w.cz + w.r });
    const arrive = w.angle + (steps - 1) * turn;
    const upper = meshes(w.floor + 1).structure;
    const sides = 14;
    for (let k = 0; k < sides; k++) {
      const a0 = (k / sides) * Math.PI * 2;
      const a1 = ((k + 1) / sides) * Math.PI * 2;
      const mid = (a0 + a1) / 2;
      const gap = Math.atan2(Math.sin(mid - arrive - 0.35), Math.cos(mid - arrive - 0.35));
      if (Math.abs(gap) < 0.5) continue;
      const pa: P2 = [w.cx + Math.cos(a0) * w.r, w.cz + Math.sin(a0) * w.r];
      const pb: P2 = [w.cx + Math.cos(a1) * w.r, w.cz + Math.sin(a1) * w.r];
      addSolid(w.floor, pa, pb);
      const len = Math.hypot(pb[0] - pa[0], pb[1] - pa[1]);
      upper.box(
        [(pa[0] + pb[0]) / 2, up.elevation + 0.5, (pa[1] + pb[1]) / 2],
        [len / 2, 0.5, 0.03],
        RAIL,
        { floorY: up.elevation },
        Math.atan2(pb[1] - pa[1], pb[0] - pa[0]),
      );
      addSolid(w.floor + 1, pa, pb);
    }
    const at = (a: number): P2 => [w.cx + Math.cos(a) * (w.r + 0.55), w.cz + Math.sin(a) * (w.r + 0.55)];
    for (const fl of [w.floor, w.floor + 1]) {
      for (let k = 0; k < 8; k++)
        walks.push({ floor: fl, p: [w.cx + Math.cos(w.angle + (k * Math.PI) / 4) * (w.r + 0.8), w.cz + Math.sin(w.angle + (k * Math.PI) / 4) * (w.r + 0.8)] });
    }
    stairEnds.push({ lower: at(w.angle - 0.3), upper: at(arrive + 0.35), floor: w.floor });
  }
}

/** Furniture of every room, then the decoration (roofs, hulls, ground). */
function furnishAll(c: Context, rng: Rng): void {
  const { spec, T, site, floorOf, meshes, top, block, spots, walks } = c;
  for (const room of spec.rooms) {
    const f = floorOf(room.floor);
    const tools: FurnishTools = {
      floorY: f.elevation,
      wall: T / 2,
      mesh: meshes(room.floor).structure,
      ceiling: meshes(room.floor).ceiling,
      site,
      block: (r) => block(room.floor, r),
      spot: (p) => spots.push({ position: [round(p[0]), round(p[1]), round(p[2])], floor: room.floor, room: room.id }),
      walk: (p) => walks.push({ floor: room.floor, p }),
      next: () => rng.next(),
    };
    const recipe = spec.furnish?.[room.id];
    if (recipe) recipe(room, tools);
    else
      furnishRoom(
        room,
        f,
        spec.doors.filter((d) => d.floor === room.floor),
        tools,
      );
  }
  spec.decorate?.({
    floorY: 0,
    wall: T / 2,
    mesh: meshes(0).structure,
    ceiling: meshes(top).ceiling,
    site,
    block: (r) => block(0, r),
    spot: () => undefined,
    next: () => rng.next(),
    meshOf: (i) => meshes(i).structure,
    ceilingOf: (i) => meshes(i).ceiling,
  });
}
