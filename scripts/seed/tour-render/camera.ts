/**
 * Pinhole cameras for the CPU renderer: the view basis, and a framing that fits a model in the
 * picture from a chosen direction (the "dollhouse" view of the posters).
 */
/** A point or direction, metres. */
export type Vec3 = readonly [number, number, number];

/** A perspective camera: where it stands, what it looks at, and its vertical field of view. */
export interface Camera {
  position: Vec3;
  target: Vec3;
  /** Vertical field of view, degrees. */
  fovDeg: number;
}

/** A camera's orthonormal basis: `right`, `up` and `forward` (towards the target). */
export interface ViewBasis {
  right: Vec3;
  up: Vec3;
  forward: Vec3;
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const normalize = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/** The basis of a camera looking from `position` at `target`, y up (a camera looking straight down keeps -z as up). */
export function viewBasis(camera: Camera): ViewBasis {
  const forward = normalize(sub(camera.target, camera.position));
  let right = cross(forward, [0, 1, 0]);
  if (Math.hypot(...right) < 1e-6) right = cross(forward, [0, 0, -1]);
  right = normalize(right);
  return { right, up: cross(right, forward), forward };
}

/** How to frame a model from outside. */
export interface ExteriorFraming {
  /** Compass bearing the camera looks from, degrees: 0 from the south (+z), 90 from the east (+x). */
  azimuthDeg: number;
  /** How far above the horizon the camera looks down from, degrees. */
  elevationDeg: number;
  fovDeg: number;
  /** Empty border around the model, a fraction of the picture's smaller side. */
  margin: number;
}

/** The default dollhouse view: a 3/4 view from the south-east, 40° from above, a long lens. */
export const DOLLHOUSE_FRAMING: ExteriorFraming = { azimuthDeg: 32, elevationDeg: 40, fovDeg: 30, margin: 0.06 };

/**
 * A camera that fits `points` (flat `x, y, z` triples, e.g. the drawn vertices of a model) in an
 * `aspect` (width / height) picture from the framing's direction, centred on their projection.
 */
export function frameExterior(points: ArrayLike<number>, aspect: number, framing: ExteriorFraming = DOLLHOUSE_FRAMING): Camera {
  if (points.length < 3) throw new Error('Nothing to frame: no points given.');
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < points.length; i++) {
    min[i % 3] = Math.min(min[i % 3]!, points[i]!);
    max[i % 3] = Math.max(max[i % 3]!, points[i]!);
  }
  const az = (framing.azimuthDeg * Math.PI) / 180;
  const el = (framing.elevationDeg * Math.PI) / 180;
  // From the target towards the camera.
  const back: Vec3 = [Math.sin(az) * Math.cos(el), Math.sin(el), Math.cos(az) * Math.cos(el)];
  let target: Vec3 = [(min[0]! + max[0]!) / 2, (min[1]! + max[1]!) / 2, (min[2]! + max[2]!) / 2];
  let distance = Math.hypot(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!) * 2 + 1;
  const tanY = Math.tan((framing.fovDeg * Math.PI) / 360);
  const tanX = tanY * aspect;
  const usable = 1 - 2 * framing.margin * Math.min(1, 1 / aspect);
  const usableY = 1 - 2 * framing.margin * Math.min(1, aspect);
  // A few fixed-point steps: centre the projected extent, then scale the distance to fit it.
  for (let step = 0; step < 8; step++) {
    const position: Vec3 = [target[0] + back[0] * distance, target[1] + back[1] * distance, target[2] + back[2] * distance];
    const { right, up, forward } = viewBasis({ position, target, fovDeg: framing.fovDeg });
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    const [px, py, pz] = position;
    const [rx, ry, rz] = right;
    const [ux, uy, uz] = up;
    const [fx, fy, fz] = forward;
    for (let i = 0; i < points.length; i += 3) {
      const dx = points[i]! - px;
      const dy = points[i + 1]! - py;
      const dz = points[i + 2]! - pz;
      const z = Math.max(1e-3, dx * fx + dy * fy + dz * fz);
      const sx = (dx * rx + dy * ry + dz * rz) / z / tanX;
      const sy = (dx * ux + dy * uy + dz * uz) / z / tanY;
      if (sx < x0) x0 = sx;
      if (sx > x1) x1 = sx;
      if (sy < y0) y0 = sy;
      if (sy > y1) y1 = sy;
    }
    // Move the target across the view so the projection is centred (at the target's depth).
    const cx = ((x0 + x1) / 2) * tanX * distance;
    const cy = ((y0 + y1) / 2) * tanY * distance;
    target = [target[0] + right[0] * cx + up[0] * cy, target[1] + right[1] * cx + up[1] * cy, target[2] + right[2] * cx + up[2] * cy];
    const fill = Math.max((x1 - x0) / 2 / usable, (y1 - y0) / 2 / usableY);
    distance *= fill;
  }
  const position: Vec3 = [target[0] + back[0] * distance, target[1] + back[1] * distance, target[2] + back[2] * distance];
  return { position, target, fovDeg: framing.fovDeg };
}

/** Where a world point lands in a `width × height` picture taken by `camera` (pixels, y down), or null behind it. */
export function projectPoint(camera: Camera, width: number, height: number, point: Vec3): [number, number] | null {
  const { right, up, forward } = viewBasis(camera);
  const d = sub(point, camera.position);
  const z = dot(d, forward);
  if (z <= 1e-6) return null;
  const focal = height / 2 / Math.tan((camera.fovDeg * Math.PI) / 360);
  return [width / 2 + (focal * dot(d, right)) / z, height / 2 - (focal * dot(d, up)) / z];
}
