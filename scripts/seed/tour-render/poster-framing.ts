/**
 * Where a poster looks: the building's footprint on the ground and how high the framing reaches.
 */
import type { Mesh } from './read-model.ts';

/**
 * A convex polygon around 2D points (flat `x, z` pairs): the farthest point in each of `k` directions,
 * in order. Close to the convex hull for a soft shadow, in one pass and without sorting 50k points.
 */
export function extremePolygon(xz: ArrayLike<number>, k = 48): [number, number][] {
  const out: [number, number][] = [];
  for (let d = 0; d < k; d++) {
    const a = (d / k) * 2 * Math.PI;
    const cx = Math.cos(a);
    const cz = Math.sin(a);
    let best = -Infinity;
    let bx = 0;
    let bz = 0;
    for (let i = 0; i < xz.length; i += 2) {
      const v = xz[i]! * cx + xz[i + 1]! * cz;
      if (v > best) {
        best = v;
        bx = xz[i]!;
        bz = xz[i + 1]!;
      }
    }
    const last = out[out.length - 1];
    if (!last || last[0] !== bx || last[1] !== bz) out.push([bx, bz]);
  }
  return out;
}

/** The building as seen from above: its vertices' box on the ground, their hull, and the ground's level. */
export interface Footprint {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
  groundY: number;
  hull: [number, number][];
}

/** The footprint of points (flat `x, y, z`): their box on the plan, their outline, their lowest height. */
export function footprintOf(points: Float32Array): Footprint {
  const f: Footprint = { x0: Infinity, z0: Infinity, x1: -Infinity, z1: -Infinity, groundY: Infinity, hull: [] };
  const plan = new Float32Array((2 * points.length) / 3);
  for (let i = 0, j = 0; i < points.length; i += 3, j += 2) {
    const x = points[i]!;
    const z = points[i + 2]!;
    f.x0 = Math.min(f.x0, x);
    f.x1 = Math.max(f.x1, x);
    f.z0 = Math.min(f.z0, z);
    f.z1 = Math.max(f.z1, z);
    f.groundY = Math.min(f.groundY, points[i + 1]!);
    plan[j] = x;
    plan[j + 1] = z;
  }
  f.hull = extremePolygon(plan);
  return f;
}

/**
 * How high the framing looks: a little above where nearly all the building's surface lies, so a
 * thin mast or spire may leave the picture rather than shrink the building to a speck. The
 * building's own height counts in full when it is tall (a lighthouse): its surface goes up too.
 */
export function framingCap(mesh: Mesh, keep: (group: number) => boolean, size: number): number {
  const ys: number[] = [];
  const areas: number[] = [];
  const P = mesh.positions;
  let total = 0;
  for (let t = 0; t < mesh.triangleGroups.length; t++) {
    if (!keep(mesh.triangleGroups[t]!)) continue;
    const [a, b, c] = [mesh.indices[3 * t]!, mesh.indices[3 * t + 1]!, mesh.indices[3 * t + 2]!];
    const ux = P[3 * b]! - P[3 * a]!;
    const uy = P[3 * b + 1]! - P[3 * a + 1]!;
    const uz = P[3 * b + 2]! - P[3 * a + 2]!;
    const vx = P[3 * c]! - P[3 * a]!;
    const vy = P[3 * c + 1]! - P[3 * a + 1]!;
    const vz = P[3 * c + 2]! - P[3 * a + 2]!;
    const area = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
    ys.push(Math.max(P[3 * a + 1]!, P[3 * b + 1]!, P[3 * c + 1]!));
    areas.push(area);
    total += area;
  }
  if (total === 0) return Infinity;
  // A histogram of the surface by height rather than a sort: 50k triangles stay cheap.
  let lo = Infinity;
  let hi = -Infinity;
  for (const y of ys) {
    lo = Math.min(lo, y);
    hi = Math.max(hi, y);
  }
  const bins = new Float64Array(512);
  const step = (hi - lo) / bins.length || 1;
  for (let i = 0; i < ys.length; i++) {
    const bin = Math.min(bins.length - 1, Math.floor((ys[i]! - lo) / step));
    bins[bin] = bins[bin]! + areas[i]!;
  }
  let sum = 0;
  for (let k = 0; k < bins.length; k++) {
    sum += bins[k]!;
    if (sum >= 0.97 * total) return lo + (k + 1) * step + 0.3 * size;
  }
  return Infinity;
}
