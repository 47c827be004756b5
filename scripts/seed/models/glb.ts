import { Document, Logger, NodeIO, type Node } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMaterialsUnlit, KHRMeshQuantization } from '@gltf-transform/extensions';
import { reorder } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import type { Assembled } from './assemble.ts';
import type { MeshBuilder } from './mesh.ts';

/**
 * Writes the assembled meshes as one binary glTF: one unlit vertex-coloured material, a node per
 * floor (`floor-<i>`) holding its structure and its ceiling (`ceiling-<i>`), and a `site` node.
 * Vertices are quantized and welded here (16-bit positions under a node scale, 8-bit colours,
 * KHR_mesh_quantization: far quicker than a generic pass), then reordered and meshopt-compressed.
 */

let io: Promise<NodeIO> | null = null;

function getIO(): Promise<NodeIO> {
  io ??= MeshoptEncoder.ready.then(() =>
    new NodeIO()
      .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization, KHRMaterialsUnlit])
      .registerDependencies({ 'meshopt.encoder': MeshoptEncoder }),
  );
  return io;
}

/** Quantized, welded arrays of a mesh and the node transform that restores metres. */
interface Packed {
  positions: Uint16Array<ArrayBuffer>;
  colors: Uint8Array<ArrayBuffer>;
  indices: Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>;
  translation: [number, number, number];
  scale: [number, number, number];
}

function pack(m: MeshBuilder): Packed {
  const n = m.vertexCount;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n * 3; i++) {
    const v = m.positions[i] as number;
    const k = i % 3;
    if (v < (min[k] as number)) min[k] = v;
    if (v > (max[k] as number)) max[k] = v;
  }
  const step = min.map((lo, k) => Math.max(1e-4, ((max[k] as number) - lo) / 65535));
  const positions: number[] = [];
  const colors: number[] = [];
  const remap = new Int32Array(n);
  const seen = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const q = [0, 1, 2].map((k) => Math.round(((m.positions[i * 3 + k] as number) - (min[k] as number)) / (step[k] as number)));
    const c = [0, 1, 2].map((k) => Math.round((m.colors[i * 3 + k] as number) * 255));
    const key = `${q.join(',')}/${c.join(',')}`;
    let id = seen.get(key);
    if (id === undefined) {
      id = positions.length / 3;
      seen.set(key, id);
      positions.push(...q);
      colors.push(...c, 255);
    }
    remap[i] = id;
  }
  const count = positions.length / 3;
  const indices = count > 65535 ? new Uint32Array(m.indices.length) : new Uint16Array(m.indices.length);
  m.indices.forEach((v, i) => (indices[i] = remap[v] as number));
  return {
    positions: new Uint16Array(positions),
    colors: new Uint8Array(colors),
    indices,
    translation: min as [number, number, number],
    scale: step as [number, number, number],
  };
}

/** Encodes the model as a compressed GLB. */
export async function writeGlb(model: Assembled): Promise<Uint8Array> {
  const doc = new Document().setLogger(new Logger(Logger.Verbosity.SILENT));
  const buffer = doc.createBuffer();
  const unlit = doc.createExtension(KHRMaterialsUnlit);
  doc.createExtension(KHRMeshQuantization).setRequired(true);
  const material = doc.createMaterial('baked').setExtension('KHR_materials_unlit', unlit.createUnlit()).setRoughnessFactor(1).setMetallicFactor(0);
  const scene = doc.createScene('model');
  const meshNode = (name: string, m: MeshBuilder): Node | null => {
    if (m.indices.length === 0) return null;
    const p = pack(m);
    const position = doc.createAccessor().setType('VEC3').setArray(p.positions).setBuffer(buffer);
    const color = doc.createAccessor().setType('VEC4').setArray(p.colors).setNormalized(true).setBuffer(buffer);
    const index = doc.createAccessor().setType('SCALAR').setArray(p.indices).setBuffer(buffer);
    const prim = doc.createPrimitive().setAttribute('POSITION', position).setAttribute('COLOR_0', color).setIndices(index).setMaterial(material);
    return doc.createNode(name).setMesh(doc.createMesh(name).addPrimitive(prim)).setTranslation(p.translation).setScale(p.scale);
  };
  for (const f of model.floors) {
    const group = doc.createNode(`floor-${f.index}`);
    const structure = meshNode(`structure-${f.index}`, f.structure);
    const ceiling = meshNode(`ceiling-${f.index}`, f.ceiling);
    if (structure) group.addChild(structure);
    if (ceiling) group.addChild(ceiling);
    scene.addChild(group);
  }
  const site = meshNode('site', model.site);
  if (site) scene.addChild(site);
  doc.getRoot().setDefaultScene(scene);
  await MeshoptEncoder.ready;
  await doc.transform(reorder({ encoder: MeshoptEncoder, target: 'size' }));
  doc.createExtension(EXTMeshoptCompression).setRequired(true).setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
  return (await getIO()).writeBinary(doc);
}
