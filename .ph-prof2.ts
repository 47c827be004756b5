import sharp from 'sharp';
import { placeholderSvg } from './src/server/media/placeholder.ts';
const list = process.argv.slice(2);
for (const item of list) {
  const [kind, seed] = item.split(':') as [string, string];
  const svg = placeholderSvg({ seed, kind, width: 1200, height: 800 });
  let rb = 1e9, pb = 1e9;
  for (let i = 0; i < 5; i++) {
    const t1 = performance.now();
    const raw = await sharp(Buffer.from(svg)).raw().toBuffer();
    const t2 = performance.now();
    await sharp(raw, { raw: { width: 1200, height: 800, channels: 4 } }).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
    const t3 = performance.now();
    rb = Math.min(rb, t2 - t1); pb = Math.min(pb, t3 - t2);
  }
  const els = (svg.match(/<(path|rect|circle|ellipse|line)/g) ?? []).length;
  const grads = (svg.match(/Gradient id/g) ?? []).length;
  const op = (svg.match(/opacity/g) ?? []).length;
  console.log(item.padEnd(18), 'raster', rb.toFixed(1), 'png', pb.toFixed(1), 'els', els, 'grads', grads, 'opac', op, 'len', svg.length);
}
