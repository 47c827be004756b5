import sharp from 'sharp';
import { renderAvatar, renderCover } from './src/server/media/placeholder.ts';
const comps: sharp.OverlayOptions[] = [];
const names = ['JD', 'AN', 'Ø', 'EZ', 'K', '李', 'M&', '', 'SL', 'OB', 'ab', 'QX'];
for (let i = 0; i < 12; i++) comps.push({ input: await renderAvatar({ seed: 'av' + i, initials: names[i]!, size: 120 }), left: (i % 6) * 128, top: Math.floor(i / 6) * 128 });
for (let i = 0; i < 6; i++) comps.push({ input: await renderCover({ seed: 'cv' + i, width: 760, height: 190 }), left: (i % 2) * 770, top: 270 + Math.floor(i / 2) * 200 });
await sharp({ create: { width: 1530, height: 870, channels: 3, background: '#ffffff' } }).composite(comps).png().toFile('/tmp/ph/av.png');
