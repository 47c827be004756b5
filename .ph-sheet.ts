import sharp from 'sharp';
import { readdirSync } from 'node:fs';
const pattern = new RegExp(process.argv[2] ?? '.');
const files = readdirSync('/tmp/ph').filter((f) => f.endsWith('.png') && !f.startsWith('sheet') && pattern.test(f)).sort();
const cols = Number(process.argv[3] ?? 3), tw = Number(process.argv[4] ?? 600), th = Math.round(tw * 2 / 3);
const rows = Math.ceil(files.length / cols);
const comps = await Promise.all(files.map(async (f, i) => ({ input: await sharp('/tmp/ph/' + f).resize(tw, th).toBuffer(), left: (i % cols) * (tw + 6), top: Math.floor(i / cols) * (th + 6) })));
await sharp({ create: { width: cols * (tw + 6), height: rows * (th + 6), channels: 3, background: '#fff' } }).composite(comps).png().toFile('/tmp/ph/sheet.png');
console.log(files.join(' '));
