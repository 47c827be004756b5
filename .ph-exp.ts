import sharp from 'sharp';
import { placeholderSvg } from './src/server/media/placeholder.ts';
const svg = placeholderSvg({ seed: 's1', kind: 'YACHT', width: 1200, height: 800 });
async function t(name: string, s: string) { let best = 1e9; for (let i = 0; i < 5; i++) { const t0 = performance.now(); await sharp(Buffer.from(s)).raw().toBuffer(); best = Math.min(best, performance.now() - t0); } console.log(name.padEnd(20), best.toFixed(1)); }
await t('full', svg);
const noVig = svg.replace(/<rect x="0" y="0" width="1200" height="800" fill="url\(#r\d+\)"\/><\/svg>$/, '</svg>');
await t('no vignette', noVig);
await t('empty', '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"></svg>');
await t('flat rect', '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#abc"/></svg>');
await t('radial full', '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><radialGradient id="r" gradientUnits="userSpaceOnUse" cx="600" cy="400" r="900"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".2"/></radialGradient></defs><rect width="1200" height="800" fill="url(#r)"/></svg>');
await t('opacity attr rect', '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#abc" opacity=".5"/></svg>');
await t('fill-opacity rect', '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#abc" fill-opacity=".5"/></svg>');
console.log(noVig.length, svg.length);
