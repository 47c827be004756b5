import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { escapeHtml } from '../../src/domain/html.ts';
import { createRng, hashSeed, type Rng } from './prng.ts';

/**
 * Drawings of the demo marketplace: partner logos (a monogram and a glyph on the brand gradient)
 * and app screenshots (a product window: top bar, sidebar and a screen that shows what the app
 * does: a floor plan, measurements in a room, listing cards, a booking calendar, a claim, work
 * orders, charts, an embed, a staged room, tagged assets). SVG text only; media.ts rasterises
 * them with sharp, like the space pictures.
 */

/** Screenshot size (16:10). */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;
/** Logo size (square). */
export const LOGO_SIZE = 256;

const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;
const f = (n: number) => (Math.round(n * 10) / 10).toString();
const text = (x: number, y: number, s: string, size: number, fill: string, extra = '') =>
  `<text x="${f(x)}" y="${f(y)}" font-size="${size}" fill="${fill}" ${FONT} ${extra}>${escapeHtml(s)}</text>`;
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}" ${extra}/>`;

/** Mixes two #rrggbb colours. */
function mix(a: string, b: string, t: number): string {
  const p = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const [x, y] = [p(a), p(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v + ((y[i] as number) - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

// ---------------------------------------------------------------- logos

const GLYPHS: Record<string, string> = {
  plan: '<path d="M60 60h136v136H60zM60 128h70M130 60v50M130 150v46M160 128h36" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round"/>',
  lens: '<circle cx="118" cy="118" r="50" fill="none" stroke="#fff" stroke-width="14"/><path d="M154 154l40 40" stroke="#fff" stroke-width="16" stroke-linecap="round"/>',
  key: '<circle cx="94" cy="128" r="36" fill="none" stroke="#fff" stroke-width="14"/><path d="M130 128h70M180 128v26M200 128v18" stroke="#fff" stroke-width="14" stroke-linecap="round"/>',
  shield:
    '<path d="M128 50l66 24v50c0 44-30 72-66 84-36-12-66-40-66-84V74z" fill="#fff" fill-opacity=".92"/><path d="M100 128l20 20 38-40" fill="none" stroke="COLOR" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>',
  umbrella:
    '<path d="M50 128a78 78 0 0 1 156 0z" fill="#fff"/><path d="M128 128v52a18 18 0 0 1-36 0" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round"/>',
  gear: '<circle cx="128" cy="128" r="34" fill="none" stroke="#fff" stroke-width="16"/><path d="M128 56v28M128 172v28M56 128h28M172 128h28M77 77l20 20M159 159l20 20M77 179l20-20M159 97l20-20" stroke="#fff" stroke-width="14" stroke-linecap="round"/>',
  crane:
    '<path d="M80 200V60h12v140M86 64h110M86 64l40 40M180 64v50" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round"/><rect x="166" y="114" width="28" height="24" rx="4" fill="#fff"/><path d="M60 200h80" stroke="#fff" stroke-width="12" stroke-linecap="round"/>',
  sofa: '<path d="M58 120h140v56H58z" fill="#fff"/><path d="M74 120V94h108v26" fill="#fff" fill-opacity=".75"/><path d="M66 176v16M190 176v16" stroke="#fff" stroke-width="10" stroke-linecap="round"/>',
  chart:
    '<path d="M60 196h140" stroke="#fff" stroke-width="10" stroke-linecap="round"/><rect x="72" y="140" width="26" height="50" rx="4" fill="#fff"/><rect x="114" y="104" width="26" height="86" rx="4" fill="#fff"/><rect x="156" y="66" width="26" height="124" rx="4" fill="#fff"/>',
  play: '<circle cx="128" cy="128" r="70" fill="none" stroke="#fff" stroke-width="12"/><path d="M110 92l50 36-50 36z" fill="#fff"/>',
  drop: '<path d="M128 52c30 44 50 70 50 96a50 50 0 0 1-100 0c0-26 20-52 50-96z" fill="#fff"/><path d="M108 152a22 22 0 0 0 20 20" fill="none" stroke="COLOR" stroke-width="10" stroke-linecap="round"/>',
  bell: '<path d="M80 170c12-10 12-30 12-56a36 36 0 0 1 72 0c0 26 0 46 12 56z" fill="#fff"/><circle cx="128" cy="186" r="12" fill="#fff"/><path d="M128 66v12" stroke="#fff" stroke-width="10" stroke-linecap="round"/>',
};

/** A partner logo: a rounded square with the brand gradient and the partner's glyph. */
export function logoSvg(p: { slug: string; colors: readonly [string, string]; glyph: string }): string {
  const [a, b] = p.colors;
  const glyph = (GLYPHS[p.glyph] ?? GLYPHS['plan'] ?? '').replaceAll('COLOR', a);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 256 256"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="256" height="256" rx="56" fill="url(#g)"/><circle cx="210" cy="46" r="70" fill="#fff" fill-opacity=".08"/>${glyph}</svg>`;
}

// ---------------------------------------------------------------- screenshots

/** What a screen shows. */
export type Scene =
  'floor-plans' | 'measurements' | 'property-listing' | 'booking' | 'claims' | 'work-orders' | 'analytics' | 'embeds' | 'virtual-staging' | 'asset-tagging';

const FILLERS: readonly Scene[] = ['analytics', 'work-orders', 'property-listing', 'embeds', 'measurements', 'floor-plans'];

/** The scenes of an app's screenshots: its features first, then other views, all different. */
export function scenesFor(features: readonly string[], count: number): Scene[] {
  const out: Scene[] = [];
  for (const s of [...features, ...FILLERS] as Scene[]) if (!out.includes(s) && out.length < count) out.push(s);
  return out;
}

const ROOMS = ['Living room', 'Kitchen', 'Bedroom', 'Bathroom', 'Office', 'Dining', 'Hallway', 'Studio', 'Lobby', 'Storage'];
const TITLES: Record<Scene, string> = {
  'floor-plans': 'Floor plan',
  measurements: 'Measurements',
  'property-listing': 'Listings',
  booking: 'Bookings',
  claims: 'Claim review',
  'work-orders': 'Work orders',
  analytics: 'Insights',
  embeds: 'Website embed',
  'virtual-staging': 'Staging',
  'asset-tagging': 'Assets',
};

/** A room seen from inside (the tour view many scenes draw on). */
function room(x: number, y: number, w: number, h: number, wall: string, floor: string): string {
  const i = 0.18;
  const [ix, iy, iw, ih] = [x + w * i, y + h * i, w * (1 - 2 * i), h * (1 - 2 * i) * 0.92];
  return [
    rect(x, y, w, h, mix(wall, '#000000', 0.08)),
    `<path d="M${f(x)} ${f(y)}L${f(ix)} ${f(iy)}L${f(ix)} ${f(iy + ih)}L${f(x)} ${f(y + h)}Z" fill="${mix(wall, '#000000', 0.14)}"/>`,
    `<path d="M${f(x + w)} ${f(y)}L${f(ix + iw)} ${f(iy)}L${f(ix + iw)} ${f(iy + ih)}L${f(x + w)} ${f(y + h)}Z" fill="${mix(wall, '#ffffff', 0.18)}"/>`,
    rect(ix, iy, iw, ih, wall),
    `<path d="M${f(x)} ${f(y + h)}L${f(ix)} ${f(iy + ih)}L${f(ix + iw)} ${f(iy + ih)}L${f(x + w)} ${f(y + h)}Z" fill="${floor}"/>`,
    rect(ix + iw * 0.58, iy + ih * 0.18, iw * 0.3, ih * 0.42, '#dbeafe', 'stroke="#ffffff" stroke-width="6"'),
  ].join('');
}

const pill = (x: number, y: number, label: string, color: string) =>
  rect(x, y, label.length * 8 + 24, 26, mix(color, '#ffffff', 0.82), 'rx="13"') +
  text(x + 12, y + 18, label, 13, mix(color, '#000000', 0.35), 'font-weight="bold"');

function scene(kind: Scene, rng: Rng, x: number, y: number, w: number, h: number, accent: string): string {
  const out: string[] = [];
  const card = (cx: number, cy: number, cw: number, ch: number) => out.push(rect(cx, cy, cw, ch, '#ffffff', 'rx="14" stroke="#e3e8f0"'));
  switch (kind) {
    case 'floor-plans': {
      card(x, y, w * 0.68, h);
      const [px, py, pw, ph] = [x + 40, y + 40, w * 0.68 - 80, h - 80];
      out.push(rect(px, py, pw, ph, '#f8fafc', 'stroke="#1f2937" stroke-width="10"'));
      const vx = px + pw * (0.45 + rng.next() * 0.15);
      const hy = py + ph * (0.45 + rng.next() * 0.15);
      out.push(
        `<path d="M${f(vx)} ${f(py)}V${f(hy - 40)}M${f(vx)} ${f(hy + 30)}V${f(py + ph)}M${f(px)} ${f(hy)}H${f(vx - 60)}M${f(vx + 50)} ${f(hy)}H${f(px + pw)}" stroke="#1f2937" stroke-width="6"/>`,
      );
      out.push(`<path d="M${f(vx - 60)} ${f(hy)}A40 40 0 0 1 ${f(vx - 20)} ${f(hy - 40)}" fill="none" stroke="#94a3b8" stroke-width="3"/>`);
      const names = rng.pickMany(ROOMS, 4);
      const areas = names.map(() => 8 + rng.next() * 22);
      const spots = [
        [px + 30, py + 50],
        [vx + 30, py + 50],
        [px + 30, hy + 50],
        [vx + 30, hy + 50],
      ];
      names.forEach((n, i) => {
        const [sx, sy] = spots[i] as [number, number];
        out.push(text(sx, sy, n, 20, '#1f2937', 'font-weight="bold"'), text(sx, sy + 26, `${(areas[i] as number).toFixed(1)} m²`, 17, '#64748b'));
      });
      card(x + w * 0.7, y, w * 0.3, h);
      out.push(
        text(x + w * 0.7 + 24, y + 44, 'Total area', 16, '#64748b'),
        text(x + w * 0.7 + 24, y + 84, `${(areas.reduce((a, b) => a + b, 0) * 1.12).toFixed(1)} m²`, 34, '#0f172a', 'font-weight="bold"'),
      );
      for (let i = 0; i < 5; i++)
        out.push(rect(x + w * 0.7 + 24, y + 130 + i * 56, w * 0.3 - 48, 36, i === 0 ? mix(accent, '#ffffff', 0.85) : '#f1f5f9', 'rx="8"'));
      out.push(
        rect(x + w * 0.7 + 24, y + h - 76, w * 0.3 - 48, 48, accent, 'rx="10"'),
        text(x + w * 0.7 + 48, y + h - 45, 'Download PDF', 18, '#ffffff', 'font-weight="bold"'),
      );
      break;
    }
    case 'measurements':
    case 'virtual-staging':
    case 'asset-tagging': {
      const vw = kind === 'asset-tagging' ? w * 0.68 : w;
      out.push(room(x, y, vw, h, rng.pick(['#e7e0d6', '#dfe7ef', '#ece6f2', '#e3ece3']), rng.pick(['#c8a57e', '#b9b2a7', '#a98467'])));
      if (kind === 'measurements') {
        const y1 = y + h * 0.86;
        out.push(
          `<path d="M${f(x + vw * 0.12)} ${f(y1)}H${f(x + vw * 0.88)}" stroke="${accent}" stroke-width="5"/><circle cx="${f(x + vw * 0.12)}" cy="${f(y1)}" r="9" fill="${accent}"/><circle cx="${f(x + vw * 0.88)}" cy="${f(y1)}" r="9" fill="${accent}"/>`,
          rect(x + vw / 2 - 60, y1 - 46, 120, 36, '#0f172a', 'rx="8"'),
          text(x + vw / 2 - 40, y1 - 21, `${(3 + rng.next() * 4).toFixed(2)} m`, 19, '#ffffff', 'font-weight="bold"'),
          `<path d="M${f(x + vw * 0.2)} ${f(y + h * 0.2)}V${f(y + h * 0.78)}" stroke="#f59e0b" stroke-width="5" stroke-dasharray="14 8"/>`,
          rect(x + vw * 0.2 + 12, y + h * 0.45, 110, 34, '#f59e0b', 'rx="8"'),
          text(x + vw * 0.2 + 26, y + h * 0.45 + 24, `${(2.4 + rng.next()).toFixed(2)} m`, 18, '#111827', 'font-weight="bold"'),
        );
      } else if (kind === 'virtual-staging') {
        const fy = y + h * 0.62;
        const sofa = rng.pick(['#475569', '#7c3aed', '#0f766e', '#b45309']);
        out.push(
          // Staged on the right half only: the left half is the empty room as scanned.
          `<ellipse cx="${f(x + vw * 0.72)}" cy="${f(fy + 90)}" rx="${f(vw * 0.2)}" ry="46" fill="#f5f0e6" fill-opacity=".9"/>`,
          rect(x + vw * 0.57, fy - 40, vw * 0.28, 90, sofa, 'rx="22"'),
          rect(x + vw * 0.57, fy - 90, vw * 0.28, 70, mix(sofa, '#ffffff', 0.15), 'rx="22"'),
          rect(x + vw * 0.9, fy - 60, 30, 110, '#8b5e3c', 'rx="6"'),
          `<circle cx="${f(x + vw * 0.9 + 15)}" cy="${f(fy - 90)}" r="46" fill="#3f8f4f"/>`,
          `<path d="M${f(x + vw * 0.5)} ${f(y)}V${f(y + h)}" stroke="#ffffff" stroke-width="4"/>`,
          rect(x + vw * 0.5 - 26, y + h / 2 - 26, 52, 52, '#ffffff', 'rx="26"'),
          text(x + 24, y + 44, 'Before', 18, '#ffffff', 'font-weight="bold"'),
          text(x + vw - 100, y + 44, 'After', 18, '#ffffff', 'font-weight="bold"'),
        );
      } else {
        const tags = ['Boiler B2', 'Panel 4A', 'AHU-1', 'Valve 17', 'Sensor 9'];
        for (let i = 0; i < 4; i++) {
          const tx = x + vw * (0.18 + rng.next() * 0.6);
          const ty = y + h * (0.25 + rng.next() * 0.5);
          out.push(
            `<circle cx="${f(tx)}" cy="${f(ty)}" r="16" fill="${accent}" stroke="#fff" stroke-width="5"/>`,
            rect(tx + 22, ty - 18, 120, 34, '#ffffff', 'rx="8"'),
            text(tx + 34, ty + 5, tags[i] as string, 16, '#0f172a'),
          );
        }
        card(x + w * 0.7, y, w * 0.3, h);
        tags.forEach((t, i) => {
          out.push(
            text(x + w * 0.7 + 24, y + 50 + i * 70, t, 18, '#0f172a', 'font-weight="bold"'),
            text(x + w * 0.7 + 24, y + 74 + i * 70, `Serviced ${rng.int(2, 28)} days ago`, 14, '#64748b'),
          );
        });
      }
      break;
    }
    case 'property-listing': {
      const cols = 3;
      const cw = (w - 2 * 24) / cols;
      for (let i = 0; i < 6; i++) {
        const cx = x + (i % cols) * (cw + 24);
        const cy = y + Math.floor(i / cols) * (h / 2 + 8);
        card(cx, cy, cw, h / 2 - 16);
        const hue = rng.pick(['#94a3b8', '#a5b4fc', '#fcd34d', '#86efac', '#fda4af']);
        out.push(rect(cx, cy, cw, h / 4, hue, 'rx="14"'), rect(cx, cy + h / 4 - 14, cw, 14, hue));
        out.push(`<path d="M${f(cx + cw * 0.3)} ${f(cy + h / 4)}l${f(cw * 0.2)} -${f(h / 8)} ${f(cw * 0.2)} ${f(h / 8)}z" fill="#ffffff" fill-opacity=".55"/>`);
        out.push(
          text(cx + 20, cy + h / 4 + 38, `$${(rng.int(289, 1890) * 1000 + rng.int(0, 99) * 10).toLocaleString('en-US')}`, 22, '#0f172a', 'font-weight="bold"'),
          text(cx + 20, cy + h / 4 + 64, `${rng.int(1, 5)} bd · ${rng.int(1, 3)} ba · ${rng.int(60, 260)} m²`, 15, '#64748b'),
        );
        out.push(pill(cx + cw - 110, cy + 14, i % 3 === 0 ? '3D tour' : 'Live', accent));
      }
      break;
    }
    case 'booking': {
      card(x, y, w, h);
      const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
      const cw = (w - 48) / 7;
      const ch = (h - 110) / 5;
      days.forEach((d, i) => out.push(text(x + 24 + i * cw + 12, y + 44, d, 15, '#64748b', 'font-weight="bold"')));
      for (let r = 0; r < 5; r++)
        for (let c = 0; c < 7; c++) {
          out.push(
            rect(x + 24 + c * cw, y + 64 + r * ch, cw - 6, ch - 6, '#f8fafc', 'rx="8"'),
            text(x + 34 + c * cw, y + 88 + r * ch, String(r * 7 + c + 1), 14, '#94a3b8'),
          );
        }
      for (let i = 0; i < 4; i++) {
        const r = i + (i > 1 ? 1 : 0);
        const start = rng.int(0, 3);
        const len = rng.int(2, 4);
        out.push(rect(x + 24 + start * cw + 4, y + 64 + r * ch + ch * 0.45, len * cw - 14, ch * 0.38, i % 2 ? accent : mix(accent, '#0f172a', 0.3), 'rx="8"'));
        out.push(
          text(
            x + 24 + start * cw + 16,
            y + 64 + r * ch + ch * 0.45 + ch * 0.27,
            rng.pick(['Direct', 'Airbnb', 'Vrbo', 'Booking.com']),
            14,
            '#ffffff',
            'font-weight="bold"',
          ),
        );
      }
      break;
    }
    case 'claims': {
      card(x, y, w * 0.58, h);
      out.push(`<g>${room(x + 20, y + 20, w * 0.58 - 40, h * 0.62, '#e5e7eb', '#b8a58f')}</g>`);
      out.push(
        `<path d="M${f(x + w * 0.2)} ${f(y + h * 0.3)}q60 -30 110 10t90 40q-20 60 -120 50t-80 -100z" fill="#dc2626" fill-opacity=".35" stroke="#dc2626" stroke-width="4"/>`,
      );
      out.push(text(x + 30, y + h * 0.62 + 70, 'Water damage · ceiling and east wall', 18, '#0f172a', 'font-weight="bold"'));
      out.push(text(x + 30, y + h * 0.62 + 100, `Affected area ${(6 + rng.next() * 20).toFixed(1)} m²`, 16, '#64748b'));
      card(x + w * 0.6, y, w * 0.4, h);
      out.push(text(x + w * 0.6 + 24, y + 44, 'Estimate', 20, '#0f172a', 'font-weight="bold"'));
      const items = ['Drywall removal', 'Drywall install', 'Paint ceiling', 'Paint walls', 'Baseboard', 'Dehumidifier (3 days)'];
      let total = 0;
      items.forEach((it, i) => {
        const v = rng.int(80, 900);
        total += v;
        out.push(text(x + w * 0.6 + 24, y + 90 + i * 46, it, 16, '#334155'), text(x + w - 110, y + 90 + i * 46, `$${v}`, 16, '#0f172a', 'font-weight="bold"'));
        out.push(rect(x + w * 0.6 + 24, y + 104 + i * 46, w * 0.4 - 48, 1, '#e2e8f0'));
      });
      out.push(
        text(x + w * 0.6 + 24, y + h - 40, 'Total', 20, '#0f172a', 'font-weight="bold"'),
        text(x + w - 130, y + h - 40, `$${total.toLocaleString('en-US')}`, 22, accent, 'font-weight="bold"'),
      );
      break;
    }
    case 'work-orders': {
      card(x, y, w, h);
      const cols = ['Request', 'Location', 'Assignee', 'Due', 'Status'];
      const cx = [24, w * 0.36, w * 0.58, w * 0.74, w * 0.86];
      cols.forEach((c, i) => out.push(text(x + (cx[i] as number), y + 44, c, 15, '#64748b', 'font-weight="bold"')));
      const reqs = ['Leaking tap', 'Flickering light', 'HVAC noise', 'Broken blind', 'Door closer', 'Fire door check', 'Carpet stain', 'Paint touch-up'];
      const statuses: [string, string][] = [
        ['Open', '#f59e0b'],
        ['In progress', accent],
        ['Done', '#16a34a'],
      ];
      for (let i = 0; i < 8; i++) {
        const ry = y + 70 + i * ((h - 90) / 8);
        out.push(rect(x + 12, ry, w - 24, 1, '#e2e8f0'));
        out.push(
          text(x + 24, ry + 36, reqs[i] as string, 17, '#0f172a'),
          text(x + (cx[1] as number), ry + 36, `${rng.pick(ROOMS)}, floor ${rng.int(1, 9)}`, 16, '#475569'),
          text(x + (cx[2] as number), ry + 36, rng.pick(['Sam K.', 'Priya R.', 'Luis M.', 'Ana L.']), 16, '#475569'),
          text(x + (cx[3] as number), ry + 36, `Nov ${rng.int(3, 28)}`, 16, '#475569'),
        );
        const [label, color] = rng.pick(statuses);
        out.push(pill(x + (cx[4] as number), ry + 16, label, color));
      }
      break;
    }
    case 'analytics': {
      const tw = (w - 48) / 3;
      const kpis = [
        ['Visitors', `${rng.int(2, 48)}.${rng.int(1, 9)}k`],
        ['Avg. time in tour', `${rng.int(1, 6)}m ${rng.int(10, 59)}s`],
        ['Enquiries', String(rng.int(40, 900))],
      ];
      kpis.forEach(([k, v], i) => {
        card(x + i * (tw + 24), y, tw, 110);
        out.push(
          text(x + i * (tw + 24) + 24, y + 40, k as string, 16, '#64748b'),
          text(x + i * (tw + 24) + 24, y + 84, v as string, 32, '#0f172a', 'font-weight="bold"'),
        );
      });
      card(x, y + 134, w * 0.62, h - 134);
      const pts: string[] = [];
      let v = 0.5;
      for (let i = 0; i <= 12; i++) {
        v = Math.min(0.95, Math.max(0.1, v + (rng.next() - 0.4) * 0.25));
        pts.push(`${f(x + 30 + i * ((w * 0.62 - 60) / 12))} ${f(y + h - 40 - v * (h - 230))}`);
      }
      out.push(`<path d="M${pts.join('L')}" fill="none" stroke="${accent}" stroke-width="5" stroke-linejoin="round"/>`);
      out.push(`<path d="M${pts.join('L')}L${f(x + w * 0.62 - 30)} ${f(y + h - 40)}L${f(x + 30)} ${f(y + h - 40)}Z" fill="${accent}" fill-opacity=".12"/>`);
      card(x + w * 0.62 + 24, y + 134, w * 0.38 - 24, h - 134);
      for (let i = 0; i < 6; i++) {
        const bw = (w * 0.38 - 72) * (0.3 + rng.next() * 0.7);
        out.push(
          text(x + w * 0.62 + 48, y + 184 + i * 62, rng.pick(ROOMS), 15, '#475569'),
          rect(x + w * 0.62 + 48, y + 194 + i * 62, bw, 16, mix(accent, '#ffffff', i * 0.12), 'rx="8"'),
        );
      }
      break;
    }
    case 'embeds': {
      card(x, y, w, h);
      out.push(
        rect(x, y, w, 44, '#f1f5f9', 'rx="14"'),
        rect(x + 20, y + 12, w * 0.5, 20, '#ffffff', 'rx="10"'),
        text(x + 32, y + 27, 'www.your-site.example/tour', 13, '#64748b'),
      );
      out.push(
        text(
          x + 40,
          y + 100,
          rng.pick(['Sunny corner apartment', 'The Harbour Room', 'Loft with a view', 'Garden suite']),
          28,
          '#0f172a',
          'font-weight="bold"',
        ),
      );
      out.push(rect(x + 40, y + 120, w * 0.5, 12, '#e2e8f0', 'rx="6"'), rect(x + 40, y + 142, w * 0.42, 12, '#e2e8f0', 'rx="6"'));
      const [ex, ey, ew, eh] = [x + 40, y + 180, w - 80, h - 220];
      out.push(`<g>${room(ex, ey, ew, eh, '#e8e2d8', '#b9a184')}</g>`);
      out.push(
        `<circle cx="${f(ex + ew / 2)}" cy="${f(ey + eh / 2)}" r="44" fill="#0f172a" fill-opacity=".7"/><path d="M${f(ex + ew / 2 - 14)} ${f(ey + eh / 2 - 22)}l38 22-38 22z" fill="#fff"/>`,
      );
      out.push(
        rect(ex + ew - 220, ey + eh - 70, 196, 48, accent, 'rx="24"'),
        text(ex + ew - 196, ey + eh - 39, 'Book a viewing', 18, '#ffffff', 'font-weight="bold"'),
      );
      break;
    }
  }
  return out.join('');
}

/** One screenshot of an app: the product window with the given scene. */
export function screenshotSvg(app: { slug: string; name: string }, partner: { colors: readonly [string, string] }, kind: Scene, index: number): string {
  const { width: W, height: H } = SCREENSHOT_SIZE;
  const rng = createRng(hashSeed(`${app.slug}:${index}`));
  const [a, b] = partner.colors;
  const nav = ['Overview', 'Spaces', TITLES[kind], 'Reports', 'Team', 'Settings'];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="t" x1="0" x2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`,
    rect(0, 0, W, H, '#f4f6fb'),
    rect(0, 0, W, 60, 'url(#t)'),
    rect(20, 14, 32, 32, '#ffffff', 'rx="8" fill-opacity=".9"'),
    text(66, 39, app.name, 21, '#ffffff', 'font-weight="bold"'),
    rect(W - 250, 16, 170, 28, '#ffffff', 'rx="14" fill-opacity=".25"'),
    `<circle cx="${W - 40}" cy="30" r="16" fill="#ffffff" fill-opacity=".85"/>`,
    rect(0, 60, 220, H - 60, '#ffffff'),
    rect(220, 60, 1, H - 60, '#e3e8f0'),
  ];
  nav.forEach((n, i) => {
    const active = i === 2;
    if (active) parts.push(rect(12, 84 + i * 50, 196, 40, mix(a, '#ffffff', 0.86), 'rx="10"'));
    parts.push(
      rect(28, 96 + i * 50, 16, 16, active ? a : '#cbd5e1', 'rx="4"'),
      text(56, 110 + i * 50, n, 16, active ? mix(a, '#000000', 0.3) : '#475569', active ? 'font-weight="bold"' : ''),
    );
  });
  parts.push(text(252, 108, `${TITLES[kind]}${kind === 'analytics' ? ' · last 30 days' : ''}`, 26, '#0f172a', 'font-weight="bold"'));
  parts.push(
    rect(W - 190, 82, 158, 40, a, 'rx="10"'),
    text(W - 170, 108, kind === 'work-orders' ? 'New request' : 'Share', 17, '#ffffff', 'font-weight="bold"'),
  );
  parts.push(scene(kind, rng, 252, 140, W - 284, H - 172, a));
  parts.push('</svg>');
  return parts.join('');
}

// ---------------------------------------------------------------- rendering (media.ts runs these jobs)

/** One picture of the demo marketplace: a partner's logo or an app's screenshot. */
export interface MarketplacePicture {
  /** Folder under /media/marketplace/ (`logo-<partner>`, `<app>-<n>`). */
  key: string;
  kind: 'logo' | 'screenshot';
  partner: { slug: string; colors: readonly [string, string]; glyph: string };
  app?: { slug: string; name: string };
  scene?: Scene;
  index?: number;
}

/** Widths each kind is written at (largest first): logos like profile photos, screenshots for cards and the gallery. */
export const MARKETPLACE_WIDTHS = { logo: [256, 96], screenshot: [1280, 640] } as const;

/** The media-relative path of one rendition. */
export const marketplaceFile = (key: string, width: number) => `marketplace/${key}/${width}.webp`;

/** This generator's version: its own source, so a changed drawing is drawn again (the shared cache keys on pictures.ts and media.ts). */
const VERSION = createHash('sha256')
  .update(readFileSync(import.meta.filename))
  .digest('hex')
  .slice(0, 12);

/** Jobs in the shape media.ts runs: files (media path, cache path) and how to draw them. */
export function marketplacePictureJobs(pictures: readonly MarketplacePicture[], webp: { quality: number; effort: number }) {
  return pictures.map((p) => {
    const widths = MARKETPLACE_WIDTHS[p.kind];
    return {
      files: widths.map((w) => ({ media: marketplaceFile(p.key, w), cache: `marketplace/${VERSION}/${p.key}-${w}.webp` })),
      render: async (): Promise<Buffer[]> => {
        const svg =
          p.kind === 'logo' ? logoSvg(p.partner) : screenshotSvg(p.app ?? { slug: p.key, name: p.key }, p.partner, p.scene ?? 'analytics', p.index ?? 0);
        const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
        const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
        return Promise.all(widths.map((w) => sharp(data, raw).resize(w).webp(webp).toBuffer()));
      },
    };
  });
}
