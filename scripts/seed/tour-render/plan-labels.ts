/**
 * Room labels on a floor plan: where in the room (its "pole of inaccessibility") and at what size
 * the name and area fit.
 */
import { escapeHtml } from '../../../src/domain/html.ts';
import type { PlanPoint, TourRoom } from '../../../src/domain/tour.ts';

function insidePolygon(x: number, z: number, poly: readonly PlanPoint[]): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, zi] = poly[i]!;
    const [xj, zj] = poly[j]!;
    if (zi > z !== zj > z && x < ((xj - xi) * (z - zi)) / (zj - zi) + xi) hit = !hit;
  }
  return hit;
}

function distanceToEdges(x: number, z: number, poly: readonly PlanPoint[]): number {
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const [ax, az] = poly[i]!;
    const [bx, bz] = poly[(i + 1) % poly.length]!;
    const dx = bx - ax;
    const dz = bz - az;
    const t = Math.min(1, Math.max(0, ((x - ax) * dx + (z - az) * dz) / (dx * dx + dz * dz || 1)));
    best = Math.min(best, Math.hypot(x - ax - t * dx, z - az - t * dz));
  }
  return best;
}

/**
 * Where a room's label goes: the inside point farthest from the walls (a coarse "pole of
 * inaccessibility"; for a rectangle, its centre), so an L-shaped room is labelled in its body.
 */
export function labelPoint(outline: readonly PlanPoint[]): { at: PlanPoint; clearance: number } {
  let x0 = Infinity;
  let z0 = Infinity;
  let x1 = -Infinity;
  let z1 = -Infinity;
  for (const [x, z] of outline) {
    x0 = Math.min(x0, x);
    z0 = Math.min(z0, z);
    x1 = Math.max(x1, x);
    z1 = Math.max(z1, z);
  }
  let best: PlanPoint = [(x0 + x1) / 2, (z0 + z1) / 2];
  let clearance = insidePolygon(best[0], best[1], outline) ? distanceToEdges(best[0], best[1], outline) : -1;
  let cx = best[0];
  let cz = best[1];
  let hx = (x1 - x0) / 2;
  let hz = (z1 - z0) / 2;
  const n = 8;
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= n; j++) {
        const x = cx - hx + (2 * hx * i) / n;
        const z = cz - hz + (2 * hz * j) / n;
        if (!insidePolygon(x, z, outline)) continue;
        const d = distanceToEdges(x, z, outline);
        // Strictly better only: a symmetric room keeps its centre.
        if (d > clearance + 1e-9) {
          clearance = d;
          best = [x, z];
        }
      }
    }
    [cx, cz] = best;
    hx /= 3;
    hz /= 3;
  }
  return { at: best, clearance: Math.max(0, clearance) };
}

/** The length of the inside stretch through `at` along x (axis 0) or z (axis 1), metres. */
function spanAt(outline: readonly PlanPoint[], at: PlanPoint, axis: 0 | 1): number {
  const other = axis === 0 ? 1 : 0;
  const crossings: number[] = [];
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i]!;
    const b = outline[(i + 1) % outline.length]!;
    if (a[other] > at[other] !== b[other] > at[other]) crossings.push(a[axis] + ((at[other] - a[other]) * (b[axis] - a[axis])) / (b[other] - a[other]));
  }
  crossings.sort((u, v) => u - v);
  for (let i = 0; i + 1 < crossings.length; i += 2) if (crossings[i]! <= at[axis] && at[axis] <= crossings[i + 1]!) return crossings[i + 1]! - crossings[i]!;
  return 0;
}

/** Rough advance width of DejaVu Sans text, in ems. */
const textWidth = (text: string): number => text.length * 0.6;

/** How labels look: text colours, the walls' thickness they keep clear of, and an optional halo. */
export interface LabelStyle {
  name: string;
  area: string;
  wall_m: number;
  /** A light outline around the letters, for labels over a rendered picture. */
  halo?: string;
}

/**
 * A room's label as SVG text (pixel units; `toPx` maps plan metres to pixels, `scale` pixels per
 * metre, `base` the preferred font size): its name (on two lines when that fits better) and area,
 * shrunk until it fits the room, or '' when even small text would not.
 */
export function roomLabelSvg(room: TourRoom, toPx: (p: PlanPoint) => PlanPoint, scale: number, base: number, style: LabelStyle): string {
  const { at } = labelPoint(room.outline);
  const halo = style.halo ? ` stroke="${style.halo}" stroke-width="${Math.max(2, base / 5).toFixed(1)}" stroke-linejoin="round" paint-order="stroke"` : '';
  const [px, py] = toPx(at);
  // The room's inside across and along the label point, pixels, less the walls.
  const roomW = (spanAt(room.outline, at, 0) - 2 * style.wall_m) * scale;
  const roomH = (spanAt(room.outline, at, 1) - 2 * style.wall_m) * scale;
  const area = `${room.area >= 100 ? Math.round(room.area) : Math.round(room.area * 10) / 10} m²`;
  const words = room.name.split(/\s+/).filter(Boolean);
  const layouts: string[][] = [[room.name]];
  if (words.length > 1) {
    // The two-line split with the shortest longer line.
    let best = [room.name];
    let bestLen = Infinity;
    for (let k = 1; k < words.length; k++) {
      const lines = [words.slice(0, k).join(' '), words.slice(k).join(' ')];
      const len = Math.max(...lines.map(textWidth));
      if (len < bestLen) {
        bestLen = len;
        best = lines;
      }
    }
    layouts.push(best);
  }
  for (let size = base; size >= 7; size = Math.floor(size * 0.85)) {
    for (const lines of layouts) {
      const areaSize = Math.round(size * 0.8);
      const w = Math.max(...lines.map((l) => textWidth(l) * size), textWidth(area) * areaSize);
      const h = lines.length * size * 1.2 + areaSize * 1.3;
      if (w > roomW * 0.92 || h > roomH * 0.9) continue;
      const top = py - h / 2;
      const tspans = lines.map(
        (line, i) =>
          `<text x="${px.toFixed(1)}" y="${(top + size * (i + 0.95)).toFixed(1)}" font-size="${size}" font-weight="bold" fill="${style.name}"${halo}>${escapeHtml(line)}</text>`,
      );
      const areaY = top + lines.length * size * 1.2 + areaSize * 1.05;
      tspans.push(`<text x="${px.toFixed(1)}" y="${areaY.toFixed(1)}" font-size="${areaSize}" fill="${style.area}"${halo}>${escapeHtml(area)}</text>`);
      return tspans.join('');
    }
  }
  return '';
}
