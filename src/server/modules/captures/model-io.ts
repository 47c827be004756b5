import { Logger, NodeIO, type Document, type Node } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { dedup, getBounds, meshopt, prune, textureCompress, weld } from '@gltf-transform/functions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';
import { PermanentJobError } from '../../platform/jobs/jobs.ts';
import { resolveUri, type GltfBundle } from './gltf-bundle.ts';

/** Longest side a texture keeps in the published model. */
export const MAX_TEXTURE_SIDE = 2048;

let io: Promise<NodeIO> | null = null;
/** One NodeIO with every extension and meshopt's decoder and encoder (uploads are often meshopt-compressed already). */
function getIO(): Promise<NodeIO> {
  io ??= Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]).then(() =>
    new NodeIO()
      .setLogger(new Logger(Logger.Verbosity.ERROR))
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder }),
  );
  return io;
}

/** Reads a checked GLB (src/server/modules/captures/model-checks.ts ran first). */
export async function readModel(glb: Uint8Array): Promise<Document> {
  return (await getIO()).readBinary(glb);
}

/**
 * A checked `.gltf` and its uploaded files (model-checks.ts ran first) as one GLB, which the later
 * steps read like an uploaded one: every URI is resolved among the uploaded files only.
 */
export async function packGltf(bundle: GltfBundle): Promise<Uint8Array> {
  const json = JSON.parse(new TextDecoder().decode(bundle.gltf)) as { buffers?: { uri?: string }[]; images?: { uri?: string }[] };
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const item of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    if (!item.uri || item.uri.startsWith('data:')) continue;
    const file = resolveUri(bundle, item.uri);
    if (!file) throw new PermanentJobError(`This file refers to textures that were not uploaded: ${item.uri}.`);
    resources[item.uri] = file as Uint8Array<ArrayBuffer>;
  }
  const io = await getIO();
  return io.writeBinary(await io.readJSON({ json: json as never, resources }));
}

/** The model's bounding box in metres. */
export function modelBounds(doc: Document): { min: [number, number, number]; max: [number, number, number] } {
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  if (!scene) return { min: [0, 0, 0], max: [0, 0, 0] };
  const b = getBounds(scene);
  return { min: [b.min[0], b.min[1], b.min[2]], max: [b.max[0], b.max[1], b.max[2]] };
}

/**
 * The published model: duplicates merged, identical vertices welded, unused parts pruned, textures
 * resized to 2048 px and re-encoded as WebP (sizes were checked from headers first), then
 * quantized and meshopt-compressed (EXT_meshopt_compression, which the player decodes).
 */
export async function optimizeModel(glb: Uint8Array): Promise<Uint8Array> {
  const doc = await readModel(glb);
  await doc.transform(
    dedup(),
    weld(),
    prune(),
    textureCompress({ encoder: sharp, limitInputPixels: true, targetFormat: 'webp', resize: [MAX_TEXTURE_SIDE, MAX_TEXTURE_SIDE] }),
    meshopt({ encoder: MeshoptEncoder, level: 'medium' }),
  );
  return (await getIO()).writeBinary(doc);
}

/** A triangle in world space with the shade of its face (0 dark … 1 lit). */
export interface WorldTriangle {
  a: [number, number, number];
  b: [number, number, number];
  c: [number, number, number];
  /** The face normal's y (1 faces up, -1 down). */
  up: number;
  shade: number;
  color: [number, number, number];
}

const apply = (m: readonly number[], p: number[]): [number, number, number] => [
  (m[0] ?? 1) * (p[0] ?? 0) + (m[4] ?? 0) * (p[1] ?? 0) + (m[8] ?? 0) * (p[2] ?? 0) + (m[12] ?? 0),
  (m[1] ?? 0) * (p[0] ?? 0) + (m[5] ?? 1) * (p[1] ?? 0) + (m[9] ?? 0) * (p[2] ?? 0) + (m[13] ?? 0),
  (m[2] ?? 0) * (p[0] ?? 0) + (m[6] ?? 0) * (p[1] ?? 0) + (m[10] ?? 1) * (p[2] ?? 0) + (m[14] ?? 0),
];

/** Up to `limit` of the model's triangles in world space (evenly sampled), for the poster and plan drawings. */
export function worldTriangles(doc: Document, limit = 40_000): WorldTriangle[] {
  const nodes: Node[] = doc
    .getRoot()
    .listNodes()
    .filter((n) => n.getMesh());
  const prims = nodes.flatMap((node) => (node.getMesh()?.listPrimitives() ?? []).map((p) => ({ node, p })));
  const total = prims.reduce((n, { p }) => n + Math.floor((p.getIndices()?.getCount() ?? p.getAttribute('POSITION')?.getCount() ?? 0) / 3), 0);
  const stride = Math.max(1, Math.ceil(total / limit));
  const out: WorldTriangle[] = [];
  const light = [0.35, 0.85, 0.4];
  for (const { node, p } of prims) {
    const position = p.getAttribute('POSITION');
    if (!position || p.getMode() !== 4) continue;
    const indices = p.getIndices();
    const count = indices ? indices.getCount() : position.getCount();
    const m = node.getWorldMatrix();
    const base = p.getMaterial()?.getBaseColorFactor() ?? [0.8, 0.8, 0.8, 1];
    const colors = p.getAttribute('COLOR_0');
    const v: number[] = [];
    for (let t = 0; t + 2 < count; t += 3 * stride) {
      const idx = [0, 1, 2].map((k) => (indices ? indices.getScalar(t + k) : t + k));
      const [a, b, c] = idx.map((i) => apply(m, position.getElement(i, v))) as [WorldTriangle['a'], WorldTriangle['a'], WorldTriangle['a']];
      const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      const [ux = 0, uy = 0, uz = 0] = u;
      const [wx = 0, wy = 0, wz = 0] = w;
      const n = [uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx];
      const len = Math.hypot(n[0] ?? 0, n[1] ?? 0, n[2] ?? 0) || 1;
      const nn = n.map((x) => x / len);
      const shade = 0.45 + 0.55 * Math.abs((nn[0] ?? 0) * (light[0] ?? 0) + (nn[1] ?? 0) * (light[1] ?? 0) + (nn[2] ?? 0) * (light[2] ?? 0));
      const vc = colors ? colors.getElement(idx[0] ?? 0, []) : null;
      const color: [number, number, number] = vc ? [vc[0] ?? 0.8, vc[1] ?? 0.8, vc[2] ?? 0.8] : [base[0] ?? 0.8, base[1] ?? 0.8, base[2] ?? 0.8];
      out.push({ a, b, c, up: nn[1] ?? 0, shade, color });
    }
  }
  return out;
}
