import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readModel, triangleCount, type Mesh } from './read-model.ts';
import { labelPoint } from './plan-labels.ts';
import { renderPlan, planSize, PLAN_STYLE } from './render-plan.ts';
import { renderPoster } from './render-poster.ts';
import { isCeiling, parseHex, renderView } from './render-view.ts';
import { compressedSampleGlb, sampleGlb, sampleLayout } from './sample-model.ts';

/** Pixels of an encoded picture as RGB. */
async function pixels(picture: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Equal colours, up to the lossy encoding's rounding. */
const near = (a: number[], b: readonly number[]): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= 3);

function variance(data: Uint8Array, channels: number): number {
  let sum = 0;
  let sq = 0;
  const n = data.length / channels;
  for (let i = 0; i < data.length; i += channels) {
    const l = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
    sum += l;
    sq += l * l;
  }
  return sq / n - (sum / n) ** 2;
}

describe('readModel', () => {
  it('flattens every box of the sample house with its colours and node names', async () => {
    const mesh = await readModel(await sampleGlb());
    // Floor, 6 walls, a lintel, 3 pieces of furniture, the lawn and the ceiling slab: 13 boxes of 12 triangles.
    expect(triangleCount(mesh)).toBe(13 * 12);
    expect(mesh.bounds.min).toEqual([-4, expect.closeTo(-0.25, 5), -4]);
    expect(mesh.bounds.max).toEqual([14, expect.closeTo(2.7, 5), 12]);
    // The ceiling box sits under the `ceiling-0` node.
    expect(mesh.groups.some((g) => g.nodeNames[0] === 'ceiling-slab' && g.nodeNames[1] === 'ceiling-0')).toBe(true);
    const colorOf = (name: string): number[] => {
      const group = mesh.groups.findIndex((g) => g.nodeNames[0] === name);
      const vertex = mesh.indices[3 * mesh.triangleGroups.indexOf(group)]!;
      return [...mesh.colors.slice(3 * vertex, 3 * vertex + 3)];
    };
    // The sofa has no COLOR_0: its material's baseColorFactor.
    expect(colorOf('sofa').map((c) => c.toFixed(2))).toEqual(['0.08', '0.22', '0.45']);
    // The floor's COLOR_0 is normalized bytes: read back as 0–1.
    expect(Math.max(...colorOf('floor-slab'))).toBeLessThanOrEqual(1);
    expect(Math.max(...colorOf('floor-slab'))).toBeGreaterThan(0.2);
  });

  it('reads a meshopt-compressed, quantized model to the same geometry', async () => {
    const plain = await readModel(await sampleGlb());
    const packed = await readModel(await compressedSampleGlb());
    expect(triangleCount(packed)).toBe(triangleCount(plain));
    for (let k = 0; k < 3; k++) {
      expect(packed.bounds.min[k]).toBeCloseTo(plain.bounds.min[k]!, 2);
      expect(packed.bounds.max[k]).toBeCloseTo(plain.bounds.max[k]!, 2);
    }
  });

  it('explains a file that is not a GLB', async () => {
    await expect(readModel(new TextEncoder().encode('not a model'))).rejects.toThrow(/not a valid binary glTF/);
  });
});

describe('renderView and renderPoster', () => {
  let mesh: Mesh;
  const sample = async (): Promise<Mesh> => (mesh ??= await readModel(await sampleGlb()));

  it('draws the model over the background', async () => {
    const raw = await renderView(await sample(), { width: 240, height: 160, camera: 'auto-exterior', background: '#ffffff' });
    expect(raw.length).toBe(240 * 160 * 4);
    expect(variance(raw, 4)).toBeGreaterThan(100);
    // The framing leaves a margin: the corners are background.
    expect([...raw.subarray(0, 3)]).toEqual(parseHex('#ffffff'));
  });

  it('leaves the ceilings out when asked, which opens the rooms to view', async () => {
    const m = await sample();
    const camera = { position: [14, 12, 16] as const, target: [5, 1, 4] as const, fovDeg: 35 };
    const closed = await renderView(m, { width: 240, height: 160, camera, background: '#ffffff' });
    const open = await renderView(m, { width: 240, height: 160, camera, background: '#ffffff', exclude: isCeiling });
    let changed = 0;
    for (let i = 0; i < closed.length; i += 4) if (closed[i] !== open[i] || closed[i + 1] !== open[i + 1] || closed[i + 2] !== open[i + 2]) changed++;
    // The ceiling covers the rooms: a good part of the picture changes.
    expect(changed).toBeGreaterThan(240 * 160 * 0.1);
  });

  it('renders a poster that is a picture, not a blank, the same bytes every time', async () => {
    const m = await sample();
    const a = await renderPoster(m, { width: 300, height: 200, avif: true });
    const b = await renderPoster(m, { width: 300, height: 200 });
    expect(a.webp.equals(b.webp)).toBe(true);
    const { data, width, height } = await pixels(a.webp);
    expect([width, height]).toEqual([300, 200]);
    expect(variance(data, 3)).toBeGreaterThan(100);
    expect((await sharp(a.avif).metadata()).format).toBe('heif');
  });

  it("fades the site's lawn into the backdrop away from the house", async () => {
    const m = await sample();
    const poster = await renderPoster(m, { width: 300, height: 200 });
    const faded = await pixels(poster.webp);
    // The same view drawn plainly.
    const plain = await renderView(m, { width: 300, height: 200, camera: poster.camera, exclude: isCeiling, background: '#ffffff' });
    const greenCount = (data: Uint8Array, channels: number): number => {
      let n = 0;
      for (let o = 0; o < data.length; o += channels) if (data[o + 1]! > data[o]! + 25 && data[o + 1]! > data[o + 2]! + 25) n++;
      return n;
    };
    // Plainly, the lawn shows all round the house; on the poster, much of it has given way to the backdrop.
    const lawn = greenCount(plain, 4);
    expect(lawn).toBeGreaterThan(300 * 200 * 0.1);
    expect(greenCount(faded.data, 3)).toBeLessThan(lawn * 0.6);
  });
});

describe('renderPlan', () => {
  it('covers the plan bounds and fills each room, with dark walls', async () => {
    const layout = sampleLayout();
    const webp = await renderPlan(layout, 0, { width: 440 });
    const { data, width, height } = await pixels(webp);
    // planBounds is 11 × 9 m: 440 × 360 pixels.
    expect([width, height]).toEqual([440, 360]);
    expect(planSize(layout, 0, 440)).toEqual({ width, height });
    const at = (x: number, z: number): number[] => {
      const px = Math.floor((x + 0.5) * 40);
      const py = Math.floor((z + 0.5) * 40);
      return [...data.subarray(3 * (py * width + px), 3 * (py * width + px) + 3)];
    };
    // Inside each room, away from its label: the room fill; on a wall: dark; outside: the background.
    expect(near(at(1.5, 1.5), parseHex(PLAN_STYLE.room))).toBe(true);
    expect(near(at(8, 6.5), parseHex(PLAN_STYLE.room))).toBe(true);
    expect(near(at(6, 6.5), parseHex(PLAN_STYLE.wall))).toBe(true);
    expect(near(at(-0.3, 4), parseHex(PLAN_STYLE.background))).toBe(true);
    expect(await renderPlan(layout, 0, { width: 440 })).toEqual(webp);
  });

  it("writes each room's label at its centre", async () => {
    const layout = sampleLayout();
    const bare = await pixels(await renderPlan(layout, 0, { width: 440, labels: false }));
    const labelled = await pixels(await renderPlan(layout, 0, { width: 440 }));
    // The living room's centre is (3, 4) m: (140, 180) px.
    const centre = 3 * (180 * 440 + 140);
    expect(near([...bare.data.subarray(centre, centre + 3)], parseHex(PLAN_STYLE.room))).toBe(true);
    let ink = 0;
    for (let y = 160; y < 200; y++) for (let x = 90; x < 190; x++) if (labelled.data[3 * (y * 440 + x)]! < 160) ink++;
    expect(ink).toBeGreaterThan(50);
  });

  it('draws the model from above under the labels when given the mesh, ceilings left out', async () => {
    const layout = sampleLayout();
    const mesh = await readModel(await sampleGlb());
    const { data, width } = await pixels(await renderPlan(layout, 0, { width: 440, mesh }));
    const at = (x: number, z: number): number[] => {
      const o = 3 * (Math.floor((z + 0.5) * 40) * width + Math.floor((x + 0.5) * 40));
      return [...data.subarray(o, o + 3)];
    };
    // Outside the house: the background. Inside: the floor's baked colour (warm, darker than the
    // ceiling's white that would cover it), not the outline drawing's fill.
    expect(near(at(-0.3, 4), parseHex(PLAN_STYLE.background))).toBe(true);
    const floor = at(1.5, 1.5);
    expect(floor[0]!).toBeGreaterThan(floor[2]! + 20);
    expect(floor[0]!).toBeLessThan(230);
    // The walls are cut under the doors' tops: the middle wall is dark, its doorway (under a
    // lintel) an opening.
    const dark = (p: number[]): boolean => Math.max(...p) < 80;
    expect(dark(at(6, 1.5))).toBe(true);
    expect(dark(at(6, 3.5))).toBe(false);
  });

  it('labels an L-shaped room in its body, a rectangle at its centre', () => {
    expect(
      labelPoint([
        [0, 0],
        [6, 0],
        [6, 8],
        [0, 8],
      ]).at,
    ).toEqual([3, 4]);
    // An L: a 10 × 2 m bar along the top and a 2 × 10 m bar down the left; the label keeps off the
    // corner's inside edges and inside the room (the box's centre, (5, 5), is outside it).
    const l: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 2],
      [2, 2],
      [2, 10],
      [0, 10],
    ];
    const { at, clearance } = labelPoint(l);
    expect(at[0] < 2 || at[1] < 2).toBe(true);
    expect(clearance).toBeGreaterThan(0.9);
  });

  it('names the floor it lacks', async () => {
    await expect(renderPlan(sampleLayout(), 3, { width: 100 })).rejects.toThrow(/no floor 3/);
  });
});
