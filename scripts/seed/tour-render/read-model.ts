/**
 * Reads a tour model (binary glTF, meshopt-compressed, vertex colours with baked lighting) into
 * one flat, world-space triangle soup the CPU rasterizer draws (issue 23).
 */
import { NodeIO, Primitive, type Accessor, type Document, type Node } from '@gltf-transform/core';
import { ALL_EXTENSIONS, type InstancedMesh } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';

/** What a group of triangles comes from: one primitive of one node (one instance of it). */
export interface MeshGroup {
  /** The node's name, then its ancestors' names up to the scene ("" for an unnamed node). */
  nodeNames: readonly string[];
  /** The material is double-sided: its back faces are drawn too. */
  doubleSided: boolean;
  /** The material's opacity (baseColorFactor alpha; 1 unless alphaMode is BLEND). */
  opacity: number;
}

/** A model flattened to world space: indexed triangles with linear RGB vertex colours. */
export interface Mesh {
  /** `x, y, z` per vertex, metres, world space. */
  positions: Float32Array;
  /** Linear `r, g, b` per vertex, 0–1 (COLOR_0 × baseColorFactor), as glTF and three.js define them. */
  colors: Float32Array;
  /** Three vertex indices per triangle. */
  indices: Uint32Array;
  /** The group index of every triangle. */
  triangleGroups: Uint32Array;
  groups: MeshGroup[];
  /** The box around every vertex. */
  bounds: { min: [number, number, number]; max: [number, number, number] };
}

/** The number of triangles of a mesh. */
export function triangleCount(mesh: Mesh): number {
  return mesh.indices.length / 3;
}

let io: Promise<NodeIO> | null = null;

/** One reader per process: meshopt's WebAssembly decoder compiles once. */
function getIO(): Promise<NodeIO> {
  io ??= MeshoptDecoder.ready.then(() => new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder }));
  return io;
}

type Mat4 = ArrayLike<number>;

function multiply(a: Mat4, b: Mat4): number[] {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r]! += a[k * 4 + r]! * b[c * 4 + k]!;
  return out;
}

/** Column-major matrix of a translation, rotation (quaternion) and scale. */
function compose(t: readonly number[], q: readonly number[], s: readonly number[]): number[] {
  const [x, y, z, w] = q as [number, number, number, number];
  const [sx, sy, sz] = s as [number, number, number];
  return [
    (1 - 2 * (y * y + z * z)) * sx,
    2 * (x * y + z * w) * sx,
    2 * (x * z - y * w) * sx,
    0,
    2 * (x * y - z * w) * sy,
    (1 - 2 * (x * x + z * z)) * sy,
    2 * (y * z + x * w) * sy,
    0,
    2 * (x * z + y * w) * sz,
    2 * (y * z - x * w) * sz,
    (1 - 2 * (x * x + y * y)) * sz,
    0,
    t[0]!,
    t[1]!,
    t[2]!,
    1,
  ];
}

/** The world matrices a node's mesh is drawn with: its own, or one per EXT_mesh_gpu_instancing instance. */
function instanceMatrices(node: Node): number[][] {
  const world = Array.from(node.getWorldMatrix());
  const instanced = node.getExtension<InstancedMesh>('EXT_mesh_gpu_instancing');
  if (!instanced) return [world];
  const t = instanced.getAttribute('TRANSLATION');
  const r = instanced.getAttribute('ROTATION');
  const s = instanced.getAttribute('SCALE');
  const count = (t ?? r ?? s)?.getCount() ?? 0;
  const out: number[][] = [];
  for (let i = 0; i < count; i++) {
    const translation = t ? t.getElement(i, [0, 0, 0]) : [0, 0, 0];
    const rotation = r ? r.getElement(i, [0, 0, 0, 1]) : [0, 0, 0, 1];
    const local = compose(translation, rotation, s ? s.getElement(i, [1, 1, 1]) : [1, 1, 1]);
    out.push(multiply(world, local));
  }
  return out;
}

function namesUp(node: Node): string[] {
  const names: string[] = [];
  for (let n: Node | null = node; n; n = n.getParentNode()) names.push(n.getName());
  return names;
}

/** Growable typed arrays, so a big model is not copied through plain arrays. */
class Builder {
  positions = new Float32Array(3 * 4096);
  colors = new Float32Array(3 * 4096);
  indices = new Uint32Array(3 * 4096);
  triangleGroups = new Uint32Array(4096);
  vertexCount = 0;
  triangleCount = 0;

  reserve(vertices: number, triangles: number): void {
    const grow = <T extends Float32Array | Uint32Array>(a: T, need: number, make: (n: number) => T): T => {
      if (need <= a.length) return a;
      const b = make(Math.max(need, a.length * 2));
      b.set(a);
      return b;
    };
    this.positions = grow(this.positions, 3 * (this.vertexCount + vertices), (n) => new Float32Array(n));
    this.colors = grow(this.colors, 3 * (this.vertexCount + vertices), (n) => new Float32Array(n));
    this.indices = grow(this.indices, 3 * (this.triangleCount + triangles), (n) => new Uint32Array(n));
    this.triangleGroups = grow(this.triangleGroups, this.triangleCount + triangles, (n) => new Uint32Array(n));
  }
}

function addPrimitive(b: Builder, prim: Primitive, matrix: readonly number[], group: number): void {
  const position = prim.getAttribute('POSITION');
  if (!position) return;
  const color: Accessor | null = prim.getAttribute('COLOR_0');
  const indices = prim.getIndices();
  const vertexCount = position.getCount();
  const triangles = Math.floor((indices ? indices.getCount() : vertexCount) / 3);
  const factor = prim.getMaterial()?.getBaseColorFactor() ?? [1, 1, 1, 1];
  b.reserve(vertexCount, triangles);
  const base = b.vertexCount;
  const m = matrix;
  const p = [0, 0, 0];
  const c = [1, 1, 1, 1];
  for (let i = 0; i < vertexCount; i++) {
    position.getElement(i, p);
    const [x, y, z] = p as [number, number, number];
    const o = 3 * (base + i);
    b.positions[o] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
    b.positions[o + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
    b.positions[o + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
    if (color) color.getElement(i, c);
    b.colors[o] = c[0]! * factor[0];
    b.colors[o + 1] = c[1]! * factor[1];
    b.colors[o + 2] = c[2]! * factor[2];
  }
  // A mirroring matrix turns the winding over; keep front faces counter-clockwise in world space.
  const det = m[0]! * (m[5]! * m[10]! - m[6]! * m[9]!) - m[4]! * (m[1]! * m[10]! - m[2]! * m[9]!) + m[8]! * (m[1]! * m[6]! - m[2]! * m[5]!);
  const flip = det < 0;
  for (let t = 0; t < triangles; t++) {
    const o = 3 * (b.triangleCount + t);
    const i0 = indices ? indices.getScalar(3 * t) : 3 * t;
    const i1 = indices ? indices.getScalar(3 * t + 1) : 3 * t + 1;
    const i2 = indices ? indices.getScalar(3 * t + 2) : 3 * t + 2;
    b.indices[o] = base + i0;
    b.indices[o + 1] = base + (flip ? i2 : i1);
    b.indices[o + 2] = base + (flip ? i1 : i2);
    b.triangleGroups[b.triangleCount + t] = group;
  }
  b.vertexCount += vertexCount;
  b.triangleCount += triangles;
}

/** Flattens a glTF document's default scene (TRIANGLES primitives only; points and lines are skipped). */
export function flattenDocument(doc: Document): Mesh {
  const root = doc.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const b = new Builder();
  const groups: MeshGroup[] = [];
  scene?.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const nodeNames = namesUp(node);
    for (const matrix of instanceMatrices(node)) {
      for (const prim of mesh.listPrimitives()) {
        if (prim.getMode() !== Primitive.Mode.TRIANGLES) continue;
        const material = prim.getMaterial();
        const opacity = material?.getAlphaMode() === 'BLEND' ? material.getAlpha() : 1;
        groups.push({ nodeNames, doubleSided: material?.getDoubleSided() ?? false, opacity });
        addPrimitive(b, prim, matrix, groups.length - 1);
      }
    }
  });
  const positions = b.positions.slice(0, 3 * b.vertexCount);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  if (b.vertexCount === 0) throw new Error('The model has no triangles to draw (no TRIANGLES primitive in its default scene).');
  return {
    positions,
    colors: b.colors.slice(0, 3 * b.vertexCount),
    indices: b.indices.slice(0, 3 * b.triangleCount),
    triangleGroups: b.triangleGroups.slice(0, b.triangleCount),
    groups,
    bounds: { min, max },
  };
}

/**
 * Reads a GLB (every glTF-Transform extension, meshopt decoding, quantized and normalized
 * accessors) and flattens every TRIANGLES primitive with its node's world matrix.
 */
export async function readModel(glb: Uint8Array): Promise<Mesh> {
  const reader = await getIO();
  let doc: Document;
  try {
    doc = await reader.readBinary(glb);
  } catch (cause) {
    throw new Error('Could not read the tour model: it is not a valid binary glTF (GLB) file.', { cause });
  }
  return flattenDocument(doc);
}
