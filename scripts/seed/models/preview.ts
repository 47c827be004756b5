import { writeFileSync } from 'node:fs';
import type { SpaceKindType } from '../world-data.ts';
import { buildModel } from './build-model.ts';

/**
 * Writes one model to look at: `node scripts/seed/models/preview.ts <kind> <variant|-> <out.glb> [seed]`.
 * The layout goes beside it as `<out>.json`.
 */
const [kind, variant, out, seed] = process.argv.slice(2);
if (!kind || !out) {
  console.error('usage: node scripts/seed/models/preview.ts <kind> <variant|-> <out.glb> [seed]');
  process.exit(2);
}
const started = performance.now();
const model = await buildModel({ kind: kind as SpaceKindType, variant: variant && variant !== '-' ? variant : null, seed: seed ?? 1 });
writeFileSync(out, model.glb);
writeFileSync(out.replace(/\.glb$/, '') + '.json', JSON.stringify(model.layout, null, 1));
console.log(
  `${out}: ${model.glb.byteLength} bytes, ${model.layout.rooms.length} rooms, ${model.layout.sweeps.length} sweeps in ${(performance.now() - started).toFixed(0)} ms`,
);
