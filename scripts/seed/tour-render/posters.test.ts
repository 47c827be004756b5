import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { defaultModelCacheDir, ensureModels, modelFiles, modelPool } from '../models/pool.ts';
import { committedMaster, MASTER_SIZE, masterId, POSTERS_DIR, readPosterManifest } from './model-pictures.ts';

describe('the committed model masters', () => {
  test('are current: one per pool model, drawn by this renderer from the model the generator makes now', async () => {
    const pool = modelPool();
    const cacheDir = defaultModelCacheDir();
    await ensureModels(pool, cacheDir);
    const manifest = readPosterManifest();
    const fix = 'run `node scripts/seed/tour-render/write-posters.ts` and commit scripts/seed/tour-render/posters';
    const stale = pool.filter((e) => manifest[e.key] !== masterId(e, readFileSync(modelFiles(e, cacheDir).glb))).map((e) => e.key);
    expect(stale, `stale or missing masters: ${fix}`).toEqual([]);
    expect(Object.keys(manifest).sort(), `models no longer in the pool: ${fix}`).toEqual(pool.map((e) => e.key).sort());
    expect(readdirSync(POSTERS_DIR).filter((f) => f.endsWith('.webp')).length).toBe(pool.length);
    for (const e of pool.slice(0, 3)) {
      const meta = await sharp(committedMaster(e.key)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', MASTER_SIZE.width, MASTER_SIZE.height]);
    }
  }, 60_000);
});
