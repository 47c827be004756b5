import { writeFileSync } from 'node:fs';
import { renderPlaceholder } from './src/server/media/placeholder.ts';
for (const [kind, seed] of [['HOME', 'sample-home-3'], ['MUSEUM', 'sample-museum-1'], ['LANDMARK', 'sample-landmark-2'], ['SHOP', 'sample-shop-1']] as const) {
  writeFileSync(`/tmp/placeholder-${kind.toLowerCase()}.png`, await renderPlaceholder({ seed, kind, title: '', width: 1200, height: 800 }));
}
