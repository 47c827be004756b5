import type { BuildingSpec, FurnishTools, Rect } from './building.ts';
import type { MeshBuilder, Rgb } from './mesh.ts';

/** Outside pieces: ground, gable roofs, trees, a pool. Drawn in the `site` node or the top ceiling node. */

type DecorTools = Parameters<NonNullable<BuildingSpec['decorate']>>[0];

const OUT = { floorY: 0, outside: true } as const;

/** A ground pad around a footprint, a little below the ground floor. */
export function ground(site: MeshBuilder, r: Rect, color: Rgb, margin = 4): void {
  site.grid(r.x0 - margin, r.z0 - margin, r.x1 + margin, r.z1 + margin, -0.03, color, OUT, false, 4);
}

/** A gable roof over `r` from `y` up to a ridge along x (or along z, for a long nave). */
export function gableRoof(mesh: MeshBuilder, r: Rect, y: number, rise: number, roof: Rgb, gable: Rgb, along: 'x' | 'z' = 'x'): void {
  // Drawn along x in (a, b) coordinates; `at` swaps them for a ridge along z (mirroring keeps faces outward).
  const swap = along === 'z';
  const [a0, a1, b0, b1] = swap ? [r.z0, r.z1, r.x0, r.x1] : [r.x0, r.x1, r.z0, r.z1];
  const at = (a: number, h: number, b: number): [number, number, number] => (swap ? [b, h, a] : [a, h, b]);
  const quad = (p: [number, number, number][], color: Rgb): void => mesh.poly(swap ? p.slice().reverse() : p, color, OUT);
  const o = 0.35;
  const bm = (b0 + b1) / 2;
  const top = y + rise;
  quad([at(a0 - o, y, b0 - o), at(a0 - o, top, bm), at(a1 + o, top, bm), at(a1 + o, y, b0 - o)], roof);
  quad([at(a1 + o, y, b1 + o), at(a1 + o, top, bm), at(a0 - o, top, bm), at(a0 - o, y, b1 + o)], roof);
  quad([at(a0, y, b1), at(a0, top - 0.05, bm), at(a0, y, b0)], gable);
  quad([at(a1, y, b0), at(a1, top - 0.05, bm), at(a1, y, b1)], gable);
}

/** A simple tree: trunk and a cone of leaves. */
export function tree(site: MeshBuilder, x: number, z: number, h: number): void {
  site.cylinder([x, 0, z], 0.15, h * 0.4, [110, 80, 56], OUT, 6);
  site.cylinder([x, h * 0.3, z], h * 0.28, h * 0.7, [74, 122, 68], OUT, 8, 0);
}

/** A swimming pool set in the ground. */
export function pool(site: MeshBuilder, r: Rect): void {
  site.box([(r.x0 + r.x1) / 2, -0.01, (r.z0 + r.z1) / 2], [(r.x1 - r.x0) / 2 + 0.4, 0.02, (r.z1 - r.z0) / 2 + 0.4], [226, 220, 206], OUT);
  site.box([(r.x0 + r.x1) / 2, 0.005, (r.z0 + r.z1) / 2], [(r.x1 - r.x0) / 2, 0.02, (r.z1 - r.z0) / 2], [80, 170, 210], OUT);
}

/** Crenellations along the top of the outside walls of `r`. */
export function battlements(mesh: MeshBuilder, r: Rect, y: number, stone: Rgb): void {
  const step = 1.2;
  for (const [ax, az, bx, bz] of [
    [r.x0, r.z0, r.x1, r.z0],
    [r.x1, r.z0, r.x1, r.z1],
    [r.x1, r.z1, r.x0, r.z1],
    [r.x0, r.z1, r.x0, r.z0],
  ] as const) {
    const len = Math.hypot(bx - ax, bz - az);
    const n = Math.floor(len / step);
    for (let i = 0; i < n; i++) {
      const t = (i + 0.25) / n;
      const x = ax + (bx - ax) * t;
      const z = az + (bz - az) * t;
      mesh.box([x, y + 0.45, z], [ax === bx ? 0.2 : 0.3, 0.45, ax === bx ? 0.3 : 0.2], stone, OUT);
    }
  }
}

/** Decorations everyone can use: a hook type. */
export type Decorate = (t: DecorTools, spec: BuildingSpec) => void;
/** Tools of a decoration (re-exported for builders). */
export type { DecorTools, FurnishTools };
