/**
 * A floor plan's walls as an architect draws them: the model cut by a horizontal plane (just under
 * the doors' tops), each wall's cross-section a filled outline, so doorways and windows show as
 * gaps in the walls.
 */
import type { PlanPoint } from '../../../src/domain/tour.ts';
import type { Mesh } from './read-model.ts';

/**
 * The outlines (plan `[x, z]`, metres) where the plane `y = cutY` cuts the solids made of the
 * triangles `keep` accepts that reach up to `topY` (walls run floor to ceiling; a table, a sill or a
 * lintel over a door does not cross the cut). Pieces that do not close into a loop are dropped, and
 * so are loops too thick to be a wall or a pillar (`maxThickness`, twice the area over the
 * perimeter): a boat's hull, a single surface, would otherwise fill the whole deck. Every outline
 * runs counter-clockwise (on the plan, x right, z down), so overlapping pieces add up when filled.
 */
export function sectionOutlines(mesh: Mesh, keep: (triangle: number) => boolean, cutY: number, topY: number, maxThickness = 0.8): PlanPoint[][] {
  const P = mesh.positions;
  const I = mesh.indices;
  const segments: [PlanPoint, PlanPoint][] = [];
  for (let t = 0; t < I.length / 3; t++) {
    if (!keep(t)) continue;
    const v = [I[3 * t]!, I[3 * t + 1]!, I[3 * t + 2]!];
    const ys = v.map((i) => P[3 * i + 1]!);
    if (Math.max(...ys) < topY || Math.min(...ys) >= cutY) continue;
    const points: PlanPoint[] = [];
    for (let k = 0; k < 3; k++) {
      const a = v[k]!;
      const b = v[(k + 1) % 3]!;
      const ya = P[3 * a + 1]!;
      const yb = P[3 * b + 1]!;
      if (ya >= cutY === yb >= cutY) continue;
      const s = (cutY - ya) / (yb - ya);
      points.push([P[3 * a]! + (P[3 * b]! - P[3 * a]!) * s, P[3 * a + 2]! + (P[3 * b + 2]! - P[3 * a + 2]!) * s]);
    }
    if (points.length === 2) segments.push([points[0]!, points[1]!]);
  }
  // Chain the segments end to end (to a tenth of a millimetre) into closed outlines.
  const key = ([x, z]: PlanPoint): string => `${Math.round(x * 1e4)},${Math.round(z * 1e4)}`;
  const at = new Map<string, number[]>();
  segments.forEach(([a, b], i) => {
    for (const p of [a, b]) at.set(key(p), [...(at.get(key(p)) ?? []), i]);
  });
  const used = new Uint8Array(segments.length);
  const outlines: PlanPoint[][] = [];
  for (let s = 0; s < segments.length; s++) {
    if (used[s]) continue;
    used[s] = 1;
    const [first, second] = segments[s]!;
    const loop: PlanPoint[] = [first, second];
    let end = second;
    for (;;) {
      const next = (at.get(key(end)) ?? []).find((i) => !used[i]);
      if (next === undefined) break;
      used[next] = 1;
      const [a, b] = segments[next]!;
      end = key(a) === key(end) ? b : a;
      loop.push(end);
    }
    if (loop.length < 4 || key(loop[0]!) !== key(loop[loop.length - 1]!)) continue;
    const outline = loop.slice(0, -1);
    let area = 0;
    let perimeter = 0;
    for (let i = 0; i < outline.length; i++) {
      const [ax, az] = outline[i]!;
      const [bx, bz] = outline[(i + 1) % outline.length]!;
      area += ax * bz - bx * az;
      perimeter += Math.hypot(bx - ax, bz - az);
    }
    area /= 2;
    if (perimeter === 0 || (2 * Math.abs(area)) / perimeter > maxThickness) continue;
    outlines.push(area < 0 ? outline.reverse() : outline);
  }
  return outlines;
}
