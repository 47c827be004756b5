/**
 * A floor's plan picture (issue 23): the rooms of one floor seen from above, filled light, walls
 * thick and dark, each room's name and area in it. Drawn as SVG and rasterized by sharp (librsvg),
 * covering exactly the floor's `planBounds` (x to the right, z downwards).
 */
import sharp from 'sharp';
import type { PlanPoint, TourFloor, TourLayout, TourRoom } from '../../../src/domain/tour.ts';
import { downsample } from './backdrop.ts';
import { sectionOutlines } from './plan-section.ts';
import { rasterize } from './rasterize.ts';
import type { Mesh } from './read-model.ts';
import { isSite } from './render-poster.ts';
import { isCeiling, keptGroups, parseHex } from './render-view.ts';
import { roomLabelSvg } from './plan-labels.ts';

/** What `renderPlan` draws. */
export interface PlanOptions {
  /** Picture width, pixels; the height follows `planBounds`' aspect. */
  width: number;
  /** Write the rooms' names and areas (true when left out); false when the player labels them itself. */
  labels?: boolean;
  /** WebP quality (90 when left out: flat colours and text). */
  quality?: number;
  /**
   * The tour's model: when given, the plan is the model drawn from straight above (the floor's
   * walls with their doorways, its furniture; ceilings, upper floors and the site left out) with
   * the labels over it, instead of the outline drawing.
   */
  mesh?: Mesh;
}

/** The plan's colours. */
export const PLAN_STYLE = {
  background: '#ebe8e2',
  room: '#fdfcf9',
  wall: '#2e2a26',
  name: '#2e2a26',
  area: '#6d665e',
  /** Wall thickness, metres. */
  wall_m: 0.12,
  font: 'DejaVu Sans, Liberation Sans, sans-serif',
} as const;

/** The picture size that covers `planBounds` at `width` pixels. */
export function planSize(layout: TourLayout, floor: number, width: number): { width: number; height: number } {
  const f = floorOf(layout, floor);
  const [x0, z0, x1, z1] = f.planBounds;
  return { width, height: Math.max(1, Math.round((width * (z1 - z0)) / (x1 - x0))) };
}

function floorOf(layout: TourLayout, floor: number): TourLayout['floors'][number] {
  const f = layout.floors.find((candidate) => candidate.index === floor);
  if (!f) throw new Error(`The layout has no floor ${floor} (floors: ${layout.floors.map((c) => c.index).join(', ')}).`);
  return f;
}

/** The plan of one floor as an SVG document, `width` pixels wide. */
export function planSvg(layout: TourLayout, floor: number, opts: PlanOptions): string {
  const f = floorOf(layout, floor);
  const [x0, z0, x1] = f.planBounds;
  const { width, height } = planSize(layout, floor, opts.width);
  const scale = width / (x1 - x0);
  const toPx = ([x, z]: PlanPoint): PlanPoint => [(x - x0) * scale, (z - z0) * scale];
  const rooms = layout.rooms.filter((room) => room.floor === floor);
  const points = (room: TourRoom): string =>
    room.outline
      .map(toPx)
      .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
      .join(' ');
  const wall = Math.max(2, PLAN_STYLE.wall_m * scale);
  const fills = rooms.map((room) => `<polygon points="${points(room)}" fill="${PLAN_STYLE.room}"/>`).join('');
  const walls = rooms
    .map((room) => `<polygon points="${points(room)}" fill="none" stroke="${PLAN_STYLE.wall}" stroke-width="${wall.toFixed(1)}" stroke-linejoin="miter"/>`)
    .join('');
  const base = Math.round(Math.min(30, Math.max(11, width * 0.022)));
  const labels = opts.labels === false ? '' : rooms.map((room) => roomLabelSvg(room, toPx, scale, base, PLAN_STYLE)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${PLAN_STYLE.background}"/>
${fills}
${walls}
<g font-family="${PLAN_STYLE.font}" text-anchor="middle">${labels}</g>
</svg>`;
}

/** The floor's cut walls (filled dark) and labels, as an SVG document to lay over a rendered plan. */
function overlaySvg(layout: TourLayout, floor: number, width: number, height: number, walls: PlanPoint[][], labels: boolean): string {
  const [x0, z0, x1] = floorOf(layout, floor).planBounds;
  const scale = width / (x1 - x0);
  const toPx = ([x, z]: PlanPoint): PlanPoint => [(x - x0) * scale, (z - z0) * scale];
  const base = Math.round(Math.min(30, Math.max(11, width * 0.022)));
  const path = walls
    .map(
      (outline) =>
        `M${outline
          .map((p) =>
            toPx(p)
              .map((v) => v.toFixed(1))
              .join(' '),
          )
          .join('L')}Z`,
    )
    .join('');
  const text = labels
    ? layout.rooms
        .filter((room) => room.floor === floor)
        .map((room) => roomLabelSvg(room, toPx, scale, base, { ...PLAN_STYLE, halo: '#ffffff' }))
        .join('')
    : '';
  // A hairline stroke closes the seams between wall pieces that meet edge to edge.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<path d="${path}" fill="${PLAN_STYLE.wall}" stroke="${PLAN_STYLE.wall}" stroke-width="1" stroke-linejoin="round"/>
<g font-family="${PLAN_STYLE.font}" text-anchor="middle">${text}</g>
</svg>`;
}

/** The node the demo generator puts each storey's structure and ceiling under. */
const FLOOR_NODE = /^floor-(\d+)$/;

/** Where a drawn plan cuts the model, metres above the floor: under the doors' tops (2.1 m), over a wardrobe's. */
const CUT = 2.05;

/**
 * The model seen from straight above over the floor's plan bounds, cut at `CUT` (raw RGBA at the
 * given size), and its walls' cross-sections there.
 */
function drawFromAbove(
  mesh: Mesh,
  floor: TourFloor,
  next: TourFloor | undefined,
  width: number,
  height: number,
): { pixels: Uint8ClampedArray; walls: PlanPoint[][] } {
  const [x0, z0, x1, z1] = floor.planBounds;
  // A camera far above with a narrow lens is orthographic to within a fraction of a pixel.
  const distance = 500 * Math.max(x1 - x0, z1 - z0);
  const target = [(x0 + x1) / 2, floor.elevation, (z0 + z1) / 2] as const;
  const camera = {
    position: [target[0], floor.elevation + distance, target[2]] as const,
    target,
    fovDeg: (2 * Math.atan((z1 - z0) / 2 / distance) * 180) / Math.PI,
  };
  const keep = keptGroups(mesh, (name) => isCeiling(name) || isSite(name));
  // The generator puts each storey under a `floor-<i>` node: draw this one. Without such nodes,
  // keep what lies between this floor and the next one.
  const storeys = mesh.groups.map((g) => g.nodeNames.map((name) => FLOOR_NODE.exec(name)?.[1]).find((i) => i !== undefined));
  const byNode = storeys.some((i) => i !== undefined);
  const keepGroup = (g: number): boolean => keep[g]! && (!byNode || storeys[g] === String(floor.index));
  const clipY = [floor.elevation - 0.3, next ? next.elevation - 0.01 : Infinity] as const;
  const pixels = rasterize(mesh, {
    width,
    height,
    camera,
    keepGroup,
    background: parseHex(PLAN_STYLE.background),
    near: distance - CUT,
    ...(byNode ? {} : { clipY }),
  }).data;
  const P = mesh.positions;
  const inBand = (t: number): boolean => {
    const y = Math.min(P[3 * mesh.indices[3 * t]! + 1]!, P[3 * mesh.indices[3 * t + 1]! + 1]!, P[3 * mesh.indices[3 * t + 2]! + 1]!);
    return y >= clipY[0] && y < clipY[1];
  };
  const walls = sectionOutlines(
    mesh,
    (t) => keepGroup(mesh.triangleGroups[t]!) && (byNode || inBand(t)),
    floor.elevation + CUT,
    floor.elevation + floor.height - 0.05,
  );
  return { pixels, walls };
}

/**
 * Renders the plan of one floor of a layout as a WebP covering the floor's `planBounds`: the
 * outline drawing, or with `mesh` the model seen from above (supersampled twice), labelled.
 */
export async function renderPlan(layout: TourLayout, floor: number, opts: PlanOptions): Promise<Buffer> {
  if (opts.mesh) {
    const { width, height } = planSize(layout, floor, opts.width);
    const ss = 2;
    const next = layout.floors.filter((f) => f.elevation > floorOf(layout, floor).elevation).sort((a, b) => a.elevation - b.elevation)[0];
    const { pixels, walls } = drawFromAbove(opts.mesh, floorOf(layout, floor), next, width * ss, height * ss);
    const small = downsample(pixels, width * ss, height * ss, ss);
    const overlay = Buffer.from(overlaySvg(layout, floor, width, height, walls, opts.labels !== false));
    return sharp(small, { raw: { width, height, channels: 3 } })
      .composite([{ input: overlay }])
      .webp({ quality: opts.quality ?? 90, effort: 2 })
      .toBuffer();
  }
  return sharp(Buffer.from(planSvg(layout, floor, opts)))
    .webp({ quality: opts.quality ?? 90, effort: 4 })
    .toBuffer();
}
