import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { TourLayout } from '../../../src/domain/tour.ts';
import type { SpaceKindType } from '../world-data.ts';
import { ARCHETYPES } from './archetypes.ts';
import { insidePolygon } from './building.ts';
import { buildModel, type BuiltModel } from './build-model.ts';

/** gltf-validator ships no types. */
const { validateBytes } = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes: (data: Uint8Array) => Promise<{ issues: { numErrors: number; messages: unknown[] } }>;
};

const ALL = (Object.entries(ARCHETYPES) as [SpaceKindType, readonly (string | null)[]][]).flatMap(([kind, vs]) => vs.map((variant) => ({ kind, variant })));
const SEEDS = [1, 2];
const models = new Map<string, BuiltModel>();
const name = (kind: string, variant: string | null, seed: number): string => `${kind}/${variant ?? '-'}/${seed}`;

/** The JSON chunk of a GLB (node names, extensions). */
function gltfJson(glb: Uint8Array): {
  nodes: { name?: string; children?: number[]; mesh?: number }[];
  extensionsUsed?: string[];
  materials: { extensions?: object }[];
} {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as ReturnType<typeof gltfJson>;
}

beforeAll(async () => {
  for (const { kind, variant } of ALL) for (const seed of SEEDS) models.set(name(kind, variant, seed), await buildModel({ kind, variant, seed }));
}, 180_000);

describe('demo models', () => {
  it.each(ALL)('$kind $variant is a valid glTF with a floor node and a ceiling node per storey', async ({ kind, variant }) => {
    const m = models.get(name(kind, variant, 1)) as BuiltModel;
    const report = await validateBytes(m.glb);
    expect(report.issues.numErrors, JSON.stringify(report.issues.messages.slice(0, 3))).toBe(0);
    const json = gltfJson(m.glb);
    expect(json.extensionsUsed).toEqual(expect.arrayContaining(['EXT_meshopt_compression', 'KHR_materials_unlit', 'KHR_mesh_quantization']));
    const names = json.nodes.map((n) => n.name);
    for (const f of m.layout.floors) {
      expect(names).toContain(`floor-${f.index}`);
      const closed = m.layout.rooms.some((r) => r.floor === f.index && r.dimensions.height !== 2.5);
      if (closed) expect(names).toContain(`ceiling-${f.index}`);
    }
  });

  it.each(ALL)('$kind $variant has a layout the tour accepts: rooms, linked sweeps inside them, tag spots', ({ kind, variant }) => {
    for (const seed of SEEDS) {
      const { layout } = models.get(name(kind, variant, seed)) as BuiltModel;
      expect(() => TourLayout.parse(layout)).not.toThrow();
      expect(layout.rooms.length).toBeGreaterThan(0);
      const rooms = new Map(layout.rooms.map((r) => [r.id, r]));
      const sweeps = new Map(layout.sweeps.map((s) => [s.id, s]));
      for (const s of layout.sweeps) {
        const room = rooms.get(s.room ?? '');
        expect(room, `${s.id} stands in no room`).toBeDefined();
        expect(insidePolygon(s.position[0], s.position[2], room?.outline ?? []), `${s.id} outside ${s.room}`).toBe(true);
        expect(s.position[1]).toBe(layout.floors[s.floor]?.elevation);
        for (const n of s.neighbours) expect(sweeps.get(n)?.neighbours, `${s.id}→${n} is one-way`).toContain(s.id);
      }
      // Every sweep is reachable from the start.
      const seen = new Set<string>();
      const stack = [layout.start.sweep];
      while (stack.length) {
        const id = stack.pop() as string;
        if (seen.has(id)) continue;
        seen.add(id);
        stack.push(...(sweeps.get(id)?.neighbours ?? []));
      }
      expect(seen.size).toBe(layout.sweeps.length);
      // Every room has a sweep and one or two places for a tag, inside it, near eye level.
      for (const r of layout.rooms) {
        expect(
          layout.sweeps.some((s) => s.room === r.id),
          `no sweep in ${r.name}`,
        ).toBe(true);
        const spots = layout.tagSpots.filter((t) => t.room === r.id);
        expect(spots.length, `tag spots in ${r.name}`).toBeGreaterThanOrEqual(1);
        expect(spots.length, `tag spots in ${r.name}`).toBeLessThanOrEqual(2);
        for (const t of spots) {
          expect(insidePolygon(t.position[0], t.position[2], r.outline)).toBe(true);
          const h = t.position[1] - (layout.floors[r.floor]?.elevation ?? 0);
          expect(h).toBeGreaterThan(0.8);
          expect(h).toBeLessThan(2.2);
        }
      }
      expect(sweeps.get(layout.start.sweep)?.room).toBeTruthy();
      expect(layout.start).toMatchObject({ pitch: 0, mode: 'inside' });
    }
  });

  it('is deterministic: the same kind, variant and seed give the same bytes and layout', async () => {
    for (const [kind, variant] of [
      ['LANDMARK', 'lighthouse'],
      ['APARTMENT', 'penthouse'],
      ['YACHT', 'motor'],
    ] as const) {
      const again = await buildModel({ kind, variant, seed: 1 });
      const first = models.get(name(kind, variant, 1)) as BuiltModel;
      expect(Buffer.from(again.glb).equals(Buffer.from(first.glb))).toBe(true);
      expect(again.layout).toEqual(first.layout);
    }
    const other = models.get(name('HOME', 'house', 2)) as BuiltModel;
    expect(Buffer.from(other.glb).equals(Buffer.from((models.get(name('HOME', 'house', 1)) as BuiltModel).glb))).toBe(false);
  });

  it('stays within the size budget (median ≤ 600 kB, p95 ≤ 2 MB)', () => {
    const sizes = [...models.values()].map((m) => m.glb.byteLength).sort((a, b) => a - b);
    const at = (q: number): number => sizes[Math.min(sizes.length - 1, Math.floor(q * sizes.length))] as number;
    console.log(
      `Demo model sizes over ${sizes.length} models: median ${(at(0.5) / 1024).toFixed(0)} kB, p95 ${(at(0.95) / 1024).toFixed(0)} kB, max ${(at(1) / 1024).toFixed(0)} kB`,
    );
    expect(at(0.5)).toBeLessThanOrEqual(600_000);
    expect(at(0.95)).toBeLessThanOrEqual(2_000_000);
  });

  it('names rooms after what they are', () => {
    const names = (kind: SpaceKindType, variant: string | null): string[] => (models.get(name(kind, variant, 1)) as BuiltModel).layout.rooms.map((r) => r.name);
    expect(names('LANDMARK', 'lighthouse')).toContain('Lamp room');
    expect(names('LANDMARK', 'castle')).toContain('Great hall');
    expect(names('YACHT', 'motor')).toEqual(expect.arrayContaining(['Salon', 'Master cabin']));
    expect(names('MUSEUM', null)).toEqual(expect.arrayContaining(['Gallery 1', 'Gallery 2']));
    expect(names('APARTMENT', 'flat')).toEqual(expect.arrayContaining(['Kitchen', 'Living room', 'Bathroom']));
    expect(names('CHURCH', 'parish')).toEqual(expect.arrayContaining(['Nave', 'Apse']));
    expect((models.get(name('YACHT', 'motor', 1)) as BuiltModel).layout.floors.map((f) => f.name)).toEqual(['Lower deck', 'Main deck']);
  });
});
