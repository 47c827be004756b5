/**
 * The poster's finishing pass: the model's flat ground fades into the backdrop away from the
 * building (world positions come back from the depth buffer) and a soft shadow darkens the ground.
 */
import { gradientAt, packRgb, type Rgb, type SoftMask } from './backdrop.ts';
import { viewBasis, type Camera } from './camera.ts';

/** How high above the lowest ground vertex a ground surface still counts as flat ground, metres. */
export const FLAT = 0.25;
/** The width of the soft band along the flat ground's own edges: a fraction of the building's size, at least this many metres. */
export const EDGE = { fraction: 0.06, min: 0.7 };

/** The backdrop's gradient and the shadow's colour and strength. */
export interface FinishStyle {
  top: Rgb;
  bottom: Rgb;
  shadow: Rgb;
  shadowOpacity: number;
}

/** A box on the plan, metres. */
export interface PlanBox {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

/** Where the flat ground fades: away from `around` (between `start` and `end` metres), and along the ground's own edges. */
export interface GroundFade {
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

/** The plan box of points (flat `x, y, z`) whose height `filter` accepts, or null for none. */
export function boxOf(points: ArrayLike<number>, filter: (y: number) => boolean = () => true): PlanBox | null {
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

/** The box around both (the first alone when the second is null). */
export const union = (a: PlanBox, b: PlanBox | null): PlanBox =>
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
 * After the model is drawn: fades the flat ground's pixels into the backdrop (their world position
 * comes back from the depth buffer), and darkens the ground and the backdrop under the soft shadow.
 */
export function finish(
  data: Uint8ClampedArray,
  depth: Float32Array,
  ids: Uint32Array,
  W: number,
  H: number,
  camera: Camera,
  isGround: readonly boolean[],
  fade: GroundFade,
  soft: SoftMask,
  style: FinishStyle,
): void {
  const shadow = soft.mask;
  const words = new Uint32Array(data.buffer, data.byteOffset, W * H);
  // ids hold group + 1: 0 (nothing drawn) counts as ground for the shadow.
  const groundId = Uint8Array.from([1, ...isGround.map((g) => (g ? 1 : 0))]);
  const { right, up, forward } = viewBasis(camera);
  const focal = H / 2 / Math.tan((camera.fovDeg * Math.PI) / 360);
  const [cx, cy, cz] = camera.position;
  const [sr, sg, sb] = style.shadow;
  const k = style.shadowOpacity / 255;
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
    const backdrop = gradientAt(style.top, style.bottom, y, H);
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
