/**
 * A small triangle rasterizer with a z-buffer (issue 23): perspective-correct vertex colours,
 * near-plane clipping, back-face culling for single-sided materials, blended see-through
 * materials, and an optional touch of face shading. Software WebGL in Chromium takes seconds
 * per big frame; this draws a 50k-triangle model at 2400×1600 in well under a second.
 */
import { packRgb } from './backdrop.ts';
import { viewBasis, type Camera } from './camera.ts';
import type { Mesh } from './read-model.ts';

/** What to draw and how. */
export interface RasterOptions {
  width: number;
  height: number;
  camera: Camera;
  /** Triangles whose group this refuses are not drawn. */
  keepGroup?: (group: number) => boolean;
  /** sRGB 0–255 colour of the empty pixels (alpha 255), or null for transparent ones (alpha 0). */
  background: readonly [number, number, number] | null;
  /**
   * How much a fixed light from the upper left darkens faces turned away from it, 0–1. The models
   * carry baked lighting, so 0 shows them as the tour does; a little separates walls from floors.
   */
  shading?: number;
  /** Draw over these pixels (`width × height × 4`, e.g. a painted backdrop) instead of `background`. */
  target?: Uint8ClampedArray;
  /**
   * The near plane's distance along the view axis (0.02 m when left out). Seen from straight above,
   * a plane cutting the model at a height: a floor plan's section.
   */
  near?: number;
  /** Draws only the triangles reaching into this band of heights `[min, max]`, metres (a floor of a plan). */
  clipY?: readonly [number, number];
  /** Zero-filled buffers to use for `depth` and `ids` (`width × height`), instead of new ones. */
  buffers?: RasterBuffers;
}

/** What the rasterizer leaves besides the colours, for passes after it. */
export interface RasterBuffers {
  /** 1 / depth along the view axis per pixel (0 where nothing opaque was drawn). */
  depth: Float32Array;
  /** The group index + 1 of the opaque triangle seen at each pixel (0 for none). */
  ids: Uint32Array;
}

/** Raw pixels: `width × height × 4` bytes, RGBA, sRGB, rows top to bottom. */
export interface RasterImage extends RasterBuffers {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

const DEFAULT_NEAR = 0.02;

/** Where R, G, B and an opaque alpha sit in a pixel read as one 32-bit word, in this machine's byte order. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const SHIFT_R = LITTLE_ENDIAN ? 0 : 24;
const SHIFT_G = LITTLE_ENDIAN ? 8 : 16;
const SHIFT_B = LITTLE_ENDIAN ? 16 : 8;
const OPAQUE = LITTLE_ENDIAN ? 255 << 24 : 255;

/** The light direction (towards the light) for `shading`: from above, the camera's left and behind. */
const LIGHT: readonly [number, number, number] = (() => {
  const l = [-0.45, 0.8, 0.4];
  const n = Math.hypot(l[0]!, l[1]!, l[2]!);
  return [l[0]! / n, l[1]! / n, l[2]! / n];
})();

function linearToSrgb255(c: number): number {
  const v = c <= 0 ? 0 : c >= 1 ? 1 : c;
  return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
}

/** Renders a mesh to RGBA pixels (synchronously; see `renderView` for the promise-returning API). */
export function rasterize(mesh: Mesh, opts: RasterOptions): RasterImage {
  const { width: W, height: H } = opts;
  const data = opts.target ?? new Uint8ClampedArray(W * H * 4);
  if (data.length !== W * H * 4) throw new Error(`The target holds ${data.length} bytes, not ${W}×${H}×4.`);
  const depth = opts.buffers?.depth ?? new Float32Array(W * H); // 1/z, 0 = far: nearer is greater
  const ids = opts.buffers?.ids ?? new Uint32Array(W * H);
  if (depth.length !== W * H || ids.length !== W * H) throw new Error(`The depth and id buffers must hold ${W}×${H} values.`);
  // Opaque pixels are written as one 32-bit word.
  const words = new Uint32Array(data.buffer, data.byteOffset, W * H);
  if (opts.background && !opts.target) words.fill(packRgb(opts.background));

  const { camera } = opts;
  const { right, up, forward } = viewBasis(camera);
  const [cx, cy, cz] = camera.position;
  const focal = H / 2 / Math.tan((camera.fovDeg * Math.PI) / 360);
  const halfW = W / 2;
  const halfH = H / 2;

  // View space and sRGB colours of every vertex, once; 4 more slots take a clipped triangle's corners.
  const n = mesh.positions.length / 3;
  const slots = n + 4;
  const vx = new Float64Array(slots);
  const vy = new Float64Array(slots);
  const vz = new Float64Array(slots);
  const sr = new Float32Array(slots);
  const sg = new Float32Array(slots);
  const sb = new Float32Array(slots);
  const P = mesh.positions;
  const C = mesh.colors;
  for (let i = 0; i < n; i++) {
    const dx = P[3 * i]! - cx;
    const dy = P[3 * i + 1]! - cy;
    const dz = P[3 * i + 2]! - cz;
    vx[i] = dx * right[0] + dy * right[1] + dz * right[2];
    vy[i] = dx * up[0] + dy * up[1] + dz * up[2];
    vz[i] = dx * forward[0] + dy * forward[1] + dz * forward[2];
    sr[i] = linearToSrgb255(C[3 * i]!);
    sg[i] = linearToSrgb255(C[3 * i + 1]!);
    sb[i] = linearToSrgb255(C[3 * i + 2]!);
  }

  const shading = opts.shading ?? 0;
  const near = opts.near ?? DEFAULT_NEAR;
  const { clipY } = opts;
  const keep = mesh.groups.map((_, g) => opts.keepGroup?.(g) ?? true);

  /** Draws one view-space triangle (vertex slots `a`, `b`, `c`) already in front of the near plane. */
  const fill = (a: number, b: number, c: number, doubleSided: boolean, shade: number, opacity: number, id: number): void => {
    const iz0 = 1 / vz[a]!;
    const iz1 = 1 / vz[b]!;
    const iz2 = 1 / vz[c]!;
    let x0 = halfW + focal * vx[a]! * iz0;
    let y0 = halfH - focal * vy[a]! * iz0;
    let x1 = halfW + focal * vx[b]! * iz1;
    let y1 = halfH - focal * vy[b]! * iz1;
    const x2 = halfW + focal * vx[c]! * iz2;
    const y2 = halfH - focal * vy[c]! * iz2;
    let area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    // Counter-clockwise in the world is clockwise on the y-down screen: a front face has area < 0.
    if (area === 0 || (area > 0 && !doubleSided)) return;
    let p0 = a;
    let p1 = b;
    let q0 = iz0;
    let q1 = iz1;
    if (area < 0) {
      // Make the winding positive so the edge functions are all >= 0 inside.
      const tx = x0;
      x0 = x1;
      x1 = tx;
      const ty = y0;
      y0 = y1;
      y1 = ty;
      p0 = b;
      p1 = a;
      q0 = iz1;
      q1 = iz0;
      area = -area;
    }
    const minX = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
    const maxX = Math.min(W - 1, Math.ceil(Math.max(x0, x1, x2)));
    const minY = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
    const maxY = Math.min(H - 1, Math.ceil(Math.max(y0, y1, y2)));
    if (minX > maxX || minY > maxY) return;
    const invArea = 1 / area;
    const r0 = sr[p0]! * q0 * shade;
    const r1 = sr[p1]! * q1 * shade;
    const r2 = sr[c]! * iz2 * shade;
    const g0 = sg[p0]! * q0 * shade;
    const g1 = sg[p1]! * q1 * shade;
    const g2 = sg[c]! * iz2 * shade;
    const b0 = sb[p0]! * q0 * shade;
    const b1 = sb[p1]! * q1 * shade;
    const b2 = sb[c]! * iz2 * shade;
    // Edge functions w_k(x, y) = A_k * x + B_k * y + C_k, each >= 0 inside.
    const A0 = y1 - y2;
    const B0 = x2 - x1;
    const C0 = x1 * y2 - x2 * y1;
    const A1 = y2 - y0;
    const B1 = x0 - x2;
    const C1 = x2 * y0 - x0 * y2;
    const A2 = y0 - y1;
    const B2 = x1 - x0;
    const C2 = x0 * y1 - x1 * y0;
    const blend = opacity < 1;
    for (let py = minY; py <= maxY; py++) {
      const fy = py + 0.5;
      const e0 = B0 * fy + C0;
      const e1 = B1 * fy + C1;
      const e2 = B2 * fy + C2;
      // The span of this row where all three edge functions are >= 0.
      let lo = minX + 0.5;
      let hi = maxX + 0.5;
      if (A0 > 0) lo = Math.max(lo, -e0 / A0);
      else if (A0 < 0) hi = Math.min(hi, -e0 / A0);
      else if (e0 < 0) continue;
      if (A1 > 0) lo = Math.max(lo, -e1 / A1);
      else if (A1 < 0) hi = Math.min(hi, -e1 / A1);
      else if (e1 < 0) continue;
      if (A2 > 0) lo = Math.max(lo, -e2 / A2);
      else if (A2 < 0) hi = Math.min(hi, -e2 / A2);
      else if (e2 < 0) continue;
      const xs = Math.max(minX, Math.ceil(lo - 0.5));
      const xe = Math.min(maxX, Math.floor(hi - 0.5));
      const row = py * W;
      for (let px = xs; px <= xe; px++) {
        const fx = px + 0.5;
        const w0 = A0 * fx + e0;
        const w1 = A1 * fx + e1;
        const w2 = A2 * fx + e2;
        const den = w0 * q0 + w1 * q1 + w2 * iz2;
        const z = den * invArea;
        const idx = row + px;
        if (z <= depth[idx]!) continue;
        const inv = 1 / den;
        const r = (w0 * r0 + w1 * r1 + w2 * r2) * inv;
        const g = (w0 * g0 + w1 * g1 + w2 * g2) * inv;
        const b = (w0 * b0 + w1 * b1 + w2 * b2) * inv;
        if (blend) {
          const o = idx * 4;
          const k = 1 - opacity;
          data[o] = r * opacity + data[o]! * k;
          data[o + 1] = g * opacity + data[o + 1]! * k;
          data[o + 2] = b * opacity + data[o + 2]! * k;
          data[o + 3] = 255 * opacity + data[o + 3]! * k;
        } else {
          depth[idx] = z;
          ids[idx] = id;
          words[idx] = (((r + 0.5) | 0) << SHIFT_R) | (((g + 0.5) | 0) << SHIFT_G) | (((b + 0.5) | 0) << SHIFT_B) | OPAQUE;
        }
      }
    }
  };

  /** Puts the point between vertex slots `a` (behind the near plane or not) and `b`, on the plane, in slot `to`. */
  const cut = (a: number, b: number, to: number): void => {
    const t = (near - vz[a]!) / (vz[b]! - vz[a]!);
    vx[to] = vx[a]! + (vx[b]! - vx[a]!) * t;
    vy[to] = vy[a]! + (vy[b]! - vy[a]!) * t;
    vz[to] = near;
    sr[to] = sr[a]! + (sr[b]! - sr[a]!) * t;
    sg[to] = sg[a]! + (sg[b]! - sg[a]!) * t;
    sb[to] = sb[a]! + (sb[b]! - sb[a]!) * t;
  };
  const copy = (from: number, to: number): void => {
    vx[to] = vx[from]!;
    vy[to] = vy[from]!;
    vz[to] = vz[from]!;
    sr[to] = sr[from]!;
    sg[to] = sg[from]!;
    sb[to] = sb[from]!;
  };
  const corners = [0, 0, 0];

  const I = mesh.indices;
  const TG = mesh.triangleGroups;
  const drawPass = (seeThrough: boolean): void => {
    for (let t = 0; t < TG.length; t++) {
      const group = TG[t]!;
      const info = mesh.groups[group]!;
      if (!keep[group] || info.opacity <= 0 || info.opacity < 1 !== seeThrough) continue;
      const i0 = I[3 * t]!;
      const i1 = I[3 * t + 1]!;
      const i2 = I[3 * t + 2]!;
      if (clipY) {
        const y0 = P[3 * i0 + 1]!;
        const y1 = P[3 * i1 + 1]!;
        const y2 = P[3 * i2 + 1]!;
        if ((y0 > clipY[1] && y1 > clipY[1] && y2 > clipY[1]) || (y0 < clipY[0] && y1 < clipY[0] && y2 < clipY[0])) continue;
      }
      const z0 = vz[i0]!;
      const z1 = vz[i1]!;
      const z2 = vz[i2]!;
      if (z0 < near && z1 < near && z2 < near) continue;
      let shade = 1;
      if (shading > 0) {
        const ax = P[3 * i1]! - P[3 * i0]!;
        const ay = P[3 * i1 + 1]! - P[3 * i0 + 1]!;
        const az = P[3 * i1 + 2]! - P[3 * i0 + 2]!;
        const bx = P[3 * i2]! - P[3 * i0]!;
        const by = P[3 * i2 + 1]! - P[3 * i0 + 1]!;
        const bz = P[3 * i2 + 2]! - P[3 * i0 + 2]!;
        let nx = ay * bz - az * by;
        let ny = az * bx - ax * bz;
        let nz = ax * by - ay * bx;
        const len = Math.hypot(nx, ny, nz) || 1;
        // Seen from behind (double-sided), the face's normal is the other one.
        const towards = nx * (cx - P[3 * i0]!) + ny * (cy - P[3 * i0 + 1]!) + nz * (cz - P[3 * i0 + 2]!);
        const s = towards < 0 ? -1 / len : 1 / len;
        nx *= s;
        ny *= s;
        nz *= s;
        const lambert = Math.max(0, nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2]);
        shade = 1 - shading + shading * lambert;
      }
      if (z0 >= near && z1 >= near && z2 >= near) {
        fill(i0, i1, i2, info.doubleSided, shade, info.opacity, group + 1);
        continue;
      }
      // Clip against the near plane (Sutherland–Hodgman) into the spare slots, then fan the polygon.
      corners[0] = i0;
      corners[1] = i1;
      corners[2] = i2;
      let count = 0;
      for (let k = 0; k < 3; k++) {
        const a = corners[k]!;
        const b = corners[(k + 1) % 3]!;
        if (vz[a]! >= near) copy(a, n + count++);
        if (vz[a]! >= near !== vz[b]! >= near) cut(a, b, n + count++);
      }
      for (let k = 1; k + 1 < count; k++) fill(n, n + k, n + k + 1, info.doubleSided, shade, info.opacity, group + 1);
    }
  };
  drawPass(false);
  drawPass(true);
  return { data, width: W, height: H, depth, ids };
}
