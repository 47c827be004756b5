/**
 * Renders a view of a tour model to raw pixels: a given camera, or a framed view from outside.
 */
import { DOLLHOUSE_FRAMING, frameExterior, type Camera, type ExteriorFraming } from './camera.ts';
import { rasterize } from './rasterize.ts';
import type { Mesh } from './read-model.ts';

/** What `renderView` draws. */
export interface ViewOptions {
  width: number;
  height: number;
  /** A camera, or `'auto-exterior'`: the dollhouse view (3/4 from above) fitted to what is drawn. */
  camera: Camera | 'auto-exterior';
  /** For `'auto-exterior'`: the direction and lens (DOLLHOUSE_FRAMING when left out). */
  framing?: ExteriorFraming;
  /** Leaves out the triangles of a node when this accepts the node's name or an ancestor's. */
  exclude?: (nodeName: string) => boolean;
  /** `#rrggbb` for the empty pixels, or `'transparent'` (alpha 0). */
  background: string;
  /** See `RasterOptions.shading` (0 when left out). */
  shading?: number;
}

/** Nodes the dollhouse views leave out: ceilings (a model's ceiling nodes are named `ceiling…`). */
export const isCeiling = (nodeName: string): boolean => nodeName.startsWith('ceiling');

/** `#rrggbb` → `[r, g, b]`. */
export function parseHex(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const v = Number.parseInt(m[1]!, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** The groups of a mesh that `exclude` leaves in. */
export function keptGroups(mesh: Mesh, exclude?: (nodeName: string) => boolean): boolean[] {
  return mesh.groups.map((g) => !exclude || !g.nodeNames.some((name) => exclude(name)));
}

/** The positions (flat `x, y, z`) of the vertices of the triangles whose group `keep` accepts. */
export function keptVertices(mesh: Mesh, keep: (group: number) => boolean): Float32Array {
  const used = new Uint8Array(mesh.positions.length / 3);
  let count = 0;
  for (let t = 0; t < mesh.triangleGroups.length; t++) {
    if (!keep(mesh.triangleGroups[t]!)) continue;
    for (let k = 0; k < 3; k++) {
      const v = mesh.indices[3 * t + k]!;
      if (!used[v]) count++;
      used[v] = 1;
    }
  }
  const out = new Float32Array(3 * count);
  let o = 0;
  for (let v = 0; v < used.length; v++) {
    if (!used[v]) continue;
    out[o++] = mesh.positions[3 * v]!;
    out[o++] = mesh.positions[3 * v + 1]!;
    out[o++] = mesh.positions[3 * v + 2]!;
  }
  return out;
}

/** Resolves `'auto-exterior'` to a camera for this mesh and picture. */
export function resolveCamera(mesh: Mesh, opts: Pick<ViewOptions, 'width' | 'height' | 'camera' | 'framing' | 'exclude'>): Camera {
  if (opts.camera !== 'auto-exterior') return opts.camera;
  const keep = keptGroups(mesh, opts.exclude);
  const points = keptVertices(mesh, (g) => keep[g]!);
  return frameExterior(points.length > 0 ? points : [...mesh.bounds.min, ...mesh.bounds.max], opts.width / opts.height, opts.framing ?? DOLLHOUSE_FRAMING);
}

/**
 * Renders a view of a mesh. Answers raw RGBA bytes (`width × height × 4`, sRGB, alpha 0 where
 * nothing is drawn on a transparent background): `sharp(buf, { raw: { width, height, channels: 4 } })`.
 */
export function renderView(mesh: Mesh, opts: ViewOptions): Promise<Buffer> {
  const keep = keptGroups(mesh, opts.exclude);
  const image = rasterize(mesh, {
    width: opts.width,
    height: opts.height,
    camera: resolveCamera(mesh, opts),
    keepGroup: (g) => keep[g]!,
    background: opts.background === 'transparent' ? null : parseHex(opts.background),
    shading: opts.shading ?? 0,
  });
  return Promise.resolve(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength));
}
