/**
 * Triangle soup with colours baked on the CPU: each vertex gets its surface colour times a light
 * term (ambient + one sun direction + a little sky) times an occlusion term (darker near the floor
 * and near a room's walls), so an unlit material shows a lit-looking room without a GPU light.
 */

/** An sRGB colour, 0–255 per channel (as a designer writes it). */
export type Rgb = readonly [number, number, number];
/** A point `[x, y, z]`, metres. */
export type Vec3 = readonly [number, number, number];

/** What shades a surface besides its normal: its floor level and, for floors and ceilings, the room outline. */
export interface Shade {
  /** The floor level the occlusion measures heights from. */
  floorY: number;
  /** Ceiling level: walls darken a little just under it. */
  ceilY?: number;
  /** Room outline `[x, z][]`: floor and ceiling vertices darken near its edges. */
  outline?: readonly (readonly [number, number])[];
  /** Multiplies the colour (a room's light). */
  tint?: number;
  /** Skip occlusion (outside surfaces: roofs, hulls, ground). */
  outside?: boolean;
}

const SUN: Vec3 = normalize([0.45, 0.8, 0.38]);

function normalize(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

function smooth(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

/** Distance from a plan point to a polygon's boundary. */
export function distanceToOutline(x: number, z: number, outline: readonly (readonly [number, number])[]): number {
  let best = Infinity;
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i] as readonly [number, number];
    const b = outline[(i + 1) % outline.length] as readonly [number, number];
    const dx = b[0] - a[0];
    const dz = b[1] - a[1];
    const len2 = dx * dx + dz * dz || 1;
    const t = Math.min(1, Math.max(0, ((x - a[0]) * dx + (z - a[1]) * dz) / len2));
    best = Math.min(best, Math.hypot(x - a[0] - t * dx, z - a[1] - t * dz));
  }
  return best;
}

const toLinear = (c: number): number => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** A growing triangle list with baked vertex colours (linear, as glTF's COLOR_0 wants). */
export class MeshBuilder {
  readonly positions: number[] = [];
  readonly colors: number[] = [];
  readonly indices: number[] = [];

  /** Vertices so far. */
  get vertexCount(): number {
    return this.positions.length / 3;
  }

  private vertex(p: Vec3, n: Vec3, color: Rgb, shade: Shade): number {
    const sunTerm = Math.max(0, n[0] * SUN[0] + n[1] * SUN[1] + n[2] * SUN[2]);
    let light = 0.64 + 0.34 * sunTerm + 0.08 * Math.max(0, n[1]) - 0.08 * Math.max(0, -n[1]);
    if (!shade.outside) {
      const h = p[1] - shade.floorY;
      let ao = 0.66 + 0.34 * smooth(-0.02, 1.1, h);
      if (shade.ceilY !== undefined) ao *= 0.86 + 0.14 * smooth(0, 0.5, shade.ceilY - p[1]);
      if (shade.outline && Math.abs(n[1]) > 0.9) ao *= 0.6 + 0.4 * smooth(0, 1.0, distanceToOutline(p[0], p[2], shade.outline));
      light *= ao;
    }
    light *= shade.tint ?? 1;
    this.positions.push(p[0], p[1], p[2]);
    for (const c of color) this.colors.push(Math.min(1, toLinear(c) * light));
    return this.vertexCount - 1;
  }

  /** A flat polygon (convex, counter-clockwise seen from its front), fanned from its first vertex. */
  poly(points: readonly Vec3[], color: Rgb, shade: Shade): void {
    const [a, b, c] = points as [Vec3, Vec3, Vec3];
    const u: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v: Vec3 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n = normalize([u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]);
    const ids = points.map((p) => this.vertex(p, n, color, shade));
    for (let i = 1; i + 1 < ids.length; i++) this.indices.push(ids[0] as number, ids[i] as number, ids[i + 1] as number);
  }

  /**
   * A horizontal rectangle split into cells about `cell` metres wide (so occlusion can vary across
   * it); faces up, or down when `down`.
   */
  grid(x0: number, z0: number, x1: number, z1: number, y: number, color: Rgb, shade: Shade, down = false, cell = 0.8): void {
    const nx = Math.max(1, Math.round((x1 - x0) / cell));
    const nz = Math.max(1, Math.round((z1 - z0) / cell));
    const n: Vec3 = down ? [0, -1, 0] : [0, 1, 0];
    const base = this.vertexCount;
    for (let j = 0; j <= nz; j++) {
      for (let i = 0; i <= nx; i++) this.vertex([x0 + ((x1 - x0) * i) / nx, y, z0 + ((z1 - z0) * j) / nz], n, color, shade);
    }
    for (let j = 0; j < nz; j++) {
      for (let i = 0; i < nx; i++) {
        const a = base + j * (nx + 1) + i;
        const b = a + 1;
        const c = a + nx + 1;
        const d = c + 1;
        if (down) this.indices.push(a, b, d, a, d, c);
        else this.indices.push(a, d, b, a, c, d);
      }
    }
  }

  /** A horizontal star-shaped polygon (a round room's floor) in rings from its centre, facing up or down. */
  disc(outline: readonly (readonly [number, number])[], y: number, color: Rgb, shade: Shade, down = false): void {
    const cx = outline.reduce((s, p) => s + p[0], 0) / outline.length;
    const cz = outline.reduce((s, p) => s + p[1], 0) / outline.length;
    const rings = [0.45, 0.78, 1];
    const n: Vec3 = down ? [0, -1, 0] : [0, 1, 0];
    const centre = this.vertex([cx, y, cz], n, color, shade);
    const m = outline.length;
    let area = 0;
    for (let i = 0; i < m; i++) {
      const p = outline[i] as readonly [number, number];
      const q = outline[(i + 1) % m] as readonly [number, number];
      area += p[0] * q[1] - q[0] * p[1];
    }
    const faceDown = down !== area < 0;
    const ring = rings.map((f) => outline.map((p) => this.vertex([cx + (p[0] - cx) * f, y, cz + (p[1] - cz) * f], n, color, shade)));
    const tri = (a: number, b: number, c: number): void => {
      if (faceDown) this.indices.push(a, b, c);
      else this.indices.push(a, c, b);
    };
    const r0 = ring[0] as number[];
    for (let i = 0; i < m; i++) tri(centre, r0[i] as number, r0[(i + 1) % m] as number);
    for (let r = 1; r < ring.length; r++) {
      const inner = ring[r - 1] as number[];
      const outer = ring[r] as number[];
      for (let i = 0; i < m; i++) {
        const k = (i + 1) % m;
        tri(inner[i] as number, outer[i] as number, outer[k] as number);
        tri(inner[i] as number, outer[k] as number, inner[k] as number);
      }
    }
  }

  /** A horizontal ring between a circle of radius `r` round (cx, cz) and an outline around it, facing up or down. */
  annulus(outline: readonly (readonly [number, number])[], cx: number, cz: number, r: number, y: number, color: Rgb, shade: Shade, down = false): void {
    const n: Vec3 = down ? [0, -1, 0] : [0, 1, 0];
    const m = outline.length;
    const rows = [0, 0.5, 1].map((t) =>
      outline.map((p) => {
        const a = Math.atan2(p[1] - cz, p[0] - cx);
        const ix = cx + Math.cos(a) * r;
        const iz = cz + Math.sin(a) * r;
        return this.vertex([ix + (p[0] - ix) * t, y, iz + (p[1] - iz) * t], n, color, shade);
      }),
    );
    let area = 0;
    for (let i = 0; i < m; i++) {
      const p = outline[i] as readonly [number, number];
      const q = outline[(i + 1) % m] as readonly [number, number];
      area += p[0] * q[1] - q[0] * p[1];
    }
    const faceDown = down !== area < 0;
    for (let k = 1; k < rows.length; k++) {
      const inner = rows[k - 1] as number[];
      const outer = rows[k] as number[];
      for (let i = 0; i < m; i++) {
        const j = (i + 1) % m;
        const quad = [inner[i], outer[i], outer[j], inner[j]] as number[];
        if (faceDown) this.indices.push(quad[0] as number, quad[1] as number, quad[2] as number, quad[0] as number, quad[2] as number, quad[3] as number);
        else this.indices.push(quad[0] as number, quad[2] as number, quad[1] as number, quad[0] as number, quad[3] as number, quad[2] as number);
      }
    }
  }

  /**
   * A box centred at `c` with half sizes `h`, turned `angle` radians about y (x towards z).
   * `colors` may give the faces their own colour: [+x, -x, +y, -y, +z, -z].
   */
  box(c: Vec3, h: Vec3, color: Rgb | readonly Rgb[], shade: Shade, angle = 0): void {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const at = (sx: number, sy: number, sz: number): Vec3 => {
      const lx = sx * h[0];
      const lz = sz * h[2];
      return [c[0] + lx * cos - lz * sin, c[1] + sy * h[1], c[2] + lx * sin + lz * cos];
    };
    const face = (i: number): Rgb => (typeof color[0] === 'number' ? (color as Rgb) : ((color as readonly Rgb[])[i] as Rgb));
    this.poly([at(1, -1, -1), at(1, 1, -1), at(1, 1, 1), at(1, -1, 1)], face(0), shade);
    this.poly([at(-1, -1, 1), at(-1, 1, 1), at(-1, 1, -1), at(-1, -1, -1)], face(1), shade);
    this.poly([at(-1, 1, -1), at(-1, 1, 1), at(1, 1, 1), at(1, 1, -1)], face(2), shade);
    if (c[1] - h[1] > shade.floorY + 0.05) this.poly([at(-1, -1, -1), at(1, -1, -1), at(1, -1, 1), at(-1, -1, 1)], face(3), shade);
    this.poly([at(-1, -1, 1), at(1, -1, 1), at(1, 1, 1), at(-1, 1, 1)], face(4), shade);
    this.poly([at(1, -1, -1), at(-1, -1, -1), at(-1, 1, -1), at(1, 1, -1)], face(5), shade);
  }

  /** An upright cylinder (or cone when `topRadius` differs) standing on `base`, with `sides` facets. */
  cylinder(base: Vec3, radius: number, height: number, color: Rgb, shade: Shade, sides = 10, topRadius = radius): void {
    const ring = (r: number, y: number): Vec3[] =>
      Array.from({ length: sides }, (_, i) => {
        const a = (i / sides) * Math.PI * 2;
        return [base[0] + Math.cos(a) * r, y, base[2] + Math.sin(a) * r] as Vec3;
      });
    const bottom = ring(radius, base[1]);
    const top = ring(topRadius, base[1] + height);
    for (let i = 0; i < sides; i++) {
      const k = (i + 1) % sides;
      this.poly([bottom[i] as Vec3, top[i] as Vec3, top[k] as Vec3, bottom[k] as Vec3], color, shade);
    }
    if (topRadius > 0.01) this.poly(top.slice().reverse(), color, shade);
  }
}
