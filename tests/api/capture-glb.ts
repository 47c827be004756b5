/** Small GLB files for the capture-upload tests (API and e2e): a room-sized box, and raw GLBs built from a JSON chunk. */
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';

/** A 6 × 2.6 × 4 m room (a floor and four walls, vertex-coloured) as a binary glTF (a Buffer, as Playwright's file inputs take). */
export async function roomGlb(): Promise<Buffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const [w, h, l] = [6, 2.6, 4];
  const quads: [number, number, number][][] = [
    [
      [0, 0, 0],
      [w, 0, 0],
      [w, 0, l],
      [0, 0, l],
    ],
    [
      [0, 0, 0],
      [0, h, 0],
      [w, h, 0],
      [w, 0, 0],
    ],
    [
      [0, 0, l],
      [w, 0, l],
      [w, h, l],
      [0, h, l],
    ],
    [
      [0, 0, 0],
      [0, 0, l],
      [0, h, l],
      [0, h, 0],
    ],
    [
      [w, 0, 0],
      [w, h, 0],
      [w, h, l],
      [w, 0, l],
    ],
  ];
  const positions: number[] = [];
  const colors: number[] = [];
  const indices: number[] = [];
  quads.forEach((q, i) => {
    const base = positions.length / 3;
    for (const p of q) positions.push(...p);
    const c = i === 0 ? [0.75, 0.6, 0.42, 1] : [0.92, 0.9, 0.86, 1];
    for (let k = 0; k < 4; k++) colors.push(...c);
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  });
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer))
    .setAttribute('COLOR_0', doc.createAccessor().setType('VEC4').setArray(new Float32Array(colors)).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer))
    .setMaterial(doc.createMaterial('wall').setDoubleSided(true));
  const mesh = doc.createMesh('room').addPrimitive(prim);
  doc.createScene('scene').addChild(doc.createNode('room').setMesh(mesh));
  return Buffer.from(await new NodeIO().writeBinary(doc));
}

/** A GLB of the given JSON chunk (and binary chunk), for hostile files no exporter would write. */
export function rawGlb(json: object, bin: Uint8Array = new Uint8Array(0)): Uint8Array {
  const pad = (b: Uint8Array, fill: number) => {
    const out = new Uint8Array(Math.ceil(b.length / 4) * 4).fill(fill);
    out.set(b);
    return out;
  };
  const j = pad(new TextEncoder().encode(JSON.stringify(json)), 0x20);
  const b = pad(bin, 0);
  const total = 12 + 8 + j.length + (b.length ? 8 + b.length : 0);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x46546c67, true);
  v.setUint32(4, 2, true);
  v.setUint32(8, total, true);
  v.setUint32(12, j.length, true);
  v.setUint32(16, 0x4e4f534a, true);
  out.set(j, 20);
  if (b.length) {
    v.setUint32(20 + j.length, b.length, true);
    v.setUint32(24 + j.length, 0x004e4942, true);
    out.set(b, 28 + j.length);
  }
  return out;
}

/**
 * The room as a `.gltf` with its files, as an exporter writes them: `room.gltf`, `room.bin` and a
 * floor texture of `textureSide` pixels in `textures/floor.png` (the names are paths inside the chosen folder).
 */
export async function roomGltfFiles(textureSide = 64): Promise<{ name: string; bytes: Uint8Array }[]> {
  const io = new NodeIO();
  const doc = await io.readBinary(await roomGlb());
  // Noise when large, so the texture stays large once compressed (a many-megabyte upload).
  const png = await sharp({
    create: {
      width: textureSide,
      height: textureSide,
      channels: 3,
      background: '#a67c52',
      ...(textureSide > 64 ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } } : {}),
    },
  })
    .png()
    .toBuffer();
  const texture = doc.createTexture('floor').setImage(new Uint8Array(png)).setMimeType('image/png').setURI('textures/floor.png');
  doc.getRoot().listMaterials()[0]?.setBaseColorTexture(texture);
  for (const prim of doc
    .getRoot()
    .listMeshes()
    .flatMap((m) => m.listPrimitives())) {
    const position = prim.getAttribute('POSITION');
    const uv = Array.from({ length: position?.getCount() ?? 0 }, (_, i) => [
      (position?.getElement(i, [])[0] ?? 0) / 6,
      (position?.getElement(i, [])[2] ?? 0) / 4,
    ]);
    prim.setAttribute(
      'TEXCOORD_0',
      doc
        .createAccessor()
        .setType('VEC2')
        .setArray(new Float32Array(uv.flat()))
        .setBuffer(doc.getRoot().listBuffers()[0] ?? null),
    );
  }
  doc.getRoot().listBuffers()[0]?.setURI('room.bin');
  const { json, resources } = await io.writeJSON(doc);
  return [{ name: 'room.gltf', bytes: new TextEncoder().encode(JSON.stringify(json)) }, ...Object.entries(resources).map(([name, bytes]) => ({ name, bytes }))];
}
