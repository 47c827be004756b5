import { parseArgs } from 'node:util';
import { renderPendingMedia } from './media.ts';

/**
 * `node scripts/seed/render-media.ts --media <dir> [--concurrency 2]`: makes the pictures a seed left
 * pending in that media folder (drawn once into the shared cache, then linked). `npm start` runs it
 * as a child process beside the site build, and hears `pictures-ready` once the pages' pictures are
 * made (the tours' posters and plans come last); it stops when that parent goes away.
 */
const { values } = parseArgs({
  options: {
    media: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
  },
});
if (!values.media) {
  console.error('Usage: node scripts/seed/render-media.ts --media <media folder>');
  process.exit(2);
}
process.on('disconnect', () => process.exit(1));
await renderPendingMedia(values.media, {
  log: (l) => console.log(l),
  concurrency: Number(values.concurrency),
  // Tells `npm start` the site's pictures are there; the tours' pictures follow.
  onPicturesReady: () => process.send?.('pictures-ready'),
});
process.exit(0);
