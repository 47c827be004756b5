import sharp from 'sharp';
async function t(name: string, body: string, defs = '') { const s = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs>${defs}</defs>${body}</svg>`; let best = 1e9; for (let i = 0; i < 7; i++) { const t0 = performance.now(); await sharp(Buffer.from(s)).raw().toBuffer(); best = Math.min(best, performance.now() - t0); } console.log(name.padEnd(24), best.toFixed(1)); }
const lin = '<linearGradient id="l" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="800"><stop offset="0" stop-color="#abc"/><stop offset="1" stop-color="#fed"/></linearGradient>';
await t('empty', '');
await t('flat', '<rect width="1200" height="800" fill="#abc"/>');
await t('linear opaque', '<rect width="1200" height="800" fill="url(#l)"/>', lin);
await t('5x linear opaque', '<rect width="1200" height="800" fill="url(#l)"/>'.repeat(5), lin);
await t('5x flat', '<rect width="1200" height="800" fill="#abc"/>'.repeat(5));
await t('5x path flat', '<path d="M0 0H1200V800H0Z" fill="#abc"/>'.repeat(5));
await t('5x tri flat', '<path d="M0 0L1200 0L600 800Z" fill="#abc"/>'.repeat(5));
await t('5x fill-op', '<rect width="1200" height="800" fill="#abc" fill-opacity=".5"/>'.repeat(5));
const r = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#abc"/></svg>')).raw().toBuffer();
for (const [n, f] of [['png6', (s: sharp.Sharp) => s.png()], ['png3', (s: sharp.Sharp) => s.png({ compressionLevel: 3 })], ['png1 rgb', (s: sharp.Sharp) => s.removeAlpha().png({ compressionLevel: 1 })]] as const) {
  let best = 1e9; for (let i = 0; i < 5; i++) { const t0 = performance.now(); await f(sharp(r, { raw: { width: 1200, height: 800, channels: 4 } })).toBuffer(); best = Math.min(best, performance.now() - t0); } console.log(n, best.toFixed(1));
}
