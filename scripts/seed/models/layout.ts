import type { TourLayout, TourRoom, TourSweep } from '../../../src/domain/tour.ts';
import { boundsOf, insidePolygon, round, signedArea, type BuildingSpec, type P2, type Rect, type RoomSpec } from './building.ts';
import type { MeshBuilder } from './mesh.ts';

/**
 * Where a visitor stands and what the tour knows of a building: sweeps on both sides of every door,
 * at both ends of every flight and on a grid clear of furniture; two sweeps are neighbours when they
 * are on one floor, at most 4.6 m apart and the straight line between them crosses no wall (a
 * doorway is open), or the two ends of a flight; what is still apart is joined by the nearest
 * clear pair.
 */

function segmentsCross(a: P2, b: P2, c: P2, d: P2): boolean {
  const o = (p: P2, q: P2, r: P2): number => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = o(c, d, a);
  const d2 = o(c, d, b);
  const d3 = o(a, b, c);
  const d4 = o(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** What the geometry pass leaves for the layout: walls as plan segments, obstacles, stair ends, tag and sweep hints. */
export interface LayoutInputs {
  solids: Map<number, [P2, P2][]>;
  obstacles: Map<number, Rect[]>;
  stairEnds: { lower: P2; upper: P2; floor: number }[];
  spots: TourLayout['tagSpots'];
  walks: { floor: number; p: P2 }[];
  wallSpots: Map<string, { p: [number, number, number]; len: number }>;
  meshes: MeshBuilder[];
}

/** The tour layout of a building: rooms, sweeps and their links, tag spots, the start view, bounds. */
export function layoutOf(spec: BuildingSpec, inp: LayoutInputs): TourLayout {
  const roomAt = (floor: number, p: P2): RoomSpec | undefined => spec.rooms.find((r) => r.floor === floor && insidePolygon(p[0], p[1], r.outline));
  const sweeps: { id: string; floor: number; p: P2; room: string | null; links: Set<number> }[] = [];
  const blocked = (floor: number, p: P2, margin: number): boolean =>
    (inp.obstacles.get(floor) ?? []).some((r) => p[0] > r.x0 - margin && p[0] < r.x1 + margin && p[1] > r.z0 - margin && p[1] < r.z1 + margin);
  const add = (floor: number, p: P2): number => {
    const room = roomAt(floor, p);
    sweeps.push({ id: `s${sweeps.length}`, floor, p: [round(p[0]), round(p[1])], room: room?.id ?? null, links: new Set() });
    return sweeps.length - 1;
  };
  const near = (floor: number, p: P2, dist: number): boolean => sweeps.some((s) => s.floor === floor && Math.hypot(s.p[0] - p[0], s.p[1] - p[1]) < dist);
  const link = (i: number, j: number): void => {
    sweeps[i]?.links.add(j);
    sweeps[j]?.links.add(i);
  };
  // Anchors: both sides of every door, both ends of every flight.
  for (const d of spec.doors) {
    for (const room of spec.rooms.filter((r) => r.floor === d.floor)) {
      const o = room.outline;
      for (let i = 0; i < o.length; i++) {
        const a = o[i] as P2;
        const b = o[(i + 1) % o.length] as P2;
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        const dir: P2 = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
        const s = (d.at[0] - a[0]) * dir[0] + (d.at[1] - a[1]) * dir[1];
        const off = Math.abs((d.at[0] - a[0]) * dir[1] - (d.at[1] - a[1]) * dir[0]);
        if (off > 0.05 || s < 0 || s > len) continue;
        const n: P2 = signedArea(o) > 0 ? [-dir[1], dir[0]] : [dir[1], -dir[0]];
        const bb = boundsOf(o);
        const depth = Math.abs(n[0]) > 0.5 ? bb.x1 - bb.x0 : bb.z1 - bb.z0;
        const k = Math.min(0.8, depth / 2);
        const p: P2 = [d.at[0] + n[0] * k, d.at[1] + n[1] * k];
        if (insidePolygon(p[0], p[1], o) && !near(d.floor, p, 0.5)) add(d.floor, p);
      }
    }
  }
  for (const e of inp.stairEnds) {
    const lo = add(e.floor, e.lower);
    const hi = add(e.floor + 1, e.upper);
    link(lo, hi);
  }
  for (const w of inp.walks) if (roomAt(w.floor, w.p) && !blocked(w.floor, w.p, 0.2) && !near(w.floor, w.p, 0.9)) add(w.floor, w.p);
  // A grid over every room, away from furniture.
  for (const room of spec.rooms) {
    const bb = boundsOf(room.outline);
    const w = bb.x1 - bb.x0;
    const l = bb.z1 - bb.z0;
    const cols = Math.max(1, Math.ceil((w - 0.8) / 3.2));
    const rows = Math.max(1, Math.ceil((l - 0.8) / 3.2));
    const ok = (p: P2, edge: number): boolean =>
      insidePolygon(p[0], p[1], room.outline) && distanceToEdges(p, room.outline) > edge && !blocked(room.floor, p, 0.3);
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < cols; i++) {
        const p: P2 = [bb.x0 + (w * (i + 0.5)) / cols, bb.z0 + (l * (j + 0.5)) / rows];
        if (ok(p, 0.45) && !near(room.floor, p, 1.6)) add(room.floor, p);
      }
    }
    if (!sweeps.some((s) => s.room === room.id)) {
      let best: P2 | null = null;
      let bestScore = -Infinity;
      for (let z = bb.z0 + 0.25; z < bb.z1; z += 0.25) {
        for (let x = bb.x0 + 0.25; x < bb.x1; x += 0.25) {
          const p: P2 = [x, z];
          if (!ok(p, 0.3)) continue;
          const score = distanceToEdges(p, room.outline) - Math.hypot(x - (bb.x0 + bb.x1) / 2, z - (bb.z0 + bb.z1) / 2) * 0.3;
          if (score > bestScore) {
            bestScore = score;
            best = p;
          }
        }
      }
      if (best) add(room.floor, best);
    }
  }
  // Links: near pairs on a floor whose straight line crosses no wall.
  const clear = (i: number, j: number): boolean => {
    const a = sweeps[i] as (typeof sweeps)[number];
    const b = sweeps[j] as (typeof sweeps)[number];
    if (a.floor !== b.floor) return false;
    return !(inp.solids.get(a.floor) ?? []).some(([c, d]) => {
      const len = Math.hypot(d[0] - c[0], d[1] - c[1]) || 1;
      const ex: P2 = [((d[0] - c[0]) / len) * 0.12, ((d[1] - c[1]) / len) * 0.12];
      return segmentsCross(a.p, b.p, [c[0] - ex[0], c[1] - ex[1]], [d[0] + ex[0], d[1] + ex[1]]);
    });
  };
  const dist = (i: number, j: number): number => {
    const a = sweeps[i] as (typeof sweeps)[number];
    const b = sweeps[j] as (typeof sweeps)[number];
    return Math.hypot(a.p[0] - b.p[0], a.p[1] - b.p[1]);
  };
  for (let i = 0; i < sweeps.length; i++) for (let j = i + 1; j < sweeps.length; j++) if (dist(i, j) <= 4.6 && clear(i, j)) link(i, j);
  // Join what is still apart, nearest clear pair first.
  const components = (): number[] => {
    const comp = sweeps.map(() => -1);
    let c = 0;
    for (let i = 0; i < sweeps.length; i++) {
      if (comp[i] !== -1) continue;
      const stack = [i];
      comp[i] = c;
      while (stack.length) {
        const k = stack.pop() as number;
        for (const m of (sweeps[k] as (typeof sweeps)[number]).links) {
          if (comp[m] !== -1) continue;
          comp[m] = c;
          stack.push(m);
        }
      }
      c++;
    }
    return comp;
  };
  for (let guard = 0; guard < sweeps.length; guard++) {
    const comp = components();
    if (comp.every((c) => c === 0)) break;
    let best: [number, number] | null = null;
    let bestD = Infinity;
    for (let i = 0; i < sweeps.length; i++) {
      for (let j = 0; j < sweeps.length; j++) {
        if (comp[i] !== 0 || comp[j] === 0) continue;
        const d = dist(i, j);
        if (d < bestD && clear(i, j)) {
          bestD = d;
          best = [i, j];
        }
      }
    }
    if (!best) break;
    link(best[0], best[1]);
  }

  const tourSweeps: TourSweep[] = sweeps.map((s) => ({
    id: s.id,
    position: [s.p[0], round((spec.floors[s.floor] as BuildingSpec['floors'][number]).elevation), s.p[1]],
    floor: s.floor,
    room: s.room,
    neighbours: [...s.links].sort((x, y) => x - y).map((k) => (sweeps[k] as (typeof sweeps)[number]).id),
    panorama: null,
  }));
  const rooms: TourRoom[] = spec.rooms.map((r) => {
    const bb = boundsOf(r.outline);
    const f = spec.floors[r.floor] as BuildingSpec['floors'][number];
    return {
      id: r.id,
      name: r.name,
      floor: r.floor,
      outline: r.outline.map((p) => [round(p[0]), round(p[1])] as P2),
      dimensions: { width: round(bb.x1 - bb.x0), length: round(bb.z1 - bb.z0), height: r.open ? 2.5 : round(f.height) },
      area: round(Math.abs(signedArea(r.outline))),
    };
  });
  // Tag spots: the furniture's (two at most), then the longest wall of each room.
  const perRoom = new Map<string, number>();
  const spots = inp.spots.filter((s) => {
    const n = perRoom.get(s.room ?? '') ?? 0;
    perRoom.set(s.room ?? '', n + 1);
    return n < 2;
  });
  for (const r of spec.rooms) {
    const own = spots.filter((s) => s.room === r.id).length;
    const wall = inp.wallSpots.get(r.id);
    if (own < 2 && wall) spots.push({ position: wall.p, floor: r.floor, room: r.id });
    if (own === 0 && !wall) {
      const f = spec.floors[r.floor] as BuildingSpec['floors'][number];
      const sw = sweeps.find((s) => s.room === r.id);
      if (sw) spots.push({ position: [sw.p[0], round(f.elevation + 1.2), round(sw.p[1] + 0.01)], floor: r.floor, room: r.id });
    }
  }
  const order = new Map(spec.rooms.map((r, i) => [r.id, i]));
  spots.sort((a, b) => (order.get(a.room ?? '') ?? 0) - (order.get(b.room ?? '') ?? 0));
  // The start: in the entrance room, next to the way in, facing the room.
  const entrance = spec.rooms.find((r) => r.id === spec.entrance) ?? spec.rooms[0];
  if (!entrance) throw new Error('A building without rooms has no tour.');
  const inEntrance = tourSweeps.filter((s) => s.room === entrance.id);
  const ebb = boundsOf(entrance.outline);
  const centre: P2 = [(ebb.x0 + ebb.x1) / 2, (ebb.z0 + ebb.z1) / 2];
  const want = spec.start ?? centre;
  const gap = (s: TourSweep): number => Math.hypot(s.position[0] - want[0], s.position[2] - want[1]);
  const startSweep = inEntrance.sort((a, b) => gap(a) - gap(b))[0] ?? tourSweeps[0];
  if (!startSweep) throw new Error(`No place to stand in the building (entrance ${entrance.id}).`);
  const look = spec.look ?? centre;
  const heading = (((Math.atan2(look[0] - startSweep.position[0], -(look[1] - startSweep.position[2])) * 180) / Math.PI + 360) % 360) % 360;
  let min: [number, number, number] = [Infinity, Infinity, Infinity];
  let max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const m of inp.meshes) {
    for (let i = 0; i < m.positions.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        const v = m.positions[i + k] as number;
        min[k] = Math.min(min[k] as number, v);
        max[k] = Math.max(max[k] as number, v);
      }
    }
  }
  min = min.map(round) as typeof min;
  max = max.map(round) as typeof max;
  return {
    bounds: { min, max },
    floors: spec.floors.map((f) => {
      const bb = boundsOf(spec.rooms.filter((r) => r.floor === f.index).flatMap((r) => r.outline));
      return {
        index: f.index,
        name: f.name,
        elevation: round(f.elevation),
        height: round(f.height),
        plan: null,
        planBounds: [round(bb.x0 - 0.5), round(bb.z0 - 0.5), round(bb.x1 + 0.5), round(bb.z1 + 0.5)] as [number, number, number, number],
      };
    }),
    rooms,
    sweeps: tourSweeps,
    start: { sweep: startSweep.id, heading: round(heading) % 360, pitch: 0, mode: 'inside' },
    tagSpots: spots,
  };
}

function distanceToEdges(p: P2, o: readonly P2[]): number {
  let best = Infinity;
  for (let i = 0; i < o.length; i++) {
    const a = o[i] as P2;
    const b = o[(i + 1) % o.length] as P2;
    const dx = b[0] - a[0];
    const dz = b[1] - a[1];
    const t = Math.min(1, Math.max(0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / (dx * dx + dz * dz || 1)));
    best = Math.min(best, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dz));
  }
  return best;
}
