import { defaultModelCacheDir, ensureModels, modelPool } from './pool.ts';

/**
 * Builds the demo model pool and says how long it took: `node scripts/seed/models/build-pool.ts
 * [cacheDir]` (the shared cache by default).
 */
const dir = process.argv[2] ?? defaultModelCacheDir();
const cpu = process.cpuUsage();
await ensureModels(modelPool(), dir, { log: console.log });
const used = process.cpuUsage(cpu);
console.log(`CPU time: ${((used.user + used.system) / 1000).toFixed(0)} ms.`);
