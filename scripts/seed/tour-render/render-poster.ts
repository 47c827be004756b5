/**
 * The poster of a tour (issue 23): the space's own model seen as a dollhouse, 3/4 from above with
 * the ceilings off, on a soft backdrop with a ground shadow, so a card shows what the tour shows.
 */
import sharp from 'sharp';
import { paintBackdrop, type BackdropStyle } from './backdrop.ts';
import { DOLLHOUSE_FRAMING, projectPoint, type Camera, type ExteriorFraming } from './camera.ts';
import { rasterize } from './rasterize.ts';
import { readModel, type Mesh } from './read-model.ts';
import { isCeiling, keptGroups, resolveCamera } from './render-view.ts';

/** What `renderPoster` draws and writes. */
export interface PosterOptions {
  width: number;
  height: number;
  /** Direction and lens (DOLLHOUSE_FRAMING when left out). */
  framing?: Partial<ExteriorFraming>;
  /** Leaves out these nodes (default: the ceilings). */
  exclude?: (nodeName: string) => boolean;
  /** Supersampling factor per axis (2 when left out). */
  supersample?: number;
  /** Also write an AVIF (slower to encode than the WebP). */
  avif?: boolean;
  /** WebP / AVIF quality (82 / 60 when left out). */
  quality?: { webp?: number; avif?: number };
}

/** A poster's encoded pictures and the camera it was taken with. */
export interface Poster {
  webp: Buffer;
  avif?: Buffer;
  camera: Camera;
}

/** The backdrop: a warm light grey, lighter at the top, and a soft warm shadow. */
const BACKDROP: BackdropStyle = { top: [247, 245, 241], bottom: [226, 222, 214], shadow: [58, 49, 40], shadowOpacity: 0.3, shadowBlur: 0.025 };
/** A little face shading on top of the baked light, so walls stand apart from floors seen from above. */
const SHADING = 0.12;

/** Andrew's monotone chain: the convex hull of 2D points, counter-clockwise. */
function convexHull(points: [number, number][]): [number, number][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: [number, number], a: [number, number], b: [number, number]): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (const q of p.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** The model's footprint on the ground (convex hull of the drawn vertices, seen from above), grown by `grow` metres. */
function footprint(mesh: Mesh, keep: boolean[], grow: number): [number, number][] {
  const used = new Uint8Array(mesh.positions.length / 3);
  for (let t = 0; t < mesh.triangleGroups.length; t++) {
    if (!keep[mesh.triangleGroups[t]!]) continue;
    for (let k = 0; k < 3; k++) used[mesh.indices[3 * t + k]!] = 1;
  }
  const points: [number, number][] = [];
  for (let v = 0; v < used.length; v++) if (used[v]) points.push([mesh.positions[3 * v]!, mesh.positions[3 * v + 2]!]);
  const hull = convexHull(points);
  let cx = 0;
  let cz = 0;
  for (const [x, z] of hull) {
    cx += x / hull.length;
    cz += z / hull.length;
  }
  return hull.map(([x, z]) => {
    const d = Math.hypot(x - cx, z - cz) || 1;
    return [x + ((x - cx) / d) * grow, z + ((z - cz) / d) * grow];
  });
}

/** The model's ground shadow on a `width × height` picture: its footprint projected on the ground. */
function shadowPolygon(mesh: Mesh, keep: boolean[], camera: Camera, width: number, height: number): [number, number][] {
  const groundY = mesh.bounds.min[1];
  const size = Math.max(mesh.bounds.max[0] - mesh.bounds.min[0], mesh.bounds.max[2] - mesh.bounds.min[2]);
  return footprint(mesh, keep, size * 0.03)
    .map(([x, z]) => projectPoint(camera, width, height, [x, groundY, z]))
    .filter((p): p is [number, number] => p !== null);
}

/**
 * Renders a tour model's poster: the dollhouse view (ceilings removed, framed on what is drawn)
 * supersampled and downscaled by sharp, over a soft gradient with a ground shadow. Deterministic:
 * the same model and options give the same bytes.
 */
export async function renderPoster(model: Uint8Array | Mesh, opts: PosterOptions): Promise<Poster> {
  const mesh = model instanceof Uint8Array ? await readModel(model) : model;
  const { width, height } = opts;
  const ss = opts.supersample ?? 2;
  const exclude = opts.exclude ?? isCeiling;
  const keep = keptGroups(mesh, exclude);
  const framing = { ...DOLLHOUSE_FRAMING, ...opts.framing };
  const camera = resolveCamera(mesh, { width, height, camera: 'auto-exterior', framing, exclude });
  const W = width * ss;
  const H = height * ss;
  const pixels = new Uint8ClampedArray(W * H * 4);
  paintBackdrop(pixels, W, H, shadowPolygon(mesh, keep, camera, W, H), BACKDROP);
  rasterize(mesh, { width: W, height: H, camera, keepGroup: (g) => keep[g]!, background: null, shading: SHADING, target: pixels });
  const raw = sharp(pixels, { raw: { width: W, height: H, channels: 4 } })
    .removeAlpha()
    .resize(width, height, { kernel: 'lanczos3' });
  const webp = await raw
    .clone()
    .webp({ quality: opts.quality?.webp ?? 82, effort: 4 })
    .toBuffer();
  const poster: Poster = { webp, camera };
  if (opts.avif)
    poster.avif = await raw
      .clone()
      .avif({ quality: opts.quality?.avif ?? 60, effort: 3 })
      .toBuffer();
  return poster;
}
