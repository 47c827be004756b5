/**
 * The poster of a tour (issue 23): the space's own model seen as a dollhouse, 3/4 from above with
 * the ceilings off, on a soft backdrop, so a card shows what the tour shows. The model's ground
 * (its `site`: lawn, trees, terrace) fades into the backdrop around the building like a diorama,
 * and the building leaves a soft contact shadow; what stands on the ground (trees) stays solid.
 */
import sharp from 'sharp';
import { downsample, gradientAt, packRgb, paintGradient, softMask, type Rgb, type SoftMask } from './backdrop.ts';
import { DOLLHOUSE_FRAMING, frameExterior, projectPoint, viewBasis, type Camera, type ExteriorFraming } from './camera.ts';
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
 * A convex polygon around 2D points (flat `x, z` pairs): the farthest point in each of `k` directions,
 * in order. Close to the convex hull for a soft shadow, in one pass and without sorting 50k points.
 */
function extremePolygon(xz: ArrayLike<number>, k = 48): [number, number][] {
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
interface Footprint {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
  groundY: number;
  hull: [number, number][];
}

function footprintOf(points: Float32Array): Footprint {
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

/** How high above the lowest ground vertex a ground surface still counts as flat ground, metres. */
const FLAT = 0.25;
/** The width of the soft band along the flat ground's own edges: a fraction of the building's size, at least this many metres. */
const EDGE = { fraction: 0.06, min: 0.7 };

/** A box on the plan, metres. */
interface PlanBox {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

/** Where the flat ground fades: away from `around` (between `start` and `end` metres), and along the ground's own edges. */
interface GroundFade {
  around: PlanBox;
  start: number;
  end: number;
  /** The flat ground's box, or null when the model has none. */
  edges: PlanBox | null;
  /** The flat ground's level, metres. */
  level: number;
  /** The soft band along the ground's edges, metres. */
  edge: number;
}

function boxOf(points: ArrayLike<number>, filter: (y: number) => boolean = () => true): PlanBox | null {
  const b: PlanBox = { x0: Infinity, z0: Infinity, x1: -Infinity, z1: -Infinity };
  for (let i = 0; i < points.length; i += 3) {
    if (!filter(points[i + 1]!)) continue;
    b.x0 = Math.min(b.x0, points[i]!);
    b.x1 = Math.max(b.x1, points[i]!);
    b.z0 = Math.min(b.z0, points[i + 2]!);
    b.z1 = Math.max(b.z1, points[i + 2]!);
  }
  return b.x0 <= b.x1 ? b : null;
}

const union = (a: PlanBox, b: PlanBox | null): PlanBox =>
  b ? { x0: Math.min(a.x0, b.x0), z0: Math.min(a.z0, b.z0), x1: Math.max(a.x1, b.x1), z1: Math.max(a.z1, b.z1) } : a;

/** 1 at `e0` and below, 0 at `e1` and above, smooth between. */
function fall(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return 1 - t * t * (3 - 2 * t);
}

/** How much of a flat ground point stays (1) or gives way to the backdrop (0). */
function groundAlpha(fade: GroundFade, x: number, z: number): number {
  const { around: a, edges: e } = fade;
  const dx = a.x0 - x > 0 ? a.x0 - x : x - a.x1 > 0 ? x - a.x1 : 0;
  const dz = a.z0 - z > 0 ? a.z0 - z : z - a.z1 > 0 ? z - a.z1 : 0;
  const away = Math.sqrt(dx * dx + dz * dz);
  let alpha = fall(fade.start, fade.end, away);
  if (e) alpha *= 1 - fall(0, fade.edge, Math.min(x - e.x0, e.x1 - x, z - e.z0, e.z1 - z));
  return alpha;
}

/**
 * How high the framing looks: a little above where nearly all the building's surface lies, so a
 * thin mast or spire may leave the picture rather than shrink the building to a speck. The
 * building's own height counts in full when it is tall (a lighthouse): its surface goes up too.
 */
function framingCap(mesh: Mesh, keep: (group: number) => boolean, size: number): number {
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

/**
 * After the model is drawn: fades the flat ground's pixels into the backdrop (their world position
 * comes back from the depth buffer), and darkens the ground and the backdrop under the soft shadow.
 */
function finish(
  data: Uint8ClampedArray,
  depth: Float32Array,
  ids: Uint32Array,
  W: number,
  H: number,
  camera: Camera,
  isGround: readonly boolean[],
  fade: GroundFade,
  soft: SoftMask,
): void {
  const shadow = soft.mask;
  const words = new Uint32Array(data.buffer, data.byteOffset, W * H);
  // ids hold group + 1: 0 (nothing drawn) counts as ground for the shadow.
  const groundId = Uint8Array.from([1, ...isGround.map((g) => (g ? 1 : 0))]);
  const { right, up, forward } = viewBasis(camera);
  const focal = H / 2 / Math.tan((camera.fovDeg * Math.PI) / 360);
  const [cx, cy, cz] = camera.position;
  const [sr, sg, sb] = POSTER_STYLE.shadow;
  const k = POSTER_STYLE.shadowOpacity / 255;
  const { around: box, start, end } = fade;
  const start2 = start * start;
  const end2 = end * end;
  const inner = fade.edges
    ? { x0: fade.edges.x0 + fade.edge, z0: fade.edges.z0 + fade.edge, x1: fade.edges.x1 - fade.edge, z1: fade.edges.z1 - fade.edge }
    : null;
  const flatTop = fade.level + FLAT;
  // Without ground, only the shadow's box has anything to do.
  const anyGround = isGround.some(Boolean);
  const rows = anyGround ? [0, H] : [soft.top, soft.bottom];
  const cols = anyGround ? [0, W] : [soft.left, soft.right];
  for (let y = rows[0]!; y < rows[1]!; y++) {
    const backdrop = gradientAt(POSTER_STYLE.top, POSTER_STYLE.bottom, y, H);
    const [br, bg, bb] = backdrop;
    const backdropWord = packRgb(backdrop);
    // The ray through (x, y) points along base + vx · right, vx = (x + 0.5 - W / 2) / focal.
    const vy = -(y + 0.5 - H / 2) / focal;
    const baseX = vy * up[0] + forward[0];
    const baseY = vy * up[1] + forward[1];
    const baseZ = vy * up[2] + forward[2];
    for (let x = cols[0]!, i = y * W + x; x < cols[1]!; x++, i++) {
      const id = ids[i]!;
      if (!groundId[id]) continue;
      const o = 4 * i;
      if (id !== 0) {
        // The pixel's point in the world: along the ray through it, at the depth drawn there.
        const z = 1 / depth[i]!;
        const vx = (x + 0.5 - W / 2) / focal;
        // Only the flat ground fades; what stands on it stays solid.
        if (cy + z * (baseY + vx * right[1]) > flatTop) continue;
        const wx = cx + z * (baseX + vx * right[0]);
        const wz = cz + z * (baseZ + vx * right[2]);
        const dx = box.x0 - wx > 0 ? box.x0 - wx : wx - box.x1 > 0 ? wx - box.x1 : 0;
        const dz = box.z0 - wz > 0 ? box.z0 - wz : wz - box.z1 > 0 ? wz - box.z1 : 0;
        const d2 = dx * dx + dz * dz;
        if (d2 >= end2) {
          words[i] = backdropWord;
        } else if (d2 > start2 || (inner && (wx < inner.x0 || wx > inner.x1 || wz < inner.z0 || wz > inner.z1))) {
          const keep = groundAlpha(fade, wx, wz);
          data[o] = br + (data[o]! - br) * keep;
          data[o + 1] = bg + (data[o + 1]! - bg) * keep;
          data[o + 2] = bb + (data[o + 2]! - bb) * keep;
        }
      }
      const s = shadow[i]!;
      if (s > 0) {
        const a = s * k;
        data[o] = data[o]! + (sr - data[o]!) * a;
        data[o + 1] = data[o + 1]! + (sg - data[o + 1]!) * a;
        data[o + 2] = data[o + 2]! + (sb - data[o + 2]!) * a;
      }
    }
  }
}

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
  const camera = frameExterior(framed, width / height, { ...DOLLHOUSE_FRAMING, ...opts.framing });

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
  finish(pixels, depth, ids, W, H, camera, isGround, fade, shadow);
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
