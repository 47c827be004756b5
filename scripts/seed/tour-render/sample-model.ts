/**
 * A tiny two-room house built with glTF-Transform, for the renderer's tests and previews: a floor
 * with baked-looking vertex colours, walls, furniture (material colours), a `ceiling-0` node and a
 * lawn under a `site` node.
 */
import { Document, Logger, NodeIO, type Material, type Node } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { flatten, join, meshopt } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import type { TourLayout } from '../../../src/domain/tour.ts';

type Box = { name: string; min: [number, number, number]; max: [number, number, number] };

/** The 6 faces of a box, counter-clockwise seen from outside: 4 corners each. */
function boxFaces(min: [number, number, number], max: [number, number, number]): number[][][] {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  return [
    [
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ], // +z
    [
      [x1, y0, z0],
      [x0, y0, z0],
      [x0, y1, z0],
      [x1, y1, z0],
    ], // -z
    [
      [x1, y0, z1],
      [x1, y0, z0],
      [x1, y1, z0],
      [x1, y1, z1],
    ], // +x
    [
      [x0, y0, z0],
      [x0, y0, z1],
      [x0, y1, z1],
      [x0, y1, z0],
    ], // -x
    [
      [x0, y1, z1],
      [x1, y1, z1],
      [x1, y1, z0],
      [x0, y1, z0],
    ], // +y
    [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y0, z1],
      [x0, y0, z1],
    ], // -y
  ];
}

function addBox(doc: Document, parent: Node, box: Box, material: Material, color?: (p: number[]) => [number, number, number]): void {
  const positions: number[] = [];
  const colors: number[] = [];
  const indices: number[] = [];
  for (const face of boxFaces(box.min, box.max)) {
    const base = positions.length / 3;
    for (const p of face) {
      positions.push(...p);
      if (color) colors.push(...color(p));
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  const buffer = doc.getRoot().listBuffers()[0]!;
  const prim = doc
    .createPrimitive()
    .setMaterial(material)
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer))
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer));
  if (color) {
    // Normalized unsigned bytes, as a quantizing pipeline writes them.
    const bytes = new Uint8Array(colors.map((c) => Math.round(c * 255)));
    prim.setAttribute('COLOR_0', doc.createAccessor().setType('VEC3').setArray(bytes).setNormalized(true).setBuffer(buffer));
  }
  parent.addChild(doc.createNode(box.name).setMesh(doc.createMesh(box.name).addPrimitive(prim)));
}

/**
 * The sample house as a glTF document (10 × 8 m, walls 2.6 m high, two rooms); `clutter` adds that
 * many small vertex-coloured boxes (12 triangles each) on the floor, to time big models.
 */
export function sampleDocument(clutter = 0): Document {
  const doc = new Document();
  doc.createBuffer();
  const scene = doc.createScene('house');
  doc.getRoot().setDefaultScene(scene);
  const mat = (name: string, rgb: [number, number, number]): Material => doc.createMaterial(name).setBaseColorFactor([...rgb, 1]);
  const white = mat('white', [1, 1, 1]);
  const wall = mat('wall', [0.82, 0.8, 0.76]);
  const sofa = mat('sofa', [0.08, 0.22, 0.45]);
  const wood = mat('wood', [0.45, 0.22, 0.08]);
  const bed = mat('bed', [0.7, 0.15, 0.12]);
  const ceiling = mat('ceiling', [0.95, 0.95, 0.95]);

  const house = doc.createNode('house');
  scene.addChild(house);
  // The floor: a baked-looking gradient, darker in the corners, in linear light.
  addBox(doc, house, { name: 'floor-slab', min: [0, -0.2, 0], max: [10, 0, 8] }, white, ([x, , z]) => {
    const k = 0.35 + 0.25 * Math.sin(((x ?? 0) / 10) * Math.PI) * Math.sin(((z ?? 0) / 8) * Math.PI);
    return [k * 0.9, k * 0.7, k * 0.45];
  });
  const walls: Box[] = [
    { name: 'wall-n', min: [0, 0, 0], max: [10, 2.6, 0.2] },
    { name: 'wall-s', min: [0, 0, 7.8], max: [10, 2.6, 8] },
    { name: 'wall-w', min: [0, 0, 0], max: [0.2, 2.6, 8] },
    { name: 'wall-e', min: [9.8, 0, 0], max: [10, 2.6, 8] },
    { name: 'wall-mid-a', min: [5.9, 0, 0], max: [6.1, 2.6, 3] },
    { name: 'wall-mid-b', min: [5.9, 0, 4], max: [6.1, 2.6, 8] },
    // Over the doorway between the rooms.
    { name: 'lintel', min: [5.9, 2.1, 3], max: [6.1, 2.6, 4] },
  ];
  for (const w of walls) addBox(doc, house, w, wall);
  addBox(doc, house, { name: 'sofa', min: [1, 0, 5.5], max: [3.5, 0.8, 6.5] }, sofa);
  addBox(doc, house, { name: 'table', min: [2, 0, 2], max: [4, 0.75, 3.2] }, wood);
  addBox(doc, house, { name: 'bed', min: [7, 0, 1], max: [9.2, 0.55, 3.2] }, bed);
  if (clutter > 0) {
    const clutterNode = doc.createNode('clutter');
    house.addChild(clutterNode);
    const side = Math.ceil(Math.sqrt(clutter));
    for (let i = 0; i < clutter; i++) {
      const x = 0.4 + ((i % side) / side) * 9.2;
      const z = 0.4 + (Math.floor(i / side) / side) * 7.2;
      const h = 0.1 + (0.4 * ((i * 7919) % 13)) / 13;
      addBox(doc, clutterNode, { name: `clutter-${i}`, min: [x, 0, z], max: [x + 0.08, h, z + 0.08] }, white, ([, y]) => [
        0.2 + (y ?? 0),
        0.3,
        0.5 - (y ?? 0) / 2,
      ]);
    }
  }
  // The site: a lawn around the house, as the generator puts it under a `site` node.
  const site = doc.createNode('site');
  scene.addChild(site);
  addBox(doc, site, { name: 'lawn', min: [-4, -0.25, -4], max: [14, -0.2, 12] }, mat('lawn', [0.12, 0.3, 0.08]));
  // The ceiling sits under a node of its own, as the generator writes them.
  const ceilingNode = doc.createNode('ceiling-0');
  house.addChild(ceilingNode);
  addBox(doc, ceilingNode, { name: 'ceiling-slab', min: [0, 2.6, 0], max: [10, 2.7, 8] }, ceiling);
  return doc;
}

/** The sample house as GLB bytes. */
export async function sampleGlb(clutter = 0): Promise<Uint8Array> {
  return new NodeIO().writeBinary(sampleDocument(clutter));
}

/**
 * The sample house as the tour pipeline writes models: boxes sharing a material joined into one
 * primitive per node, attributes quantized, EXT_meshopt_compression.
 */
export async function compressedSampleGlb(clutter = 0): Promise<Uint8Array> {
  await MeshoptEncoder.ready;
  const doc = sampleDocument(clutter).setLogger(new Logger(Logger.Verbosity.WARN));
  await doc.transform(flatten(), join(), meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.encoder': MeshoptEncoder }).writeBinary(doc);
}

/** The sample house's layout (one floor, two rooms). */
export function sampleLayout(): TourLayout {
  return {
    bounds: { min: [-4, -0.25, -4], max: [14, 2.7, 12] },
    floors: [{ index: 0, name: 'Ground floor', elevation: 0, height: 2.6, plan: null, planBounds: [-0.5, -0.5, 10.5, 8.5] }],
    rooms: [
      {
        id: 'living',
        name: 'Living room',
        floor: 0,
        outline: [
          [0, 0],
          [6, 0],
          [6, 8],
          [0, 8],
        ],
        dimensions: { width: 6, length: 8, height: 2.6 },
        area: 48,
      },
      {
        id: 'bedroom',
        name: 'Bedroom',
        floor: 0,
        outline: [
          [6, 0],
          [10, 0],
          [10, 8],
          [6, 8],
        ],
        dimensions: { width: 4, length: 8, height: 2.6 },
        area: 32,
      },
    ],
    sweeps: [{ id: 's1', position: [3, 0, 4], floor: 0, room: 'living', neighbours: [], panorama: null }],
    start: { sweep: 's1', heading: 0, pitch: 0, mode: 'inside' },
    tagSpots: [],
  };
}
