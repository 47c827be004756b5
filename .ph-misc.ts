import sharp from 'sharp';
import { renderPlaceholder, renderAvatar, renderCover } from './src/server/media/placeholder.ts';
const W = 1500, H = 1900;
const comps: sharp.OverlayOptions[] = [];
const sizes: [string, number, number][] = [['HOME', 400, 400], ['MUSEUM', 360, 640], ['LANDMARK', 800, 300], ['APARTMENT', 300, 400], ['YACHT', 400, 400], ['SHOP', 640, 360], ['CHURCH', 300, 450], ['villa', 500, 500]];
let x = 0, y = 0, rowH = 0;
for (const [k, w, h] of sizes) {
  const b = await renderPlaceholder({ seed: 'ar' + k, kind: k, title: '', width: w, height: h });
  if (x + w > W) { x = 0; y += rowH + 8; rowH = 0; }
  comps.push({ input: b, left: x, top: y }); x += w + 8; rowH = Math.max(rowH, h);
}
y += rowH + 8; x = 0;
const names = ['JD', 'Anna', 'ø', 'Émile Zola', 'K', '李', 'M&M', ''];
for (let i = 0; i < 8; i++) { comps.push({ input: await renderAvatar({ seed: 'av' + i, initials: names[i]!.split(' ').map((p) => p[0] ?? '').join(''), size: 120 }), left: x, top: y }); x += 128; }
y += 130; x = 0;
for (let i = 0; i < 3; i++) { comps.push({ input: await renderCover({ seed: 'cv' + i, width: 740, height: 200 }), left: (i % 2) * 750, top: y + Math.floor(i / 2) * 210 }); }
await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } }).composite(comps).png().toFile('/tmp/ph/misc.png');
