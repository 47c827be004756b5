/**
 * The poster of a tour (issue 23): the space's own model seen as a dollhouse, 3/4 from above with
 * the ceilings off, on a soft backdrop, so a card shows what the tour shows. The model's ground
 * (its `site`: lawn, trees, terrace) fades into the backdrop around the building like a diorama,
 * and the building leaves a soft contact shadow; what stands on the ground (trees) stays solid.
 */
import sharp from 'sharp';
import { downsample, paintGradient, softMask, type Rgb } from './backdrop.ts';
import { DOLLHOUSE_FRAMING, frameExterior, projectPoint, type Camera, type ExteriorFraming } from './camera.ts';
import { footprintOf, framingCap } from './poster-framing.ts';
import { boxOf, EDGE, finish, FLAT, union, type GroundFade } from './poster-ground.ts';
import { rasterize } from './rasterize.ts';
import { readModel, type Mesh } from './read-model.ts';
import { borrow, giveBack } from './scratch.ts';
import { isCeiling, keptGroups, keptVertices } from './render-view.ts';

/** What `renderPoster` draws and writes. */
export interface PosterOptions {
  width: number;
  height: number;
  /** Direction and lens (DOLLHOUSE_FRAMING when left out). */
  framing?: Partial<ExteriorFraming>;
  /**
   * Frames the model for a wider picture than drawn (width / height, at least `width / height`):
   * the lens widens so the central band of that shape shows exactly that framing, and crops of any
   * shape between the two (16:9, 1200×630) keep the whole building.
   */
  frameAspect?: number;
  /** Leaves out these nodes (default: the ceilings, and with them the roofs the generator puts there). */
  exclude?: (nodeName: string) => boolean;
  /** The model's ground nodes: their flat part fades out away from the building (default: `site`). */
  ground?: (nodeName: string) => boolean;
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
  /**
   * CPU milliseconds of each step (reading the GLB excluded; the whole process's, so sharp's
   * threads count and a shared machine's load does not), for the seed's log.
   */
  timings: { frame: number; raster: number; finish: number; encode: number };
}

/** The look: a warm light grey backdrop, lighter at the top, a warm soft shadow, a touch of face shading. */
export const POSTER_STYLE = {
  top: [247, 245, 241] as Rgb,
  bottom: [226, 222, 214] as Rgb,
  shadow: [58, 49, 40] as Rgb,
  shadowOpacity: 0.4,
  /** Shadow blur, a fraction of the picture's smaller side. */
  shadowBlur: 0.02,
  /** A little face shading on top of the baked light, so walls stand apart from floors seen from above. */
  shading: 0.12,
};

/** The `site` node the demo generator puts the lawn, trees and terraces in. */
export const isSite = (nodeName: string): boolean => nodeName === 'site';

/**
 * Renders a tour model's poster: the dollhouse view (ceilings removed, framed on the building and
 * the ground around it) supersampled and downscaled by sharp, over a soft gradient with a ground
 * shadow. Deterministic: the same model and options give the same bytes.
 */
export async function renderPoster(model: Uint8Array | Mesh, opts: PosterOptions): Promise<Poster> {
  const mesh = model instanceof Uint8Array ? await readModel(model) : model;
  let clock = process.cpuUsage();
  const lap = (): number => {
    const used = process.cpuUsage(clock);
    clock = process.cpuUsage();
    return Math.round((used.user + used.system) / 100) / 10;
  };
  const { width, height } = opts;
  const ss = opts.supersample ?? 2;
  const keep = keptGroups(mesh, opts.exclude ?? isCeiling);
  const groundTest = opts.ground ?? isSite;
  const isGround = mesh.groups.map((g) => g.nodeNames.some(groundTest));
  let building = keptVertices(mesh, (g) => keep[g]! && !isGround[g]);
  if (building.length === 0) building = keptVertices(mesh, (g) => keep[g]!);
  if (building.length === 0) building = new Float32Array([...mesh.bounds.min, ...mesh.bounds.max]);
  const foot = footprintOf(building);
  const groundPoints = keptVertices(mesh, (g) => keep[g]! && isGround[g]!);
  let level = Infinity;
  for (let i = 1; i < groundPoints.length; i += 3) level = Math.min(level, groundPoints[i]!);
  // The ground stays around the building and what stands on the ground (trees), and fades further out.
  const standing = boxOf(groundPoints, (y) => y > level + FLAT);
  const size = Math.max(foot.x1 - foot.x0, foot.z1 - foot.z0);
  const fade: GroundFade = {
    around: union(foot, standing),
    start: 0.3 + 0.03 * size,
    end: 1.5 + 0.25 * size,
    edges: boxOf(groundPoints, (y) => y <= level + FLAT),
    level,
    edge: Math.max(EDGE.min, EDGE.fraction * size),
  };
  // The shadow lies on the ground (water for a boat, whose hull goes below it), else under the building.
  const shadowY = Number.isFinite(level) ? level : foot.groundY;

  // Frame the building, what stands around it, and the ground a third of the way through its fade.
  const reach = fade.start + 0.35 * (fade.end - fade.start);
  const framed: number[] = [];
  const cap = framingCap(mesh, (g) => keep[g]! && !isGround[g], size);
  for (let i = 0; i < building.length; i += 3) if (building[i + 1]! <= cap) framed.push(building[i]!, building[i + 1]!, building[i + 2]!);
  for (let i = 0; i < groundPoints.length; i += 3)
    if (groundPoints[i + 1]! > level + FLAT) framed.push(groundPoints[i]!, groundPoints[i + 1]!, groundPoints[i + 2]!);
  const a = fade.around;
  for (let k = 0; k < 16; k++) {
    const angle = (k / 16) * 2 * Math.PI;
    let x = (Math.cos(angle) > 0 ? a.x1 : a.x0) + Math.cos(angle) * reach;
    let z = (Math.sin(angle) > 0 ? a.z1 : a.z0) + Math.sin(angle) * reach;
    if (fade.edges) {
      // No further than the ground goes.
      x = Math.min(fade.edges.x1, Math.max(fade.edges.x0, x));
      z = Math.min(fade.edges.z1, Math.max(fade.edges.z0, z));
    }
    framed.push(x, shadowY, z);
  }
  const framing = { ...DOLLHOUSE_FRAMING, ...opts.framing };
  const band = Math.max(width / height, opts.frameAspect ?? 0);
  const fitted = frameExterior(framed, band, framing);
  // Same horizontal extent, taller picture: tan(fovY / 2) grows by band / aspect.
  const tanY = (Math.tan((framing.fovDeg * Math.PI) / 360) * band) / (width / height);
  const camera = band > width / height ? { ...fitted, fovDeg: (Math.atan(tanY) * 360) / Math.PI } : fitted;

  const frame = lap();
  const W = width * ss;
  const H = height * ss;
  const pixels = borrow(Uint8ClampedArray, W * H * 4);
  const buffers = { depth: borrow(Float32Array, W * H), ids: borrow(Uint32Array, W * H) };
  paintGradient(pixels, W, H, POSTER_STYLE.top, POSTER_STYLE.bottom);
  const { depth, ids } = rasterize(mesh, {
    width: W,
    height: H,
    camera,
    keepGroup: (g) => keep[g]!,
    background: null,
    shading: POSTER_STYLE.shading,
    target: pixels,
    buffers,
  });
  const raster = lap();
  const shadowPolygon = foot.hull
    .map(([x, z]) => {
      // Grown a little outwards from the box's centre, so the shadow shows around the walls.
      const gx = x + Math.sign(x - (foot.x0 + foot.x1) / 2) * size * 0.03;
      const gz = z + Math.sign(z - (foot.z0 + foot.z1) / 2) * size * 0.03;
      return projectPoint(camera, W, H, [gx, shadowY, gz]);
    })
    .filter((p): p is [number, number] => p !== null);
  const shadow = softMask(W, H, shadowPolygon, POSTER_STYLE.shadowBlur * Math.min(W, H), borrow(Uint8Array, W * H));
  finish(pixels, depth, ids, W, H, camera, isGround, fade, shadow, POSTER_STYLE);
  giveBack(depth, ids, shadow.mask);

  const finished = lap();
  const small = downsample(pixels, W, H, ss);
  giveBack(pixels);
  const raw = sharp(small, { raw: { width, height, channels: 3 } });
  const webp = await raw
    .clone()
    // Effort 2 takes half the time of 4 for 9 % more bytes (at 20 kB a poster).
    .webp({ quality: opts.quality?.webp ?? 82, effort: 2 })
    .toBuffer();
  const avif = opts.avif
    ? await raw
        .clone()
        .avif({ quality: opts.quality?.avif ?? 60, effort: 3 })
        .toBuffer()
    : undefined;
  const poster: Poster = { webp, camera, timings: { frame, raster, finish: finished, encode: lap() } };
  if (avif) poster.avif = avif;
  return poster;
}
