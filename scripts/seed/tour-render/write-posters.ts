/**
 * `node scripts/seed/tour-render/write-posters.ts`: redraws the committed masters of the demo pool
 * models (./model-pictures.ts) that are stale or missing, removes those of models no longer in the
 * pool, and rewrites the manifest. Run it after changing the models' generator or this renderer
 * (posters.test.ts says when); about 0.3 s of CPU a model.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../cache-files.ts';
import { defaultModelCacheDir, ensureModels, modelFiles, modelPool } from '../models/pool.ts';
import { committedMaster, drawMaster, masterId, POSTERS_DIR, readPosterManifest, type PosterManifest } from './model-pictures.ts';

const pool = modelPool();
const cacheDir = defaultModelCacheDir();
await ensureModels(pool, cacheDir, { log: (l) => console.log(l) });
const old = readPosterManifest();
const manifest: PosterManifest = {};
let drawn = 0;
let bytes = 0;
const started = performance.now();
for (const e of pool) {
  const glb = readFileSync(modelFiles(e, cacheDir).glb);
  const id = masterId(e, glb);
  const file = committedMaster(e.key);
  if (old[e.key] !== id) {
    writeAtomic(file, await drawMaster(e, glb));
    drawn++;
  }
  bytes += readFileSync(file).byteLength;
  manifest[e.key] = id;
}
const keep = new Set(pool.map((e) => `${e.key}.webp`));
for (const f of readdirSync(POSTERS_DIR)) if (f.endsWith('.webp') && !keep.has(f)) rmSync(join(POSTERS_DIR, f));
writeAtomic(join(POSTERS_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `Masters: ${pool.length} (${drawn} drawn in ${((performance.now() - started) / 1000).toFixed(1)} s), ${(bytes / 1e6).toFixed(2)} MB, in ${POSTERS_DIR}.`,
);
