import { renderPlaceholder, renderAvatar, renderCover, PLACEHOLDER_KINDS } from '/work/main/src/server/media/placeholder.ts';
import { writeFileSync } from 'node:fs';
const seeds = (process.argv[2] ?? 'a').split(',');
const kinds = process.argv[3] ? process.argv[3].split(',') : PLACEHOLDER_KINDS;
for (const kind of kinds) for (const seed of seeds) {
  const t = performance.now();
  const buf = await renderPlaceholder({ seed, kind, title: 'x', width: 1200, height: 800 });
  console.log(kind, seed, (performance.now() - t).toFixed(1), 'ms', buf.length);
  writeFileSync(`/tmp/ph/${kind.toLowerCase()}-${seed}.png`, buf);
}
