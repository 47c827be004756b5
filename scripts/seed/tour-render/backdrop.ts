/**
 * The poster's backdrop, painted straight into the rasterizer's pixels (an SVG blur through
 * librsvg took longer than drawing the whole model): a vertical gradient, and a soft mask for
 * the ground shadow.
 */

/** An sRGB colour, 0–255 per channel. */
export type Rgb = readonly [number, number, number];

/** The gradient's colour at row `y` of `height`. */
export function gradientAt(top: Rgb, bottom: Rgb, y: number, height: number): Rgb {
  const t = height > 1 ? y / (height - 1) : 0;
  return [Math.round(top[0] + (bottom[0] - top[0]) * t), Math.round(top[1] + (bottom[1] - top[1]) * t), Math.round(top[2] + (bottom[2] - top[2]) * t)];
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** An opaque sRGB colour as one 32-bit word of RGBA bytes, in this machine's byte order. */
export function packRgb([r, g, b]: Rgb): number {
  return LITTLE_ENDIAN ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
}

/**
 * Averages `factor × factor` blocks of RGBA pixels into RGB ones: the supersampled picture's
 * resolve, a box filter (faster than sharp's resize on the raw buffer, and what SSAA means).
 */
export function downsample(data: Uint8ClampedArray, width: number, height: number, factor: number): Buffer {
  const w = Math.floor(width / factor);
  const h = Math.floor(height / factor);
  const out = Buffer.alloc(w * h * 3);
  const n = factor * factor;
  const half = n >> 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < factor; dy++) {
        let o = ((y * factor + dy) * width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, o += 4) {
          r += data[o]!;
          g += data[o + 1]!;
          b += data[o + 2]!;
        }
      }
      const p = (y * w + x) * 3;
      out[p] = ((r + half) / n) | 0;
      out[p + 1] = ((g + half) / n) | 0;
      out[p + 2] = ((b + half) / n) | 0;
    }
  }
  return out;
}

/** Paints a vertical gradient into RGBA pixels, alpha 255. */
export function paintGradient(data: Uint8ClampedArray, width: number, height: number, top: Rgb, bottom: Rgb): void {
  // Whole rows at once through a 32-bit view.
  const words = new Uint32Array(data.buffer, data.byteOffset, width * height);
  for (let y = 0; y < height; y++) words.fill(packRgb(gradientAt(top, bottom, y, height)), y * width, (y + 1) * width);
}

/** Is the point inside the polygon (even-odd)? */
function inside(x: number, y: number, poly: readonly (readonly [number, number])[]): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** One pass of a box blur along rows (`horizontal`) or columns. */
function boxBlur(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, horizontal: boolean): void {
  const n = horizontal ? w : h;
  const lines = horizontal ? h : w;
  const step = horizontal ? 1 : w;
  const norm = 1 / (2 * r + 1);
  for (let l = 0; l < lines; l++) {
    const start = horizontal ? l * w : l;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[start + Math.min(n - 1, Math.max(0, k)) * step]!;
    for (let i = 0; i < n; i++) {
      dst[start + i * step] = acc * norm;
      acc += src[start + Math.min(n - 1, i + r + 1) * step]! - src[start + Math.max(0, i - r) * step]!;
    }
  }
}

/** A soft mask and the box of pixels where it is not 0. */
export interface SoftMask {
  mask: Uint8Array;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A blurred polygon (pixel coordinates) as coverage 0–255 per pixel. Drawn at an eighth of the
 * size and blurred there (three box passes approach a Gaussian of `blur` pixels), then stretched
 * back bilinearly: it is soft anyway. `out` must be zero-filled. Answers the mask and the box of
 * pixels it may cover (`left ≤ x < right`, `top ≤ y < bottom`); it is 0 outside.
 */
export function softMask(
  width: number,
  height: number,
  polygon: readonly (readonly [number, number])[],
  blur: number,
  out = new Uint8Array(width * height),
): SoftMask {
  if (polygon.length < 3) return { mask: out, left: 0, top: 0, right: 0, bottom: 0 };
  const f = 8;
  const w = Math.ceil(width / f);
  const h = Math.ceil(height / f);
  const mask = new Float32Array(w * h);
  const tmp = new Float32Array(w * h);
  const small = polygon.map(([x, y]) => [x / f, y / f] as const);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (inside(x + 0.5, y + 0.5, small)) mask[y * w + x] = 1;
  const r = Math.max(1, Math.round(blur / f / 1.7));
  for (let pass = 0; pass < 3; pass++) {
    boxBlur(mask, tmp, w, h, r, true);
    boxBlur(tmp, mask, w, h, r, false);
  }
  // Only the pixels the blur can reach.
  const reach = 3 * r * f + f;
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  const left = Math.max(0, Math.floor(Math.min(...xs) - reach));
  const right = Math.min(width, Math.ceil(Math.max(...xs) + reach));
  const top = Math.max(0, Math.floor(Math.min(...ys) - reach));
  const bottom = Math.min(height, Math.ceil(Math.max(...ys) + reach));
  const cols = Math.max(0, right - left);
  const cx0 = new Int32Array(cols);
  const cx1 = new Int32Array(cols);
  const ctx = new Float32Array(cols);
  for (let i = 0; i < cols; i++) {
    const fx = Math.min(w - 1, Math.max(0, (left + i + 0.5) / f - 0.5));
    cx0[i] = Math.floor(fx);
    cx1[i] = Math.min(w - 1, cx0[i]! + 1);
    ctx[i] = fx - cx0[i]!;
  }
  for (let y = top; y < bottom; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const y0 = Math.floor(fy);
    const row0 = y0 * w;
    const row1 = Math.min(h - 1, y0 + 1) * w;
    const ty = fy - y0;
    for (let i = 0; i < cols; i++) {
      const x0 = cx0[i]!;
      const x1 = cx1[i]!;
      const tx = ctx[i]!;
      const a = (mask[row0 + x0]! * (1 - tx) + mask[row0 + x1]! * tx) * (1 - ty) + (mask[row1 + x0]! * (1 - tx) + mask[row1 + x1]! * tx) * ty;
      out[y * width + left + i] = Math.round(a * 255);
    }
  }
  return { mask: out, left, top, right, bottom };
}
