import sharp from 'sharp';
import { placeholderSvg, PLACEHOLDER_KINDS } from './src/server/media/placeholder.ts';
const kinds = process.argv[2] ? process.argv[2].split(',') : PLACEHOLDER_KINDS;
for (let warm = 0; warm < 2; warm++) for (const kind of kinds) {
  const t0 = performance.now();
  const svg = placeholderSvg({ seed: 's1', kind, width: 1200, height: 800 });
  const t1 = performance.now();
  const raw = await sharp(Buffer.from(svg)).raw().toBuffer();
  const t2 = performance.now();
  await sharp(raw, { raw: { width: 1200, height: 800, channels: 4 } }).png({ compressionLevel: 3 }).toBuffer();
  const t3 = performance.now();
  await sharp(raw, { raw: { width: 1200, height: 800, channels: 4 } }).removeAlpha().png({ compressionLevel: 1 }).toBuffer();
  const t4 = performance.now();
  if (warm) console.log(kind.padEnd(11), 'svg', (t1 - t0).toFixed(1), 'raster', (t2 - t1).toFixed(1), 'png3', (t3 - t2).toFixed(1), 'png1rgb', (t4 - t3).toFixed(1), 'len', svg.length);
}
