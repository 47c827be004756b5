import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ARCHETYPES } from './archetypes.ts';
import { ensureModels, modelFiles, modelPool, poolEntryFor, POOL_SEEDS, readLayout } from './pool.ts';

const dir = mkdtempSync(join(tmpdir(), 'demo-models-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('model pool', () => {
  it('holds every archetype with a few seeds, and maps a space to one of them', () => {
    const pool = modelPool();
    const archetypes = Object.values(ARCHETYPES).reduce((s, v) => s + v.length, 0);
    expect(pool).toHaveLength(archetypes * POOL_SEEDS);
    const keys = new Set(pool.map((e) => e.key));
    expect(keys.size).toBe(pool.length);
    for (const seed of ['a', 'b', 17, 'space-42']) {
      const e = poolEntryFor('LANDMARK', 'lighthouse', seed);
      expect(keys.has(e.key)).toBe(true);
      expect(poolEntryFor('LANDMARK', 'lighthouse', seed)).toEqual(e);
    }
    expect(poolEntryFor('HOME', 'no-such-variant', 1).variant).toBe('house');
    expect(poolEntryFor('MUSEUM', null, 1).key).toMatch(/^museum-main-\d$/);
  });

  it('builds the models once into the cache and reads them back', async () => {
    const plan = modelPool(1).filter((e) => ['LANDMARK', 'YACHT'].includes(e.kind));
    const first = await ensureModels(plan, dir);
    expect(first.built).toBe(plan.length);
    const e = plan[0];
    if (!e) throw new Error('empty plan');
    const { glb } = modelFiles(e, dir);
    expect(existsSync(glb) && statSync(glb).size > 1000).toBe(true);
    expect(readLayout(e, dir).sweeps.length).toBeGreaterThan(0);
    const second = await ensureModels(plan, dir);
    expect(second).toMatchObject({ built: 0, fromCache: plan.length });
  });
});
