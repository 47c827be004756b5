/**
 * Deterministic placeholder artwork (thumbnails, avatars, covers) rendered from SVG via sharp.
 *
 * Thumbnails are text-free flat illustrations: a one-point-perspective interior (or an exterior
 * scene for landmarks / yachts) whose furniture depends on the space kind and whose palette,
 * layout and details are derived from the seed. Same inputs -> byte-identical PNG.
 */
import sharp from 'sharp';
import { escapeHtml } from '../../src/domain/html.ts';

// ───────────────────────────── randomness ─────────────────────────────

interface Rand {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(arr: readonly T[]): T;
  chance(p: number): boolean;
}

function hashString(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

function makeRand(seed: string): Rand {
  let a = hashString(seed) || 0x9e3779b9;
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(arr: readonly T[]): T => arr[Math.floor(next() * arr.length)] as T,
    chance: (p) => next() < p,
  };
}

// ───────────────────────────── colour ─────────────────────────────

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number): string =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two hex colours (t=0 -> a, t=1 -> b). */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
const darken = (c: string, t: number): string => mix(c, '#1a1420', t);

interface Palette {
  wall: string;
  floor: string;
  ceil: string;
  wood: string;
  dark: string;
  accents: readonly [string, string, string, string];
  sky: readonly [string, string];
  greens: readonly [string, string, string];
}

const PALETTES: readonly Palette[] = [
  {
    wall: '#ebe5da',
    floor: '#c9a27a',
    ceil: '#f4f1ea',
    wood: '#9a6b45',
    dark: '#2f4858',
    accents: ['#7a9e7e', '#d98e5f', '#2f4858', '#e9c46a'],
    sky: ['#9fc5e8', '#f6e7d8'],
    greens: ['#5b8a5f', '#7aa37a', '#3f6b4a'],
  },
  {
    wall: '#f2e3dc',
    floor: '#b98b6e',
    ceil: '#f8efea',
    wood: '#8c5a44',
    dark: '#314455',
    accents: ['#c96567', '#314455', '#9e5a63', '#f4c095'],
    sky: ['#f7c8b5', '#fbe9dc'],
    greens: ['#6a8d73', '#8fb08f', '#4b6b56'],
  },
  {
    wall: '#e9eef0',
    floor: '#d8c3a5',
    ceil: '#f5f7f7',
    wood: '#a07d5a',
    dark: '#293241',
    accents: ['#3d5a80', '#98c1d9', '#ee6c4d', '#293241'],
    sky: ['#8ecae6', '#e0f1f7'],
    greens: ['#4f7f63', '#77a68a', '#2f5d46'],
  },
  {
    wall: '#f1e0c5',
    floor: '#b07a4f',
    ceil: '#f7ecdb',
    wood: '#7c4f2c',
    dark: '#264653',
    accents: ['#264653', '#2a9d8f', '#e9c46a', '#e76f51'],
    sky: ['#f4a261', '#fde3c2'],
    greens: ['#4a7c59', '#6f9e6b', '#2d5a3d'],
  },
  {
    wall: '#3b4160',
    floor: '#6b4f3a',
    ceil: '#343955',
    wood: '#8a5a3b',
    dark: '#1f2336',
    accents: ['#f2c14e', '#f78154', '#5fad56', '#b4436c'],
    sky: ['#4d5382', '#f7b267'],
    greens: ['#5fad56', '#3f8f4a', '#7cc26f'],
  },
  {
    wall: '#e3f0ea',
    floor: '#cdb292',
    ceil: '#f1f8f4',
    wood: '#9b7653',
    dark: '#0b4f56',
    accents: ['#006d77', '#83c5be', '#ffddd2', '#e29578'],
    sky: ['#a8dadc', '#f1faee'],
    greens: ['#2f7a6d', '#4f9d8a', '#1e5c52'],
  },
  {
    wall: '#ebe5f1',
    floor: '#bfa58a',
    ceil: '#f5f2f8',
    wood: '#8d6e57',
    dark: '#231942',
    accents: ['#5e548e', '#9f86c0', '#e0b1cb', '#231942'],
    sky: ['#cdb4db', '#fde2e4'],
    greens: ['#5c8a6a', '#7fae86', '#3d6a4f'],
  },
  {
    wall: '#f5ebdd',
    floor: '#8c6a4f',
    ceil: '#faf4ea',
    wood: '#6f4e37',
    dark: '#283618',
    accents: ['#bc6c25', '#dda15e', '#606c38', '#283618'],
    sky: ['#e9c46a', '#fcefd4'],
    greens: ['#606c38', '#7f8f4a', '#3f4a22'],
  },
  {
    wall: '#e7eff4',
    floor: '#e2d3b5',
    ceil: '#f4f8fa',
    wood: '#b0916b',
    dark: '#1d3557',
    accents: ['#1d3557', '#457b9d', '#a8dadc', '#e63946'],
    sky: ['#7fb3d5', '#eaf4fb'],
    greens: ['#4d8b6f', '#6fae8c', '#2f6b50'],
  },
  {
    wall: '#eadbc8',
    floor: '#7f5539',
    ceil: '#f4ebdf',
    wood: '#5e3d26',
    dark: '#3e5c76',
    accents: ['#b08968', '#3e5c76', '#ddb892', '#9c6644'],
    sky: ['#b7c9d6', '#f2e6d8'],
    greens: ['#5f7f59', '#84a07c', '#3e5a3a'],
  },
  {
    wall: '#f3ede4',
    floor: '#c4b5a0',
    ceil: '#faf7f2',
    wood: '#7d6450',
    dark: '#2b2d42',
    accents: ['#8d99ae', '#ef233c', '#2b2d42', '#edf2f4'],
    sky: ['#bcd4e6', '#f4f1ec'],
    greens: ['#557a5e', '#7a9e80', '#39594a'],
  },
  {
    wall: '#23393d',
    floor: '#5c4433',
    ceil: '#1d2f33',
    wood: '#7a553a',
    dark: '#14232a',
    accents: ['#e8b04a', '#e07a5f', '#81b29a', '#f4f1de'],
    sky: ['#3d405b', '#e07a5f'],
    greens: ['#81b29a', '#5d9479', '#a3c9b3'],
  },
];

// ───────────────────────────── svg helpers ─────────────────────────────

const f = (n: number): string => (Math.round(n * 10) / 10).toString();

/** Text and attribute values in the SVG go through the product's one escaper. */
const esc = escapeHtml;

class Svg {
  readonly width: number;
  readonly height: number;
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private counter = 0;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
  }

  uid(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  def(s: string): void {
    this.defs.push(s);
  }

  add(s: string): void {
    this.body.push(s);
  }

  private readonly shared = new Map<string, string>();

  /** Gradient in objectBoundingBox units, defined once per key and reused by many shapes. */
  sharedLinear(key: string, x1: number, y1: number, x2: number, y2: number, stops: readonly (readonly [number, string, number?])[]): string {
    const hit = this.shared.get(key);
    if (hit) return hit;
    const id = this.uid('s');
    const st = stops.map(([o, c, a]) => `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');
    this.def(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${st}</linearGradient>`);
    const url = `url(#${id})`;
    this.shared.set(key, url);
    return url;
  }

  /** Vertical/any-direction linear gradient in user space; returns `url(#id)`. */
  linear(x1: number, y1: number, x2: number, y2: number, stops: readonly (readonly [number, string, number?])[]): string {
    const id = this.uid('g');
    const st = stops.map(([o, c, a]) => `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');
    this.def(`<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${st}</linearGradient>`);
    return `url(#${id})`;
  }

  radial(cx: number, cy: number, r: number, stops: readonly (readonly [number, string, number?])[]): string {
    const id = this.uid('r');
    const st = stops.map(([o, c, a]) => `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');
    this.def(`<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}">${st}</radialGradient>`);
    return `url(#${id})`;
  }

  clipRect(x: number, y: number, w: number, h: number, rx = 0): string {
    const id = this.uid('c');
    this.def(`<clipPath id="${id}"><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(rx)}"/></clipPath>`);
    return id;
  }

  clipPath(d: string): string {
    const id = this.uid('c');
    this.def(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return id;
  }

  path(d: string, fill: string, extra = ''): void {
    this.add(`<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`);
  }

  rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): void {
    this.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`);
  }

  circle(cx: number, cy: number, r: number, fill: string, extra = ''): void {
    this.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): void {
    this.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`);
  }

  line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = ''): void {
    this.add(`<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${f(width)}"${extra ? ` ${extra}` : ''}/>`);
  }

  open(attrs: string): void {
    this.add(`<g ${attrs}>`);
  }

  close(): void {
    this.add('</g>');
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

type Pt = readonly [number, number];

const dPoly = (pts: readonly Pt[]): string => `M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z`;

// ───────────────────────────── perspective room ─────────────────────────────

/** One-point perspective camera looking at the back wall (z = 0) of a box-shaped room, in metres. */
interface Room {
  svg: Svg;
  rnd: Rand;
  pal: Palette;
  /** vanishing point (screen) */
  vx: number;
  vy: number;
  /** pixels per metre at z = 0 */
  ppm: number;
  /** camera x (m) and eye height (m) */
  ex: number;
  eh: number;
  /** camera distance from back wall (m) */
  dc: number;
  /** room width / height (m) */
  rw: number;
  rh: number;
  /** z of the (invisible) front plane used to extend walls */
  zf: number;
}

function P(r: Room, x: number, y: number, z: number): Pt {
  const s = r.dc / (r.dc - z);
  return [r.vx + (x - r.ex) * r.ppm * s, r.vy + (r.eh - y) * r.ppm * s];
}

function scaleAt(r: Room, z: number): number {
  return (r.ppm * r.dc) / (r.dc - z);
}

function quad(r: Room, pts: readonly (readonly [number, number, number])[]): string {
  return dPoly(pts.map(([x, y, z]) => P(r, x, y, z)));
}

/**
 * Collects box faces for a row of items that share the same depth range and emits one path per
 * colour and layer (sides, then tops, then fronts) - correct painter order for such rows and far
 * cheaper to rasterise than one element per face.
 */
class FaceBatch {
  private readonly layers: Map<string, string>[] = [new Map<string, string>(), new Map<string, string>(), new Map<string, string>()];

  add(layer: 0 | 1 | 2, color: string, d: string): void {
    const m = this.layers[layer] as Map<string, string>;
    m.set(color, (m.get(color) ?? '') + d);
  }

  flush(svg: Svg): void {
    for (const m of this.layers) {
      for (const [color, d] of m) svg.path(d, color);
      m.clear();
    }
  }
}

interface BoxStyle {
  top?: string;
  side?: string;
  front?: string;
}

/** Axis-aligned box with flat shading: front face base colour, top lighter, sides darker. */
const shadeCache = new Map<string, string>();
function cachedShade(color: string, kind: 'side' | 'top' | 'bottom'): string {
  const key = `${kind}${color}`;
  let v = shadeCache.get(key);
  if (v === undefined) {
    v = kind === 'side' ? darken(color, 0.18) : kind === 'top' ? lighten(color, 0.16) : darken(color, 0.3);
    if (shadeCache.size > 4096) shadeCache.clear();
    shadeCache.set(key, v);
  }
  return v;
}

/** Axis-aligned box with flat shading: front face base colour, top lighter, sides darker. */
function box(r: Room, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, color: string, st: BoxStyle = {}, batch?: FaceBatch): void {
  const side = st.side ?? cachedShade(color, 'side');
  const top = st.top ?? cachedShade(color, 'top');
  const emit = (layer: 0 | 1 | 2, c: string, d: string): void => {
    if (batch) batch.add(layer, c, d);
    else r.svg.path(d, c);
  };
  if (x0 > r.ex)
    emit(
      0,
      side,
      quad(r, [
        [x0, y0, z0],
        [x0, y0, z1],
        [x0, y1, z1],
        [x0, y1, z0],
      ]),
    );
  if (x1 < r.ex)
    emit(
      0,
      side,
      quad(r, [
        [x1, y0, z0],
        [x1, y0, z1],
        [x1, y1, z1],
        [x1, y1, z0],
      ]),
    );
  if (y1 < r.eh)
    emit(
      1,
      top,
      quad(r, [
        [x0, y1, z0],
        [x1, y1, z0],
        [x1, y1, z1],
        [x0, y1, z1],
      ]),
    );
  if (y0 > r.eh)
    emit(
      1,
      cachedShade(color, 'bottom'),
      quad(r, [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y0, z1],
        [x0, y0, z1],
      ]),
    );
  emit(
    2,
    st.front ?? color,
    quad(r, [
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ]),
  );
}

/** Soft-ish contact shadow under a footprint (two stacked translucent quads). */
function shadow(r: Room, x0: number, x1: number, z0: number, z1: number, strength = 1): void {
  const a = (0.045 * strength).toFixed(3);
  for (const g of [0.24, 0.12, 0.03]) {
    r.svg.path(
      quad(r, [
        [x0 - g, 0, z0 - g * 0.4],
        [x1 + g, 0, z0 - g * 0.4],
        [x1 + g * 1.3, 0, z1 + g * 1.4],
        [x0 - g * 1.3, 0, z1 + g * 1.4],
      ]),
      '#000',
      `fill-opacity="${a}"`,
    );
  }
}

interface RoomOpts {
  rw?: number | undefined;
  rh?: number | undefined;
  eh?: number | undefined;
  /** camera x in metres (default: near the middle, jittered) */
  ex?: number | undefined;
  floor?: 'wood' | 'tile' | 'concrete' | 'carpet' | 'checker' | undefined;
  wall?: string | undefined;
  floorColor?: string | undefined;
  ceiling?: 'plain' | 'skylight' | 'beams' | 'truss' | undefined;
}

function makeRoom(svg: Svg, rnd: Rand, pal: Palette, o: RoomOpts = {}): Room {
  const W = svg.width;
  const H = svg.height;
  const rw = o.rw ?? rnd.range(5.6, 7);
  const rh = o.rh ?? rnd.range(2.9, 3.3);
  const eh = o.eh ?? rnd.range(1.3, 1.55);
  // Fit the back wall to ~52% of the frame width (or height for tall images).
  const ppm = Math.min((W * rnd.range(0.5, 0.58)) / rw, (H * 0.6) / rh);
  const jitter = rnd.range(-0.7, 0.7);
  const ex = o.ex ?? rw / 2 + jitter;
  const vx = W / 2 + (ex - rw / 2) * ppm * 0.9;
  const vy = H * rnd.range(0.44, 0.5);
  const dc = 7.5;
  // Front plane: far enough that floor, ceiling and both walls run off every edge of the frame.
  const need = Math.max((H - vy) / (eh * ppm), vy / ((rh - eh) * ppm), vx / (ex * ppm), (W - vx) / ((rw - ex) * ppm)) * 1.08;
  const zf = Math.min(dc - 0.02, Math.max(6.6, dc * (1 - 1 / need)));
  const r: Room = { svg, rnd, pal, vx, vy, ppm, ex, eh, dc, rw, rh, zf };
  drawShell(r, o);
  return r;
}

function drawShell(r: Room, o: RoomOpts): void {
  const { svg, pal } = r;
  const W = svg.width;
  const H = svg.height;
  const wall = o.wall ?? pal.wall;
  const zf = r.zf;
  const dark = isDark(wall);
  // background (covers anything outside the room polygons)
  svg.rect(0, 0, W, H, darken(wall, 0.1));
  // ceiling
  const [, cy0] = P(r, 0, r.rh, 0);
  svg.path(
    quad(r, [
      [0, r.rh, 0],
      [r.rw, r.rh, 0],
      [r.rw, r.rh, zf],
      [0, r.rh, zf],
    ]),
    svg.linear(0, cy0, 0, 0, [
      [0, darken(pal.ceil, 0.06)],
      [1, pal.ceil],
    ]),
  );
  // side walls (horizontal gradients: lighter near the back)
  const [lx0] = P(r, 0, 0, 0);
  const [rx0] = P(r, r.rw, 0, 0);
  svg.path(
    quad(r, [
      [0, 0, 0],
      [0, r.rh, 0],
      [0, r.rh, zf],
      [0, 0, zf],
    ]),
    svg.linear(lx0, 0, 0, 0, [
      [0, darken(wall, 0.07)],
      [1, darken(wall, dark ? 0.2 : 0.16)],
    ]),
  );
  svg.path(
    quad(r, [
      [r.rw, 0, 0],
      [r.rw, r.rh, 0],
      [r.rw, r.rh, zf],
      [r.rw, 0, zf],
    ]),
    svg.linear(rx0, 0, W, 0, [
      [0, darken(wall, 0.12)],
      [1, darken(wall, dark ? 0.26 : 0.22)],
    ]),
  );
  // back wall
  const [bx0, by0] = P(r, 0, r.rh, 0);
  const [bx1, by1] = P(r, r.rw, 0, 0);
  svg.rect(
    bx0,
    by0,
    bx1 - bx0,
    by1 - by0,
    svg.linear(0, by0, 0, by1, [
      [0, lighten(wall, 0.08)],
      [1, wall],
    ]),
  );
  // floor
  const fc = o.floorColor ?? pal.floor;
  const [, fy0] = P(r, 0, 0, 0);
  svg.path(
    quad(r, [
      [0, 0, 0],
      [r.rw, 0, 0],
      [r.rw, 0, zf],
      [0, 0, zf],
    ]),
    svg.linear(0, fy0, 0, H, [
      [0, darken(fc, 0.12)],
      [1, lighten(fc, 0.06)],
    ]),
  );
  const kind = o.floor ?? 'wood';
  if (kind === 'wood') {
    const n = Math.round(r.rw / 0.32);
    let d = '';
    for (let i = 1; i < n; i++) {
      const x = (i * r.rw) / n;
      const [ax, ay] = P(r, x, 0, 0);
      const [bx, by] = P(r, x, 0, zf);
      d += `M${f(ax)} ${f(ay)}L${f(bx)} ${f(by)}`;
    }
    svg.add(`<path d="${d}" stroke="${darken(fc, 0.22)}" stroke-width="1.2" stroke-opacity=".35"/>`);
  } else if (kind === 'tile' || kind === 'checker') {
    const step = kind === 'checker' ? 0.7 : 0.9;
    if (kind === 'checker') {
      let d = '';
      for (let zi = 0; zi * step < zf; zi++) {
        for (let xi = 0; xi * step < r.rw; xi++) {
          if ((xi + zi) % 2 === 0) continue;
          const x0 = xi * step;
          const z0 = zi * step;
          d += quad(r, [
            [x0, 0, z0],
            [Math.min(x0 + step, r.rw), 0, z0],
            [Math.min(x0 + step, r.rw), 0, z0 + step],
            [x0, 0, z0 + step],
          ]);
        }
      }
      svg.path(d, darken(fc, 0.25), 'fill-opacity=".55"');
    } else {
      let d = '';
      for (let x = step; x < r.rw; x += step) {
        const [ax, ay] = P(r, x, 0, 0);
        const [bx, by] = P(r, x, 0, zf);
        d += `M${f(ax)} ${f(ay)}L${f(bx)} ${f(by)}`;
      }
      for (let z = step; z < zf; z += step) {
        const [ax, ay] = P(r, 0, 0, z);
        const [bx, by] = P(r, r.rw, 0, z);
        d += `M${f(ax)} ${f(ay)}L${f(bx)} ${f(by)}`;
      }
      svg.add(`<path d="${d}" stroke="${lighten(fc, 0.3)}" stroke-width="1.5" stroke-opacity=".5"/>`);
    }
  } else if (kind === 'concrete') {
    let d = '';
    for (let z = 1.6; z < zf; z += 1.6) {
      const [ax, ay] = P(r, 0, 0, z);
      const [bx, by] = P(r, r.rw, 0, z);
      d += `M${f(ax)} ${f(ay)}L${f(bx)} ${f(by)}`;
    }
    svg.add(`<path d="${d}" stroke="${darken(fc, 0.2)}" stroke-width="1.4" stroke-opacity=".35"/>`);
  }
  // skirting boards
  const sk = lighten(wall, dark ? 0.1 : 0.35);
  const skh = 0.09;
  svg.rect(bx0, by1 - skh * r.ppm, bx1 - bx0, skh * r.ppm, sk);
  svg.path(
    quad(r, [
      [0, 0, 0],
      [0, skh, 0],
      [0, skh, zf],
      [0, 0, zf],
    ]),
    darken(sk, 0.08),
  );
  svg.path(
    quad(r, [
      [r.rw, 0, 0],
      [r.rw, skh, 0],
      [r.rw, skh, zf],
      [r.rw, 0, zf],
    ]),
    darken(sk, 0.14),
  );
  // ceiling details
  const c = o.ceiling ?? 'plain';
  if (c === 'skylight') {
    const x0 = r.rw * 0.25;
    const x1 = r.rw * 0.75;
    svg.path(
      quad(r, [
        [x0, r.rh, 0.6],
        [x1, r.rh, 0.6],
        [x1, r.rh, 4.5],
        [x0, r.rh, 4.5],
      ]),
      svg.linear(0, P(r, 0, r.rh, 0.6)[1], 0, P(r, 0, r.rh, 4.5)[1], [
        [0, lighten(pal.sky[1], 0.3)],
        [1, pal.sky[0]],
      ]),
    );
    let d = '';
    for (let z = 0.6; z <= 4.5; z += 0.65) {
      const [ax, ay] = P(r, x0, r.rh, z);
      const [bx, by] = P(r, x1, r.rh, z);
      d += `M${f(ax)} ${f(ay)}L${f(bx)} ${f(by)}`;
    }
    const [mx0, my0] = P(r, r.rw / 2, r.rh, 0.6);
    const [mx1, my1] = P(r, r.rw / 2, r.rh, 4.5);
    d += `M${f(mx0)} ${f(my0)}L${f(mx1)} ${f(my1)}`;
    svg.add(`<path d="${d}" stroke="${darken(pal.ceil, 0.35)}" stroke-width="3" fill="none"/>`);
  } else if (c === 'beams') {
    for (let z = 0.5; z < zf; z += 1.3) box(r, 0, r.rw, r.rh - 0.22, r.rh, z, z + 0.22, pal.wood);
  } else if (c === 'truss') {
    let d = '';
    for (let z = 0.6; z < zf; z += 1.5) {
      const a = P(r, 0, r.rh - 0.9, z);
      const b = P(r, r.rw, r.rh - 0.9, z);
      d += `M${f(a[0])} ${f(a[1])}L${f(b[0])} ${f(b[1])}`;
      for (let i = 0; i <= 8; i++) {
        const x = (i * r.rw) / 8;
        const p = P(r, x, r.rh - 0.9, z);
        const q = P(r, x + (i % 2 ? -r.rw / 8 : r.rw / 8), r.rh, z);
        if (i < 8) d += `M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}`;
      }
    }
    svg.add(`<path d="${d}" stroke="${darken(r.pal.dark, 0.1)}" stroke-width="3" fill="none" stroke-opacity=".8"/>`);
  }
}

function isDark(c: string): boolean {
  const [r, g, b] = hexToRgb(c);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 110;
}

// ───────────────────────────── wall features ─────────────────────────────

type View = 'hills' | 'city' | 'sea' | 'trees' | 'sky';

/** Landscape/cityscape seen through a window, drawn inside a screen-space rect. */
function drawView(r: Room, x: number, y: number, w: number, h: number, view: View): void {
  const { svg, pal, rnd } = r;
  svg.rect(
    x,
    y,
    w,
    h,
    svg.linear(0, y, 0, y + h, [
      [0, pal.sky[0]],
      [1, pal.sky[1]],
    ]),
  );
  const sun = lighten(pal.sky[1], 0.5);
  if (rnd.chance(0.6)) svg.circle(x + w * rnd.range(0.2, 0.8), y + h * rnd.range(0.2, 0.45), Math.min(w, h) * 0.08, sun, 'fill-opacity=".9"');
  const base = y + h;
  if (view === 'hills' || view === 'trees') {
    const c1 = mix(pal.greens[1], pal.sky[0], 0.45);
    const c2 = mix(pal.greens[0], pal.sky[0], 0.15);
    const h1 = y + h * 0.6;
    svg.path(
      `M${f(x)} ${f(base)}L${f(x)} ${f(h1)}Q${f(x + w * 0.3)} ${f(h1 - h * 0.22)} ${f(x + w * 0.55)} ${f(h1 - h * 0.04)}T${f(x + w)} ${f(h1 - h * 0.12)}L${f(x + w)} ${f(base)}Z`,
      c1,
    );
    const h2 = y + h * 0.78;
    svg.path(`M${f(x)} ${f(base)}L${f(x)} ${f(h2 - h * 0.06)}Q${f(x + w * 0.45)} ${f(h2 - h * 0.18)} ${f(x + w)} ${f(h2)}L${f(x + w)} ${f(base)}Z`, c2);
    if (view === 'trees') {
      for (let i = 0; i < 4; i++) {
        const tx = x + w * rnd.range(0.05, 0.95);
        const tr = h * rnd.range(0.08, 0.14);
        svg.circle(tx, base - tr * 1.1, tr, pal.greens[2]);
      }
    }
  } else if (view === 'city') {
    const far = mix(pal.dark, pal.sky[0], 0.6);
    const near = mix(pal.dark, pal.sky[0], 0.3);
    let cx = x - 5;
    let d = '';
    while (cx < x + w) {
      const bw = w * rnd.range(0.07, 0.15);
      const bh = h * rnd.range(0.2, 0.55);
      d += `M${f(cx)} ${f(base)}h${f(bw)}v${f(-bh)}h${f(-bw)}Z`;
      cx += bw + w * 0.01;
    }
    svg.path(d, far);
    cx = x - 5;
    d = '';
    let lit = '';
    while (cx < x + w) {
      const bw = w * rnd.range(0.1, 0.2);
      const bh = h * rnd.range(0.12, 0.4);
      d += `M${f(cx)} ${f(base)}h${f(bw)}v${f(-bh)}h${f(-bw)}Z`;
      for (let wy = base - bh + h * 0.04; wy < base - h * 0.04; wy += h * 0.07) {
        for (let wx = cx + bw * 0.15; wx < cx + bw * 0.8; wx += bw * 0.25) {
          if (rnd.chance(0.35)) lit += `M${f(wx)} ${f(wy)}h${f(bw * 0.1)}v${f(h * 0.03)}h${f(-bw * 0.1)}Z`;
        }
      }
      cx += bw + w * 0.02;
    }
    svg.path(d, near);
    if (lit) svg.path(lit, lighten(pal.sky[1], 0.4), 'fill-opacity=".7"');
  } else if (view === 'sea') {
    const hz = y + h * 0.62;
    svg.rect(
      x,
      hz,
      w,
      base - hz,
      svg.linear(0, hz, 0, base, [
        [0, mix(pal.accents[1], pal.sky[0], 0.3)],
        [1, darken(mix(pal.accents[1], pal.sky[0], 0.2), 0.15)],
      ]),
    );
    svg.path(
      `M${f(x + w * 0.55)} ${f(hz)}Q${f(x + w * 0.75)} ${f(hz - h * 0.12)} ${f(x + w)} ${f(hz - h * 0.08)}L${f(x + w)} ${f(hz)}Z`,
      mix(pal.greens[0], pal.sky[0], 0.5),
    );
    let d = '';
    for (let i = 0; i < 5; i++) {
      const wy = hz + (base - hz) * rnd.range(0.15, 0.9);
      const wx = x + w * rnd.range(0, 0.8);
      d += `M${f(wx)} ${f(wy)}h${f(w * rnd.range(0.06, 0.16))}`;
    }
    svg.add(`<path d="${d}" stroke="#fff" stroke-width="2" stroke-opacity=".5" stroke-linecap="round"/>`);
  }
}

/** Window in the back wall with a view, frame and mullions. x/y in metres on the back wall. */
function backWindow(
  r: Room,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  view: View,
  opts: { cols?: number; rows?: number; frame?: string; light?: boolean } = {},
): void {
  const { svg } = r;
  const [sx0, sy0] = P(r, x0, y1, 0);
  const [sx1, sy1] = P(r, x1, y0, 0);
  const w = sx1 - sx0;
  const h = sy1 - sy0;
  const frame = opts.frame ?? lighten(r.pal.wall, 0.5);
  const ft = Math.max(3, r.ppm * 0.06);
  // reveal / sill
  svg.rect(sx0 - ft, sy0 - ft, w + 2 * ft, h + 2 * ft, frame);
  const clip = svg.clipRect(sx0, sy0, w, h);
  svg.open(`clip-path="url(#${clip})"`);
  drawView(r, sx0, sy0, w, h, view);
  svg.close();
  const cols = opts.cols ?? Math.max(1, Math.round((x1 - x0) / 0.9));
  const rows = opts.rows ?? 1;
  let d = '';
  for (let i = 1; i < cols; i++) d += `M${f(sx0 + (w * i) / cols)} ${f(sy0)}v${f(h)}`;
  for (let i = 1; i < rows; i++) d += `M${f(sx0)} ${f(sy0 + (h * i) / rows)}h${f(w)}`;
  if (d) svg.add(`<path d="${d}" stroke="${frame}" stroke-width="${f(ft * 0.7)}"/>`);
  svg.rect(sx0 - ft * 1.6, sy1, w + ft * 3.2, ft * 0.9, darken(frame, 0.06));
  if (opts.light !== false) {
    // light patch falling on the floor
    const a = 0.09;
    svg.path(
      quad(r, [
        [x0, 0, 0.05],
        [x1, 0, 0.05],
        [x1 + (x1 - r.ex) * 0.25, 0, 2.6],
        [x0 + (x0 - r.ex) * 0.25, 0, 2.6],
      ]),
      svg.linear(0, P(r, 0, 0, 0)[1], 0, P(r, 0, 0, 2.6)[1], [
        [0, '#fff', a * 2],
        [1, '#fff', 0],
      ]),
    );
  }
}

/** Window on the left (side = 0) or right (side = rw) wall with a light patch on the floor. */
function sideWindow(r: Room, side: 'left' | 'right', z0: number, z1: number, y0: number, y1: number, opts: { mullions?: number } = {}): void {
  const { svg, pal } = r;
  const x = side === 'left' ? 0 : r.rw;
  const frame = lighten(pal.wall, 0.5);
  const fr = 0.07;
  svg.path(
    quad(r, [
      [x, y0 - fr, z0 - fr],
      [x, y0 - fr, z1 + fr],
      [x, y1 + fr, z1 + fr],
      [x, y1 + fr, z0 - fr],
    ]),
    frame,
  );
  const [, ay] = P(r, x, y1, z0);
  const [, by] = P(r, x, y0, z0);
  svg.path(
    quad(r, [
      [x, y0, z0],
      [x, y0, z1],
      [x, y1, z1],
      [x, y1, z0],
    ]),
    svg.linear(0, ay, 0, by, [
      [0, pal.sky[0]],
      [1, lighten(pal.sky[1], 0.2)],
    ]),
  );
  const n = opts.mullions ?? Math.max(1, Math.round((z1 - z0) / 0.8));
  let d = '';
  for (let i = 1; i < n; i++) {
    const z = z0 + ((z1 - z0) * i) / n;
    const [px, py] = P(r, x, y0, z);
    const [qx, qy] = P(r, x, y1, z);
    d += `M${f(px)} ${f(py)}L${f(qx)} ${f(qy)}`;
  }
  const ym = y0 + (y1 - y0) * 0.62;
  const [mx0, my0] = P(r, x, ym, z0);
  const [mx1, my1] = P(r, x, ym, z1);
  d += `M${f(mx0)} ${f(my0)}L${f(mx1)} ${f(my1)}`;
  svg.add(`<path d="${d}" stroke="${frame}" stroke-width="${f(r.ppm * 0.06)}"/>`);
  // light on the floor
  const dir = side === 'left' ? 1 : -1;
  const reach = 2.6;
  svg.path(
    quad(r, [
      [x, 0, z0],
      [x, 0, z1],
      [x + dir * reach, 0, z1 + 0.9],
      [x + dir * reach, 0, z0 + 0.9],
    ]),
    '#fff',
    'fill-opacity=".09"',
  );
}

type ArtStyle = 'abstract' | 'landscape' | 'stripes' | 'portrait';

/** Framed artwork on the back wall. Coordinates in metres. */
function backArt(r: Room, cx: number, y0: number, w: number, h: number, style?: ArtStyle, frameColor?: string): void {
  const { svg, pal, rnd } = r;
  const [sx0, sy0] = P(r, cx - w / 2, y0 + h, 0);
  const [sx1, sy1] = P(r, cx + w / 2, y0, 0);
  const W = sx1 - sx0;
  const H = sy1 - sy0;
  const ft = Math.max(2, r.ppm * 0.045);
  const fc = frameColor ?? rnd.pick([pal.dark, pal.wood, '#2b2b2b', '#d8c7a3']);
  svg.rect(sx0 + ft * 0.6, sy0 + ft * 1.4, W, H, '#000', 'fill-opacity=".12"');
  svg.rect(sx0, sy0, W, H, fc);
  const mat = ft * (rnd.chance(0.5) ? 2.2 : 1);
  const ix = sx0 + ft + mat;
  const iy = sy0 + ft + mat;
  const iw = W - 2 * (ft + mat);
  const ih = H - 2 * (ft + mat);
  svg.rect(sx0 + ft, sy0 + ft, W - 2 * ft, H - 2 * ft, '#f7f4ee');
  drawArt(svg, rnd, pal, ix, iy, iw, ih, style ?? rnd.pick(['abstract', 'landscape', 'stripes', 'abstract', 'portrait'] as const));
}

function drawArt(svg: Svg, rnd: Rand, pal: Palette, x: number, y: number, w: number, h: number, style: ArtStyle): void {
  const clip = svg.clipRect(x, y, w, h);
  const [a, b, c, d] = pal.accents;
  svg.open(`clip-path="url(#${clip})"`);
  if (style === 'abstract') {
    svg.rect(x, y, w, h, lighten(rnd.pick([a, b, c, d]), 0.7));
    svg.circle(x + w * rnd.range(0.3, 0.7), y + h * rnd.range(0.3, 0.6), Math.min(w, h) * rnd.range(0.22, 0.34), a);
    svg.rect(x + w * rnd.range(0, 0.4), y + h * rnd.range(0.55, 0.7), w * rnd.range(0.5, 0.9), h, b, 'fill-opacity=".9"');
    svg.path(
      `M${f(x)} ${f(y + h * 0.2)}Q${f(x + w * 0.5)} ${f(y + h * 0.55)} ${f(x + w)} ${f(y + h * 0.1)}`,
      'none',
      `stroke="${c}" stroke-width="${f(Math.max(2, w * 0.04))}"`,
    );
  } else if (style === 'landscape') {
    svg.rect(
      x,
      y,
      w,
      h,
      svg.linear(0, y, 0, y + h, [
        [0, pal.sky[0]],
        [1, pal.sky[1]],
      ]),
    );
    svg.circle(x + w * 0.7, y + h * 0.32, Math.min(w, h) * 0.12, lighten(pal.accents[3], 0.2));
    svg.path(
      `M${f(x)} ${f(y + h)}L${f(x)} ${f(y + h * 0.6)}Q${f(x + w * 0.35)} ${f(y + h * 0.35)} ${f(x + w * 0.6)} ${f(y + h * 0.62)}T${f(x + w)} ${f(y + h * 0.55)}L${f(x + w)} ${f(y + h)}Z`,
      pal.greens[1],
    );
    svg.path(
      `M${f(x)} ${f(y + h)}L${f(x)} ${f(y + h * 0.82)}Q${f(x + w * 0.6)} ${f(y + h * 0.6)} ${f(x + w)} ${f(y + h * 0.85)}L${f(x + w)} ${f(y + h)}Z`,
      pal.greens[2],
    );
  } else if (style === 'stripes') {
    const n = rnd.int(3, 5);
    const cols = [a, b, c, d, lighten(a, 0.5)];
    for (let i = 0; i < n; i++) svg.rect(x + (w * i) / n, y, w / n + 1, h, cols[i % cols.length] as string);
    svg.circle(x + w / 2, y + h / 2, Math.min(w, h) * 0.2, '#f7f4ee', 'fill-opacity=".85"');
  } else {
    svg.rect(x, y, w, h, darken(d, 0.1));
    svg.ellipse(x + w / 2, y + h * 0.42, w * 0.2, h * 0.2, lighten(b, 0.4));
    svg.ellipse(x + w / 2, y + h * 1.02, w * 0.38, h * 0.36, a);
  }
  svg.close();
}

/** Simple framed picture on a side wall (parallelogram). */
function sideArt(r: Room, side: 'left' | 'right', zc: number, y0: number, w: number, h: number): void {
  const { svg, pal, rnd } = r;
  const x = side === 'left' ? 0.01 : r.rw - 0.01;
  const z0 = zc - w / 2;
  const z1 = zc + w / 2;
  const frameC = rnd.pick([pal.dark, pal.wood, '#2b2b2b']);
  svg.path(
    quad(r, [
      [x, y0, z0],
      [x, y0, z1],
      [x, y0 + h, z1],
      [x, y0 + h, z0],
    ]),
    frameC,
  );
  const m = 0.06;
  svg.path(
    quad(r, [
      [x, y0 + m, z0 + m],
      [x, y0 + m, z1 - m],
      [x, y0 + h - m, z1 - m],
      [x, y0 + h - m, z0 + m],
    ]),
    lighten(rnd.pick(pal.accents), 0.55),
  );
  const ym = y0 + h * rnd.range(0.35, 0.6);
  svg.path(
    quad(r, [
      [x, y0 + m, z0 + m],
      [x, y0 + m, z1 - m],
      [x, ym, z1 - m],
      [x, ym, z0 + m],
    ]),
    rnd.pick(pal.accents),
  );
  const zc2 = zc + rnd.range(-w * 0.15, w * 0.15);
  const rr = Math.min(w, h) * 0.16;
  svg.path(
    quad(r, [
      [x, ym, zc2 - rr],
      [x, ym, zc2 + rr],
      [x, ym + rr * 2, zc2 + rr],
      [x, ym + rr * 2, zc2 - rr],
    ]),
    lighten(pal.accents[3], 0.2),
  );
}

// ───────────────────────────── furniture ─────────────────────────────

function sofa(r: Room, x: number, z: number, w: number, color: string): void {
  const d = 0.95;
  shadow(r, x, x + w, z, z + d);
  const legs = darken(r.pal.wood, 0.3);
  box(r, x + 0.1, x + 0.16, 0, 0.1, z + d - 0.12, z + d - 0.06, legs);
  box(r, x + w - 0.16, x + w - 0.1, 0, 0.1, z + d - 0.12, z + d - 0.06, legs);
  box(r, x, x + w, 0.1, 0.9, z, z + 0.25, darken(color, 0.06));
  box(r, x, x + w, 0.1, 0.42, z + 0.2, z + d, color);
  const arm = 0.2;
  const cw = (w - 2 * arm) / 2;
  for (let i = 0; i < 2; i++) {
    const cx0 = x + arm + i * cw + 0.02;
    box(r, cx0, cx0 + cw - 0.04, 0.42, 0.52, z + 0.25, z + d - 0.04, lighten(color, 0.06));
    box(r, cx0 + 0.05, cx0 + cw - 0.09, 0.5, 0.82, z + 0.22, z + 0.36, lighten(color, 0.1));
  }
  // throw cushion
  const cc = r.rnd.pick(r.pal.accents);
  box(r, x + arm + 0.06, x + arm + 0.42, 0.5, 0.82, z + 0.34, z + 0.46, cc);
  box(r, x, x + arm, 0.1, 0.64, z + 0.1, z + d, darken(color, 0.03));
  box(r, x + w - arm, x + w, 0.1, 0.64, z + 0.1, z + d, darken(color, 0.03));
}

function armchair(r: Room, x: number, z: number, color: string): void {
  const w = 0.85;
  const d = 0.85;
  shadow(r, x, x + w, z, z + d);
  box(r, x, x + w, 0.1, 0.95, z, z + 0.2, darken(color, 0.06));
  box(r, x, x + w, 0.1, 0.45, z + 0.15, z + d, color);
  box(r, x, x + 0.16, 0.1, 0.65, z + 0.1, z + d, darken(color, 0.03));
  box(r, x + w - 0.16, x + w, 0.1, 0.65, z + 0.1, z + d, darken(color, 0.03));
  const legs = darken(r.pal.wood, 0.3);
  box(r, x + 0.06, x + 0.12, 0, 0.1, z + d - 0.1, z + d - 0.04, legs);
  box(r, x + w - 0.12, x + w - 0.06, 0, 0.1, z + d - 0.1, z + d - 0.04, legs);
}

function table(r: Room, x0: number, x1: number, z0: number, z1: number, h: number, top: string, legC?: string, thick = 0.05): void {
  shadow(r, x0, x1, z0, z1, 0.7);
  const lc = legC ?? darken(top, 0.25);
  const t = 0.05;
  box(r, x0 + 0.05, x0 + 0.05 + t, 0, h - thick, z0 + 0.05, z0 + 0.05 + t, lc);
  box(r, x1 - 0.05 - t, x1 - 0.05, 0, h - thick, z0 + 0.05, z0 + 0.05 + t, lc);
  box(r, x0 + 0.05, x0 + 0.05 + t, 0, h - thick, z1 - 0.05 - t, z1 - 0.05, lc);
  box(r, x1 - 0.05 - t, x1 - 0.05, 0, h - thick, z1 - 0.05 - t, z1 - 0.05, lc);
  box(r, x0, x1, h - thick, h, z0, z1, top);
}

function rug(r: Room, x0: number, x1: number, z0: number, z1: number, color: string, border?: string): void {
  r.svg.path(
    quad(r, [
      [x0, 0.005, z0],
      [x1, 0.005, z0],
      [x1, 0.005, z1],
      [x0, 0.005, z1],
    ]),
    color,
  );
  if (border) {
    const m = 0.15;
    r.svg.path(
      quad(r, [
        [x0 + m, 0.006, z0 + m],
        [x1 - m, 0.006, z0 + m],
        [x1 - m, 0.006, z1 - m],
        [x0 + m, 0.006, z1 - m],
      ]),
      'none',
      `stroke="${border}" stroke-width="${f(r.ppm * 0.035)}"`,
    );
  }
}

function plant(r: Room, x: number, z: number, size: number, potColor?: string): void {
  const { svg, pal, rnd } = r;
  const pr = 0.2 * size;
  const ph = 0.45 * size;
  const s = scaleAt(r, z);
  planter(r, x, z, pr, ph, potColor ?? rnd.pick(['#e9e4dc', '#c8734f', '#2f3a40', '#d9c7ad', lighten(pal.accents[0], 0.2)]));
  const [bx, by] = P(r, x, ph * 0.95, z);
  const kind = rnd.int(0, 2);
  if (kind === 2) {
    // fiddle-leaf: trunk + round leaves
    const th = 1.3 * size * s;
    svg.line(bx, by, bx, by - th, darken(pal.wood, 0.2), Math.max(2, 0.04 * s));
    for (let i = 0; i < 11; i++) {
      const t = rnd.range(0.35, 1);
      const cx = bx + rnd.range(-0.3, 0.3) * size * s * (1.1 - t * 0.3);
      const cy = by - th * t;
      svg.ellipse(cx, cy, 0.13 * size * s, 0.1 * size * s, rnd.pick(pal.greens), `transform="rotate(${f(rnd.range(-40, 40))} ${f(cx)} ${f(cy)})"`);
    }
    return;
  }
  const n = kind === 0 ? 9 : 13;
  for (let i = 0; i < n; i++) {
    const ang = ((i / (n - 1)) * 150 - 75 + rnd.range(-8, 8)) * (Math.PI / 180);
    const len = rnd.range(0.55, 1.0) * size * s * (kind === 0 ? 1 : 0.9);
    const cx = bx + Math.sin(ang) * len * 0.5;
    const cy = by - Math.cos(ang) * len * 0.5;
    const rx = kind === 0 ? len * 0.5 : len * 0.52;
    const ry = kind === 0 ? len * 0.2 : len * 0.09;
    svg.ellipse(cx, cy, rx, ry, pal.greens[i % 3] as string, `transform="rotate(${f((ang * 180) / Math.PI - 90)} ${f(cx)} ${f(cy)})"`);
  }
}

/** Round, slightly tapered planter with rim and soil, drawn in screen space. */
function planter(r: Room, x: number, z: number, pr: number, ph: number, color: string): void {
  const { svg } = r;
  const s = scaleAt(r, z);
  const [fx, fy] = P(r, x, 0, z);
  const [tx, ty] = P(r, x, ph, z);
  const rt = pr * s;
  const rb = pr * 0.78 * s;
  const tilt = Math.max(0.08, Math.min(0.35, (r.eh - ph) / (r.dc - z)));
  svg.ellipse(fx, fy, rt * 1.5, rt * 1.5 * tilt + 2, '#000', 'fill-opacity=".06"');
  svg.ellipse(fx, fy, rt * 1.1, rt * 1.1 * tilt + 1, '#000', 'fill-opacity=".1"');
  const body = `M${f(tx - rt)} ${f(ty)}L${f(fx - rb)} ${f(fy)}Q${f(fx)} ${f(fy + rb * tilt * 2)} ${f(fx + rb)} ${f(fy)}L${f(tx + rt)} ${f(ty)}Z`;
  svg.path(
    body,
    svg.linear(tx - rt, 0, tx + rt, 0, [
      [0, lighten(color, 0.12)],
      [0.55, color],
      [1, darken(color, 0.22)],
    ]),
  );
  svg.ellipse(tx, ty, rt, rt * tilt, lighten(color, 0.2));
  svg.ellipse(tx, ty, rt * 0.86, rt * 0.86 * tilt, '#4a3a2e');
}

function floorLamp(r: Room, x: number, z: number, color: string): void {
  const { svg } = r;
  shadow(r, x - 0.15, x + 0.15, z - 0.15, z + 0.15, 0.6);
  box(r, x - 0.15, x + 0.15, 0, 0.03, z - 0.15, z + 0.15, '#2b2b2b');
  const [ax, ay] = P(r, x, 0.03, z);
  const [, by] = P(r, x, 1.45, z);
  const s = scaleAt(r, z);
  svg.line(ax, ay, ax, by, '#2b2b2b', Math.max(2, 0.025 * s));
  const tw = 0.22 * s;
  const bw = 0.32 * s;
  const hh = 0.32 * s;
  svg.circle(
    ax,
    by + hh * 0.3,
    hh * 2.2,
    svg.radial(ax, by + hh * 0.3, hh * 2.2, [
      [0, '#fff6d8', 0.55],
      [1, '#fff6d8', 0],
    ]),
  );
  svg.path(
    dPoly([
      [ax - tw / 2, by - hh * 0.4],
      [ax + tw / 2, by - hh * 0.4],
      [ax + bw / 2, by + hh * 0.6],
      [ax - bw / 2, by + hh * 0.6],
    ]),
    color,
  );
}

function pendant(r: Room, x: number, z: number, drop: number, color: string, shape: 'dome' | 'globe' | 'cone' = 'dome'): void {
  const { svg } = r;
  const [ax, ay] = P(r, x, r.rh, z);
  const y = r.rh - drop;
  const [, by] = P(r, x, y, z);
  const s = scaleAt(r, z);
  svg.line(ax, ay, ax, by, '#333', Math.max(1, 0.012 * s));
  svg.circle(
    ax,
    by + 0.1 * s,
    0.5 * s,
    svg.radial(ax, by + 0.1 * s, 0.5 * s, [
      [0, '#fff3c4', 0.5],
      [1, '#fff3c4', 0],
    ]),
  );
  const rr = 0.2 * s;
  if (shape === 'globe') {
    svg.circle(ax, by + rr, rr, lighten('#fff3c4', 0.3));
    svg.circle(ax - rr * 0.3, by + rr * 0.7, rr * 0.3, '#fff', 'fill-opacity=".6"');
  } else if (shape === 'cone') {
    svg.path(
      dPoly([
        [ax - rr * 0.2, by],
        [ax + rr * 0.2, by],
        [ax + rr, by + rr * 1.2],
        [ax - rr, by + rr * 1.2],
      ]),
      color,
    );
    svg.ellipse(ax, by + rr * 1.2, rr, rr * 0.18, '#fff3c4');
  } else {
    svg.path(`M${f(ax - rr * 1.2)} ${f(by + rr)}A${f(rr * 1.2)} ${f(rr)} 0 0 1 ${f(ax + rr * 1.2)} ${f(by + rr)}Z`, color);
    svg.ellipse(ax, by + rr, rr * 1.2, rr * 0.15, '#fff3c4');
  }
}

function shelfUnit(
  r: Room,
  x0: number,
  x1: number,
  z0: number,
  depth: number,
  h: number,
  levels: number,
  frameC: string,
  itemCols: readonly string[],
  kind: 'books' | 'goods' | 'bottles',
): void {
  const { rnd } = r;
  box(r, x0, x1, 0, h, z0, z0 + 0.03, darken(frameC, 0.25));
  const lh = h / levels;
  for (let i = 0; i < levels; i++) {
    const y = i * lh;
    box(r, x0, x1, y, y + 0.04, z0, z0 + depth, frameC);
    // items (one row at the same depth -> batched)
    const fb = new FaceBatch();
    let x = x0 + 0.06;
    while (x < x1 - 0.1) {
      if (kind === 'books') {
        const bw = rnd.range(0.04, 0.08);
        const bh = lh * rnd.range(0.55, 0.85);
        if (x + bw > x1 - 0.06) break;
        box(r, x, x + bw, y + 0.04, y + 0.04 + bh, z0 + 0.04, z0 + depth - 0.04, rnd.pick(itemCols), {}, fb);
        x += bw + (rnd.chance(0.1) ? 0.12 : 0.004);
      } else if (kind === 'bottles') {
        const bw = 0.07;
        const bh = lh * rnd.range(0.45, 0.7);
        if (x + bw > x1 - 0.06) break;
        const bc = rnd.pick(itemCols);
        box(r, x, x + bw, y + 0.04, y + 0.04 + bh, z0 + 0.08, z0 + 0.15, bc, {}, fb);
        box(r, x + 0.022, x + bw - 0.022, y + 0.04 + bh, y + 0.04 + bh + lh * 0.15, z0 + 0.1, z0 + 0.13, bc, {}, fb);
        x += bw + 0.03;
      } else {
        const bw = rnd.range(0.14, 0.3);
        const bh = lh * rnd.range(0.3, 0.7);
        if (x + bw > x1 - 0.06) break;
        box(r, x, x + bw, y + 0.04, y + 0.04 + bh, z0 + 0.06, z0 + depth - 0.05, rnd.pick(itemCols), {}, fb);
        x += bw + rnd.range(0.04, 0.12);
      }
    }
    fb.flush(r.svg);
  }
  box(r, x0, x0 + 0.04, 0, h, z0, z0 + depth, frameC);
  box(r, x1 - 0.04, x1, 0, h, z0, z0 + depth, frameC);
  box(r, x0, x1, h - 0.04, h, z0, z0 + depth, frameC);
}

function bed(r: Room, cx: number, w: number, len: number, linen: string, throwC: string, head: string): void {
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  shadow(r, x0, x1, 0.05, len + 0.05);
  box(r, x0 - 0.1, x1 + 0.1, 0, 1.25, 0.02, 0.12, head);
  box(r, x0, x1, 0.05, 0.3, 0.12, len, darken(head, 0.1));
  box(r, x0 + 0.02, x1 - 0.02, 0.3, 0.5, 0.14, len - 0.02, linen);
  // pillows
  box(r, x0 + 0.12, cx - 0.06, 0.5, 0.68, 0.2, 0.42, lighten(linen, 0.3));
  box(r, cx + 0.06, x1 - 0.12, 0.5, 0.68, 0.2, 0.42, lighten(linen, 0.3));
  // duvet fold + throw
  box(r, x0, x1, 0.3, 0.53, len * 0.45, len, darken(linen, 0.04));
  box(r, x0 - 0.01, x1 + 0.01, 0.3, 0.55, len * 0.7, len * 0.88, throwC);
}

function nightstand(r: Room, x: number, z: number, color: string, lampC: string): void {
  const { svg } = r;
  box(r, x - 0.25, x + 0.25, 0, 0.55, z, z + 0.42, color);
  box(r, x - 0.07, x + 0.07, 0.55, 0.85, z + 0.15, z + 0.27, lampC);
  const [lx, ly] = P(r, x, 0.95, z + 0.21);
  const s = scaleAt(r, z + 0.21);
  svg.circle(
    lx,
    ly,
    0.55 * s,
    svg.radial(lx, ly, 0.55 * s, [
      [0, '#fff4cf', 0.6],
      [1, '#fff4cf', 0],
    ]),
  );
  svg.path(
    dPoly([
      [lx - 0.11 * s, ly - 0.1 * s],
      [lx + 0.11 * s, ly - 0.1 * s],
      [lx + 0.17 * s, ly + 0.12 * s],
      [lx - 0.17 * s, ly + 0.12 * s],
    ]),
    '#f4ead5',
  );
}

function chair(r: Room, x: number, z: number, color: string, facing: 'back' | 'front'): void {
  const w = 0.45;
  const legs = darken(color, 0.3);
  box(r, x + 0.03, x + 0.07, 0, 0.45, z + 0.35, z + 0.39, legs);
  box(r, x + w - 0.07, x + w - 0.03, 0, 0.45, z + 0.35, z + 0.39, legs);
  if (facing === 'front') {
    // backrest at the back (away from camera)
    box(r, x, x + w, 0.45, 0.9, z, z + 0.05, darken(color, 0.05));
    box(r, x, x + w, 0.42, 0.47, z, z + 0.42, color);
  } else {
    box(r, x, x + w, 0.42, 0.47, z, z + 0.42, color);
    box(r, x, x + w, 0.45, 0.9, z + 0.37, z + 0.42, darken(color, 0.05));
  }
}

// ───────────────────────────── scenes ─────────────────────────────

function sceneHome(svg: Svg, rnd: Rand, pal: Palette, variant: 'home' | 'apartment' | 'villa'): void {
  const r = makeRoom(svg, rnd, pal, {
    floor: variant === 'villa' ? rnd.pick(['tile', 'wood'] as const) : 'wood',
    ceiling: variant === 'home' && rnd.chance(0.35) ? 'beams' : 'plain',
  });
  const [a0, a1, a2, a3] = pal.accents;
  const view: View = variant === 'apartment' ? 'city' : variant === 'villa' ? 'sea' : rnd.pick(['hills', 'trees'] as const);
  const sofaW = rnd.range(2.1, 2.6);
  const winLeft = rnd.chance(0.5);
  const sofaX = winLeft ? r.rw - sofaW - rnd.range(0.5, 0.9) : rnd.range(0.5, 0.9);
  if (variant === 'villa') {
    backWindow(r, 0.4, r.rw - 0.4, 0.0, r.rh - 0.25, 'sea', { cols: 4, frame: '#f5f2ec' });
  } else {
    const wx0 = winLeft ? rnd.range(0.5, 0.9) : r.rw - rnd.range(2.2, 2.6);
    backWindow(r, wx0, wx0 + rnd.range(1.3, 1.7), rnd.range(0.8, 1.0), r.rh - 0.35, view, { cols: 2, rows: variant === 'home' ? 2 : 1 });
    backArt(r, sofaX + sofaW / 2, 1.35, rnd.range(0.9, 1.3), rnd.range(0.65, 0.9));
  }
  if (rnd.chance(0.5)) sideWindow(r, 'left', 1.2, 2.8, 0.9, r.rh - 0.35);
  else sideArt(r, 'left', 2.0, 1.2, 1.1, 0.8);
  const sofaC = rnd.pick([a0, a1, a2, darken(pal.wall, 0.35), '#d9cfc1']);
  rug(r, sofaX - 0.3, sofaX + sofaW + 0.3, 0.6, 3.2, lighten(rnd.pick([a3, a1, a0]), 0.35), lighten(rnd.pick([a2, a0]), 0.15));
  sofa(r, sofaX, 0.25, sofaW, sofaC);
  plant(r, winLeft ? r.rw - 0.35 : 0.35, 0.45, rnd.range(1.1, 1.5));
  floorLamp(r, winLeft ? sofaX - 0.35 : sofaX + sofaW + 0.35, 0.45, lighten(a3, 0.3));
  const tx = sofaX + sofaW / 2;
  table(r, tx - 0.6, tx + 0.6, 1.75, 2.35, 0.42, rnd.pick([pal.wood, '#2f2f2f', lighten(pal.wood, 0.3)]));
  box(r, tx - 0.3, tx - 0.05, 0.42, 0.47, 1.9, 2.1, a2);
  box(r, tx + 0.1, tx + 0.2, 0.42, 0.6, 1.95, 2.05, lighten(a1, 0.2));
  const chairX = winLeft ? sofaX - 1.35 : sofaX + sofaW + 0.5;
  if (chairX >= 0.15 && chairX + 0.85 <= r.rw - 0.15) armchair(r, chairX, 2.3, rnd.pick([a1, a3, a0]));
  if (variant !== 'villa' && rnd.chance(0.6)) pendant(r, tx, 2.0, 0.9, a2, rnd.pick(['dome', 'globe', 'cone'] as const));
  if (variant === 'villa') plant(r, winLeft ? 0.55 : r.rw - 0.55, 3.0, 1.5, '#e9e4dc');
  else if (rnd.chance(0.6)) plant(r, winLeft ? 0.55 : r.rw - 0.55, 3.2, 1.3);
}

function sceneMuseum(svg: Svg, rnd: Rand, pal: Palette, gallery: boolean): void {
  const wall = gallery
    ? rnd.pick(['#f3f1ed', '#f3f1ed', '#f5f3ef', '#eceae6', mix(pal.accents[0], '#ffffff', 0.75)])
    : rnd.pick([pal.wall, mix(pal.accents[0], '#ffffff', 0.55), mix(pal.accents[2], '#ffffff', 0.45), '#7a2e2e']);
  const r = makeRoom(svg, rnd, pal, {
    rw: rnd.range(7, 8.5),
    rh: gallery ? 3.6 : 4.6,
    eh: 1.5,
    wall,
    floor: gallery ? rnd.pick(['concrete', 'concrete', 'wood'] as const) : rnd.pick(['wood', 'checker', 'tile'] as const),
    floorColor: gallery ? rnd.pick(['#c9c4bc', '#d8cfc2', '#b9b4ac']) : undefined,
    ceiling: gallery ? 'plain' : 'skylight',
  });
  const frame = gallery ? '#f7f5f2' : rnd.pick(['#b08d57', '#c9a96e', pal.dark]);
  if (gallery) {
    // track lights
    const [ax, ay] = P(r, 0.8, r.rh - 0.05, 0.8);
    const [bx] = P(r, r.rw - 0.8, r.rh - 0.05, 0.8);
    svg.line(ax, ay, bx, ay, '#333', 3);
  }
  // doorway to the next room
  const hasDoor = rnd.chance(0.5);
  const n = hasDoor ? 2 : rnd.int(2, 3);
  const spots: number[] = [];
  if (hasDoor) {
    const dw = 1.4;
    const [dx0, dy0] = P(r, r.rw / 2 - dw / 2, 2.6, 0);
    const [dx1, dy1] = P(r, r.rw / 2 + dw / 2, 0, 0);
    const trim = gallery ? '#e6e2dc' : frame;
    const dw2 = dx1 - dx0;
    const dh2 = dy1 - dy0;
    svg.rect(dx0 - 6, dy0 - 6, dw2 + 12, dh2 + 6, trim);
    // glimpse of the next room: side reveal, far wall with a small artwork, floor
    svg.rect(dx0, dy0, dw2, dh2, darken(wall, 0.18));
    svg.rect(dx0 + dw2 * 0.12, dy0, dw2 * 0.88, dh2 * 0.82, lighten(wall, 0.04));
    svg.path(
      dPoly([
        [dx0, dy1],
        [dx0 + dw2 * 0.12, dy0 + dh2 * 0.82],
        [dx1, dy0 + dh2 * 0.82],
        [dx1, dy1],
      ]),
      darken(r.pal.floor, 0.05),
    );
    svg.rect(dx0 + dw2 * 0.42, dy0 + dh2 * 0.3, dw2 * 0.36, dh2 * 0.24, frame);
    svg.rect(dx0 + dw2 * 0.45, dy0 + dh2 * 0.33, dw2 * 0.3, dh2 * 0.18, lighten(r.rnd.pick(r.pal.accents), 0.2));
    spots.push(r.rw * 0.2, r.rw * 0.8);
  } else {
    for (let i = 0; i < n; i++) spots.push((r.rw * (i + 0.5)) / n);
  }
  for (const cx of spots) {
    const w = n === 3 ? rnd.range(1.2, 1.6) : rnd.range(1.5, 2.1);
    const h = rnd.range(1.1, 1.6);
    backArt(
      r,
      cx,
      2.1 - h / 2 + 0.3,
      w,
      h,
      gallery ? rnd.pick(['abstract', 'stripes'] as const) : rnd.pick(['landscape', 'portrait', 'landscape', 'abstract'] as const),
      frame,
    );
    if (gallery) {
      const [lx, ly] = P(r, cx, 2.1 + h / 2 + 0.4, 0);
      svg.ellipse(
        lx,
        ly + r.ppm * 0.4,
        r.ppm * w * 0.6,
        r.ppm * 1.1,
        svg.radial(lx, ly + r.ppm * 0.4, r.ppm * 1.1, [
          [0, '#fffdf5', 0.35],
          [1, '#fffdf5', 0],
        ]),
      );
    }
  }
  sideArt(r, 'left', 1.6, 1.4, 1.4, 1.1);
  sideArt(r, 'right', 1.8, 1.4, 1.2, 1.5);
  if (!gallery) {
    // columns / pilasters along the side walls
    const colC = lighten(wall, 0.45);
    for (const z of [0.2, 3.2]) {
      box(r, 0, 0.45, 0, r.rh, z, z + 0.45, colC);
      box(r, r.rw - 0.45, r.rw, 0, r.rh, z, z + 0.45, colC);
      box(r, 0, 0.55, r.rh - 0.25, r.rh, z - 0.05, z + 0.5, lighten(colC, 0.2));
      box(r, r.rw - 0.55, r.rw, r.rh - 0.25, r.rh, z - 0.05, z + 0.5, lighten(colC, 0.2));
      box(r, 0, 0.55, 0, 0.3, z - 0.05, z + 0.5, darken(colC, 0.05));
      box(r, r.rw - 0.55, r.rw, 0, 0.3, z - 0.05, z + 0.5, darken(colC, 0.05));
    }
  }
  // pedestal with sculpture
  const px = rnd.chance(0.5) ? r.rw * 0.27 : r.rw * 0.73;
  const pz = rnd.range(1.8, 2.4);
  shadow(r, px - 0.3, px + 0.3, pz - 0.3, pz + 0.3);
  box(r, px - 0.3, px + 0.3, 0, 1.0, pz - 0.3, pz + 0.3, '#f4f1ec');
  const [sx, sy] = P(r, px, 1.0, pz);
  const s = scaleAt(r, pz);
  const sc = rnd.pick([pal.accents[0], pal.accents[1], '#c9a96e', pal.dark]);
  if (rnd.chance(0.5)) {
    svg.ellipse(sx, sy - 0.35 * s, 0.16 * s, 0.35 * s, sc);
    svg.circle(sx, sy - 0.85 * s, 0.15 * s, sc);
  } else {
    svg.circle(sx, sy - 0.28 * s, 0.28 * s, sc);
    svg.circle(sx - 0.08 * s, sy - 0.36 * s, 0.08 * s, lighten(sc, 0.35), 'fill-opacity=".7"');
  }
  // bench
  const bx = r.rw / 2 - 1.1;
  shadow(r, bx, bx + 2.2, 2.7, 3.2);
  box(r, bx + 0.1, bx + 0.18, 0, 0.4, 2.8, 3.1, '#2b2b2b');
  box(r, bx + 2.02, bx + 2.1, 0, 0.4, 2.8, 3.1, '#2b2b2b');
  box(r, bx, bx + 2.2, 0.4, 0.48, 2.7, 3.2, gallery ? pal.wood : rnd.pick([pal.wood, pal.accents[2], '#6b4f3a']));
  if (gallery) plant(r, r.rw - 0.5, 0.5, 1.2, '#f3f1ed');
}

function sceneShop(svg: Svg, rnd: Rand, pal: Palette): void {
  const r = makeRoom(svg, rnd, pal, { floor: rnd.pick(['wood', 'tile', 'concrete'] as const), rw: rnd.range(6, 7.5) });
  const frameC = rnd.pick([pal.wood, '#2f2f2f', '#f0ece4']);
  const items = [...pal.accents, lighten(pal.accents[0], 0.4), lighten(pal.accents[1], 0.4), '#f4efe6'];
  const kind = rnd.pick(['goods', 'books', 'goods'] as const);
  shelfUnit(r, 0.4, r.rw / 2 - 0.25, 0, 0.4, 2.4, kind === 'books' ? 5 : 4, frameC, items, kind);
  shelfUnit(r, r.rw / 2 + 0.25, r.rw - 0.4, 0, 0.4, 2.4, kind === 'books' ? 5 : 4, frameC, items, kind);
  // side wall shelves
  for (const side of ['left', 'right'] as const) {
    const x0 = side === 'left' ? 0 : r.rw - 0.4;
    const x1 = side === 'left' ? 0.4 : r.rw;
    for (let i = 0; i < 4; i++) {
      const y = 0.5 + i * 0.55;
      box(r, x0, x1, y, y + 0.04, 0.6, 2.8, frameC);
      for (let z = 0.7; z < 2.6; z += rnd.range(0.25, 0.45))
        box(r, x0 + 0.05, x1 - 0.05, y + 0.04, y + 0.04 + rnd.range(0.15, 0.35), z, z + 0.18, rnd.pick(items));
    }
  }
  // display table
  const tx = r.rw / 2;
  table(r, tx - 0.9, tx + 0.9, 1.8, 2.6, 0.8, rnd.pick([pal.wood, '#f0ece4', pal.dark]));
  for (let i = 0; i < 5; i++) {
    const x = tx - 0.75 + i * 0.32;
    box(r, x, x + 0.2, 0.8, 0.8 + rnd.range(0.1, 0.3), 2.0 + rnd.range(0, 0.3), 2.2 + rnd.range(0, 0.2), rnd.pick(items));
  }
  // counter
  const cx = rnd.chance(0.5) ? 0.6 : r.rw - 2.2;
  shadow(r, cx, cx + 1.6, 2.9, 3.4);
  box(r, cx, cx + 1.6, 0, 0.95, 2.9, 3.4, rnd.pick([pal.accents[2], pal.wood, pal.accents[0]]), { top: '#f7f4ee' });
  box(r, cx + 0.9, cx + 1.3, 0.95, 1.25, 2.95, 3.15, '#2b2b2b');
  for (let i = 0; i < 3; i++) pendant(r, r.rw * (0.25 + i * 0.25), 1.6, 0.8, pal.dark, 'cone');
  plant(r, cx < 1 ? r.rw - 0.5 : 0.55, 3.1, 1.3);
}

function sceneRestaurant(svg: Svg, rnd: Rand, pal: Palette): void {
  const r = makeRoom(svg, rnd, pal, {
    floor: rnd.pick(['checker', 'wood', 'tile'] as const),
    rw: rnd.range(6.5, 8),
    ceiling: rnd.chance(0.4) ? 'beams' : 'plain',
  });
  const [a0, a1, a2, a3] = pal.accents;
  // back bar: shelves with bottles, counter in front
  const bx0 = r.rw * 0.18;
  const bx1 = r.rw * 0.82;
  const [sx0, sy0] = P(r, bx0 - 0.1, 2.6, 0);
  const [sx1, sy1] = P(r, bx1 + 0.1, 1.1, 0);
  svg.rect(sx0, sy0, sx1 - sx0, sy1 - sy0, darken(pal.wall, 0.12));
  const bottles = [a0, a1, a2, '#3d6b4f', '#7a3b2e', '#c9a96e', '#e8e2d0'];
  for (let i = 0; i < 3; i++) {
    const y = 1.2 + i * 0.48;
    box(r, bx0, bx1, y, y + 0.035, 0, 0.25, pal.wood);
    let x = bx0 + 0.1;
    const fb = new FaceBatch();
    while (x < bx1 - 0.15) {
      const bh = rnd.range(0.2, 0.33);
      const c = rnd.pick(bottles);
      box(r, x, x + 0.07, y + 0.035, y + 0.035 + bh, 0.08, 0.15, c, {}, fb);
      box(r, x + 0.022, x + 0.048, y + 0.035 + bh, y + 0.035 + bh + 0.08, 0.1, 0.13, c, {}, fb);
      x += rnd.range(0.1, 0.2);
    }
    fb.flush(svg);
  }
  const barC = rnd.pick([a2, pal.wood, a0]);
  box(r, bx0 - 0.3, bx1 + 0.3, 0, 1.05, 0.9, 1.5, barC, { top: rnd.pick(['#f2eee8', '#3a3a3a', '#d8cfc0']) });
  for (let x = bx0; x < bx1; x += 0.8) {
    box(r, x + 0.1, x + 0.14, 0, 0.75, 1.7, 1.74, '#2b2b2b');
    box(r, x - 0.05, x + 0.3, 0.75, 0.82, 1.55, 1.9, lighten(a1, 0.1));
  }
  for (let i = 0; i < 3; i++) pendant(r, bx0 + ((bx1 - bx0) * (i + 0.5)) / 3, 1.2, 0.9, a3, rnd.pick(['globe', 'dome'] as const));
  // tables with chairs
  const tc = rnd.pick(['#f2eee8', pal.wood, '#3a3a3a']);
  const cc = rnd.pick([lighten(a0, 0.1), lighten(a1, 0.1), lighten(pal.wood, 0.15), '#c9a27a']);
  for (const [x, z] of [
    [0.7, 2.6],
    [r.rw - 1.7, 2.6],
    [r.rw / 2 - 0.5, 3.6],
  ] as const) {
    chair(r, x + 0.28, z - 0.45, cc, 'front');
    table(r, x, x + 1.0, z, z + 0.8, 0.76, tc);
    box(r, x + 0.45, x + 0.55, 0.76, 0.95, z + 0.35, z + 0.45, lighten(a3, 0.3));
    chair(r, x + 0.28, z + 0.85, cc, 'back');
  }
  if (rnd.chance(0.7)) sideWindow(r, 'left', 1.5, 3.5, 0.9, r.rh - 0.4);
  plant(r, r.rw - 0.45, 1.4, 1.2);
}

function sceneHotel(svg: Svg, rnd: Rand, pal: Palette): void {
  const r = makeRoom(svg, rnd, pal, {
    floor: rnd.pick(['carpet', 'wood'] as const),
    floorColor: rnd.chance(0.5) ? mix(pal.floor, pal.accents[2], 0.3) : undefined,
  });
  const [a0, a1, a2, a3] = pal.accents;
  const cx = r.rw / 2 + rnd.range(-0.6, 0.2);
  // wall panel behind the bed
  const [px0, py0] = P(r, cx - 1.6, 2.4, 0);
  const [px1, py1] = P(r, cx + 1.6, 0, 0);
  svg.rect(px0, py0, px1 - px0, py1 - py0, rnd.pick([darken(pal.wall, 0.08), lighten(a2, 0.5), lighten(a0, 0.45)]));
  backArt(r, cx, 1.55, 1.5, 0.6, rnd.pick(['landscape', 'abstract'] as const));
  // window with curtains on the right side of the back wall
  const wx0 = cx + 1.9;
  if (wx0 + 1.0 < r.rw - 0.2) {
    backWindow(r, wx0, Math.min(r.rw - 0.3, wx0 + 1.4), 0.5, r.rh - 0.35, rnd.pick(['city', 'sea', 'hills'] as const), { cols: 1, light: true });
    const cc = lighten(rnd.pick([a1, a3, a2]), 0.25);
    box(r, wx0 - 0.35, wx0 - 0.05, 0.02, r.rh - 0.15, 0.05, 0.15, cc);
    box(r, Math.min(r.rw - 0.3, wx0 + 1.4) + 0.02, Math.min(r.rw - 0.02, wx0 + 1.75), 0.02, r.rh - 0.15, 0.05, 0.15, cc);
  } else {
    sideWindow(r, 'left', 1.4, 3.2, 0.7, r.rh - 0.35);
  }
  const linen = rnd.pick(['#f7f5f0', '#eef0f2', '#f3efe7']);
  nightstand(r, cx - 1.45, 0.15, pal.wood, lighten(a0, 0.2));
  nightstand(r, cx + 1.45, 0.15, pal.wood, lighten(a0, 0.2));
  bed(r, cx, 1.9, 2.2, linen, rnd.pick([a1, a2, a3, a0]), rnd.pick([a2, darken(pal.wall, 0.3), a0, pal.wood]));
  rug(r, cx - 1.6, cx + 1.6, 1.9, 3.4, lighten(rnd.pick([a3, a1]), 0.45));
  armchair(r, cx < r.rw / 2 ? r.rw - 1.3 : 0.4, 3.0, rnd.pick([a1, a3, a0]));
  plant(r, cx < r.rw / 2 ? 0.4 : r.rw - 0.4, 3.6, 1.3);
}

function sceneOffice(svg: Svg, rnd: Rand, pal: Palette): void {
  const r = makeRoom(svg, rnd, pal, {
    floor: rnd.pick(['concrete', 'wood', 'carpet'] as const),
    rw: rnd.range(7.5, 9),
    floorColor: rnd.chance(0.5) ? '#bdb6ab' : undefined,
  });
  backWindow(r, 0.3, r.rw - 0.3, 0.35, r.rh - 0.2, rnd.pick(['city', 'city', 'trees'] as const), { cols: 5, rows: 1, frame: '#3a3d42' });
  const deskC = rnd.pick(['#f2eee8', pal.wood, '#e6e1d8']);
  const chairC = rnd.pick([pal.accents[0], pal.accents[2], '#3a3d42', pal.accents[1]]);
  const rows: [number, number][] = [
    [1.3, 2.1],
    [3.0, 3.8],
  ];
  for (const [z0, z1] of rows) {
    for (const [x0, x1] of [
      [0.9, 2.5],
      [r.rw - 2.5, r.rw - 0.9],
    ] as const) {
      const mid = (x0 + x1) / 2;
      table(r, x0, x1, z0, z1, 0.74, deskC, '#2b2b2b', 0.04);
      // monitor
      box(r, mid - 0.03, mid + 0.03, 0.74, 0.95, z0 + 0.2, z0 + 0.24, '#2b2b2b');
      box(r, mid - 0.32, mid + 0.32, 0.9, 1.25, z0 + 0.15, z0 + 0.2, '#23262b', { front: '#23262b' });
      box(r, mid + 0.4, mid + 0.55, 0.74, 0.86, z0 + 0.4, z0 + 0.55, rnd.pick(pal.greens));
      chair(r, mid - 0.22, z1 - 0.25, chairC, 'back');
    }
  }
  for (let i = 0; i < 3; i++) pendant(r, r.rw * (0.25 + 0.25 * i), 2.6, 0.8, pal.dark, 'cone');
  plant(r, 0.5, 0.5, 1.5);
  plant(r, r.rw - 0.5, 0.5, 1.3);
  plant(r, r.rw / 2, 2.4, 1.0, '#e9e4dc');
}

function sceneVenue(svg: Svg, rnd: Rand, pal: Palette): void {
  const curtain = rnd.pick(['#8e2b34', '#2e3a6b', '#5b2a5e', '#1f5a4e']);
  const r = makeRoom(svg, rnd, pal, { rw: 9, rh: 5.2, eh: 2.3, wall: darken(pal.wall, 0.55), floor: 'wood', floorColor: darken(pal.floor, 0.35) });
  // stage with curtains
  const [sx0, sy0] = P(r, 0.6, r.rh - 0.3, 0);
  const [sx1, sy1] = P(r, r.rw - 0.6, 0.9, 0);
  const sw = sx1 - sx0;
  const sh = sy1 - sy0;
  svg.rect(
    sx0,
    sy0,
    sw,
    sh,
    svg.linear(0, sy0, 0, sy1, [
      [0, darken(curtain, 0.35)],
      [1, curtain],
    ]),
  );
  const folds = 18;
  let d = '';
  for (let i = 0; i < folds; i++) {
    const x = sx0 + (sw * (i + 0.5)) / folds;
    d += `M${f(x)} ${f(sy0)}v${f(sh)}`;
  }
  svg.add(`<path d="${d}" stroke="${darken(curtain, 0.3)}" stroke-width="${f(sw / folds / 3)}" stroke-opacity=".6"/>`);
  svg.path(
    `M${f(sx0)} ${f(sy0)}h${f(sw)}v${f(sh * 0.12)}q${f(-sw / 8)} ${f(sh * 0.1)} ${f(-sw / 4)} 0t${f(-sw / 4)} 0t${f(-sw / 4)} 0t${f(-sw / 4)} 0Z`,
    darken(curtain, 0.1),
  );
  box(r, 0.3, r.rw - 0.3, 0, 0.9, 0, 1.6, darken(pal.wood, 0.15), { top: lighten(pal.wood, 0.05) });
  // spotlight cones
  for (const x of [r.rw * 0.3, r.rw * 0.5, r.rw * 0.7]) {
    const [ax, ay] = P(r, x, r.rh, 2.2);
    const [bx, by] = P(r, x + rnd.range(-0.8, 0.8), 0.9, 0.6);
    const wdt = r.ppm * 0.9;
    svg.path(
      dPoly([
        [ax - 4, ay],
        [ax + 4, ay],
        [bx + wdt, by],
        [bx - wdt, by],
      ]),
      svg.linear(0, ay, 0, by, [
        [0, '#fff6d8', 0.35],
        [1, '#fff6d8', 0.05],
      ]),
    );
    svg.ellipse(bx, by, wdt, wdt * 0.18, '#fff6d8', 'fill-opacity=".35"');
  }
  // microphone stand / instruments hint
  const [mx, my] = P(r, r.rw / 2, 0.9, 0.9);
  svg.line(mx, my, mx, my - r.ppm * 1.4, '#111', 3);
  svg.circle(mx, my - r.ppm * 1.45, r.ppm * 0.06, '#222');
  // seat rows
  const seatC = curtain;
  for (let row = 0; row < 3; row++) {
    const z = 2.4 + row * 0.85;
    const fb = new FaceBatch();
    for (let x = 0.6; x < r.rw - 0.9; x += 0.62) {
      if (Math.abs(x + 0.25 - r.rw / 2) < 0.5) continue;
      box(r, x, x + 0.5, 0.0, 0.45, z, z + 0.5, darken(seatC, 0.15), {}, fb);
      box(r, x, x + 0.5, 0.45, 1.0, z + 0.4, z + 0.55, seatC, {}, fb);
    }
    fb.flush(svg);
  }
}

function sceneSchool(svg: Svg, rnd: Rand, pal: Palette): void {
  if (rnd.chance(0.4)) {
    // library
    const r = makeRoom(svg, rnd, pal, { rw: 7.5, rh: 4.2, floor: 'wood', ceiling: 'skylight' });
    const bookCols = ['#7a3b2e', '#2e4a6b', '#3d6b4f', '#c9a96e', '#8c5a44', '#e8e2d0', pal.accents[0], pal.accents[2]];
    shelfUnit(r, 0.2, r.rw / 2 - 0.7, 0, 0.35, 3.4, 7, pal.wood, bookCols, 'books');
    shelfUnit(r, r.rw / 2 + 0.7, r.rw - 0.2, 0, 0.35, 3.4, 7, pal.wood, bookCols, 'books');
    backWindow(r, r.rw / 2 - 0.55, r.rw / 2 + 0.55, 1.0, 3.5, 'trees', { cols: 1, rows: 3 });
    for (const z of [1.7, 3.2]) {
      table(r, 1.6, r.rw - 1.6, z, z + 0.9, 0.76, pal.wood);
      pendant(r, 2.6, z + 0.45, 1.9, pal.accents[1], 'cone');
      pendant(r, r.rw - 2.6, z + 0.45, 1.9, pal.accents[1], 'cone');
    }
    return;
  }
  const r = makeRoom(svg, rnd, pal, { rw: 7.5, floor: rnd.pick(['wood', 'tile'] as const) });
  // board
  const [bx0, by0] = P(r, 1.6, 2.3, 0);
  const [bx1, by1] = P(r, r.rw - 1.6, 1.0, 0);
  svg.rect(bx0 - 6, by0 - 6, bx1 - bx0 + 12, by1 - by0 + 12, pal.wood);
  svg.rect(bx0, by0, bx1 - bx0, by1 - by0, rnd.pick(['#2f4a3f', '#2b3a4a']));
  const bw = bx1 - bx0;
  const bh = by1 - by0;
  svg.add(
    `<path d="M${f(bx0 + bw * 0.1)} ${f(by0 + bh * 0.7)}q${f(bw * 0.12)} ${f(-bh * 0.5)} ${f(bw * 0.24)} 0t${f(bw * 0.24)} 0M${f(bx0 + bw * 0.62)} ${f(by0 + bh * 0.3)}h${f(bw * 0.25)}M${f(bx0 + bw * 0.62)} ${f(by0 + bh * 0.5)}h${f(bw * 0.18)}" stroke="#f2f2ea" stroke-width="${f(Math.max(2, bw * 0.008))}" fill="none" stroke-opacity=".8" stroke-linecap="round"/>`,
  );
  sideWindow(r, 'left', 0.8, 4.2, 0.9, r.rh - 0.3, { mullions: 4 });
  sideArt(r, 'right', 1.5, 1.3, 1.2, 0.9);
  const deskC = lighten(pal.wood, 0.2);
  const chairC = lighten(rnd.pick(pal.accents), 0.15);
  for (let row = 0; row < 3; row++) {
    const z = 1.7 + row * 1.15;
    for (const x of [1.1, 2.7, r.rw - 3.5, r.rw - 1.9]) {
      table(r, x, x + 1.1, z, z + 0.55, 0.72, deskC, '#555');
      chair(r, x + 0.32, z + 0.6, chairC, 'back');
    }
  }
  table(r, 0.6, 1.9, 0.5, 1.1, 0.76, pal.wood);
  plant(r, r.rw - 0.5, 0.5, 1.2);
}

function sceneWarehouse(svg: Svg, rnd: Rand, pal: Palette): void {
  const r = makeRoom(svg, rnd, pal, {
    rw: rnd.range(9, 11),
    rh: 6,
    eh: 1.6,
    wall: mix('#b5654a', pal.wall, rnd.range(0.1, 0.45)),
    floor: 'concrete',
    floorColor: '#a9a49c',
    ceiling: 'truss',
  });
  // brick texture on back wall
  const [bx0, by0] = P(r, 0, r.rh, 0);
  const [bx1, by1] = P(r, r.rw, 0, 0);
  let d = '';
  const bh = 0.3 * r.ppm;
  for (let y = by0 + bh; y < by1; y += bh) d += `M${f(bx0)} ${f(y)}H${f(bx1)}`;
  svg.add(`<path d="${d}" stroke="#000" stroke-width="1" stroke-opacity=".08"/>`);
  // big steel windows
  const n = rnd.int(2, 3);
  const ww = (r.rw - 1.2 - (n - 1) * 0.6) / n;
  for (let i = 0; i < n; i++) {
    const x0 = 0.6 + i * (ww + 0.6);
    backWindow(r, x0, x0 + ww, 1.6, r.rh - 0.8, rnd.pick(['city', 'sky', 'trees'] as const), { cols: Math.round(ww / 0.5), rows: 5, frame: '#2e3236' });
  }
  // columns
  for (const z of [1.0, 3.5]) {
    box(r, 1.6, 1.85, 0, r.rh, z, z + 0.25, '#3a3f45');
    box(r, r.rw - 1.85, r.rw - 1.6, 0, r.rh, z, z + 0.25, '#3a3f45');
  }
  // crates / pallets or a loft-style lounge
  if (rnd.chance(0.5)) {
    const crate = '#b98b5a';
    for (const [x, z, h] of [
      [0.5, 0.5, 1.0],
      [1.6, 0.5, 0.7],
      [0.5, 0.5 + 1.1, 0.7],
      [r.rw - 1.6, 1.2, 1.1],
      [r.rw - 2.8, 1.6, 0.6],
    ] as const) {
      shadow(r, x, x + 1.0, z, z + 1.0, 0.8);
      box(r, x, x + 1.0, 0, h, z, z + 1.0, crate);
    }
    box(r, r.rw / 2 - 0.7, r.rw / 2 + 0.7, 0, 0.15, 3.0, 4.0, '#a77b4f');
  } else {
    rug(r, r.rw / 2 - 2.0, r.rw / 2 + 1.6, 1.8, 4.0, lighten(pal.accents[3], 0.3));
    sofa(r, r.rw / 2 - 1.6, 1.9, 2.6, rnd.pick([pal.accents[0], '#6b4f3a', pal.accents[2]]));
    table(r, r.rw / 2 - 0.9, r.rw / 2 + 0.5, 3.2, 3.8, 0.4, pal.wood);
    plant(r, r.rw / 2 + 1.6, 2.1, 1.6);
  }
  for (let i = 0; i < 4; i++) pendant(r, r.rw * (0.2 + 0.2 * i), 2.5, 2.4, '#2e3236', 'dome');
}

function sceneChurch(svg: Svg, rnd: Rand, pal: Palette): void {
  const stone = rnd.pick(['#d9cfbf', '#cfc6b8', '#e2d8c6', '#c8c2b8', '#f0ede6', '#b9aea0']);
  const gothic = rnd.chance(0.6);
  const windowKind = rnd.int(0, 2);
  const r = makeRoom(svg, rnd, pal, { rw: 8, rh: 8, eh: 1.6, ex: 4, wall: stone, floor: 'checker', floorColor: '#d8d0c2' });
  // rose window, lancet windows or a gilded apse on the back wall
  const [cx, cy] = P(r, r.rw / 2, 5.6, 0);
  const R = r.ppm * 1.3;
  const glass = [pal.accents[0], pal.accents[1], '#2e4a8b', '#b8323b', '#e9c46a', '#3d7a5a'];
  if (windowKind === 1) {
    for (const dx of [-1.1, 0, 1.1]) {
      const [lx0, ly0] = P(r, r.rw / 2 + dx - 0.35, dx === 0 ? 6.6 : 6.0, 0);
      const [lx1, ly1] = P(r, r.rw / 2 + dx + 0.35, 2.4, 0);
      const lw = lx1 - lx0;
      const arch = `M${f(lx0)} ${f(ly1)}V${f(ly0 + lw)}Q${f(lx0)} ${f(ly0 + lw * 0.2)} ${f(lx0 + lw / 2)} ${f(ly0)}Q${f(lx1)} ${f(ly0 + lw * 0.2)} ${f(lx1)} ${f(ly0 + lw)}V${f(ly1)}Z`;
      svg.path(arch, darken(stone, 0.2), `stroke="${darken(stone, 0.2)}" stroke-width="${f(lw * 0.16)}"`);
      const cid = svg.clipPath(arch);
      svg.open(`clip-path="url(#${cid})"`);
      const rows = 7;
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < 2; j++) {
          svg.rect(lx0 + (j * lw) / 2, ly0 + ((ly1 - ly0) * i) / rows, lw / 2, (ly1 - ly0) / rows, rnd.pick(glass));
        }
      }
      svg.close();
      svg.path(`M${f(lx0 + lw / 2)} ${f(ly0)}V${f(ly1)}`, 'none', `stroke="${darken(stone, 0.3)}" stroke-width="${f(lw * 0.05)}"`);
    }
    box(r, r.rw / 2 - 1.0, r.rw / 2 + 1.0, 0, 0.3, 0, 1.6, darken(stone, 0.1));
    box(r, r.rw / 2 - 0.8, r.rw / 2 + 0.8, 0.3, 1.2, 0.3, 0.9, lighten(stone, 0.3));
    box(r, r.rw / 2 - 0.8, r.rw / 2 + 0.8, 0.9, 1.05, 0.31, 0.91, '#b8323b');
  } else if (windowKind === 2) {
    const gold = '#c9a14a';
    const [ax0, ay0] = P(r, r.rw / 2 - 1.6, 6.4, 0);
    const [ax1, ay1] = P(r, r.rw / 2 + 1.6, 0, 0);
    const aw2 = ax1 - ax0;
    svg.path(
      `M${f(ax0)} ${f(ay1)}V${f(ay0 + aw2 / 2)}A${f(aw2 / 2)} ${f(aw2 / 2)} 0 0 1 ${f(ax1)} ${f(ay0 + aw2 / 2)}V${f(ay1)}Z`,
      svg.linear(0, ay0, 0, ay1, [
        [0, lighten(gold, 0.25)],
        [1, darken(gold, 0.2)],
      ]),
    );
    const [px0, py0] = P(r, r.rw / 2 - 0.8, 5.2, 0);
    const [px1, py1] = P(r, r.rw / 2 + 0.8, 2.6, 0);
    svg.rect(px0 - 6, py0 - 6, px1 - px0 + 12, py1 - py0 + 12, darken(gold, 0.3));
    drawArt(svg, rnd, pal, px0, py0, px1 - px0, py1 - py0, 'portrait');
    svg.circle(cx, P(r, 0, 6.1, 0)[1], r.ppm * 0.35, '#fff1c9');
    box(r, r.rw / 2 - 1.0, r.rw / 2 + 1.0, 0, 0.3, 0, 1.6, darken(stone, 0.1));
    box(r, r.rw / 2 - 0.8, r.rw / 2 + 0.8, 0.3, 1.2, 0.3, 0.9, '#f4efe4');
    box(r, r.rw / 2 - 0.8, r.rw / 2 + 0.8, 0.9, 1.05, 0.31, 0.91, gold);
  }
  if (windowKind === 0) {
    svg.circle(cx, cy, R * 1.12, darken(stone, 0.15));
    for (let i = 0; i < 12; i++) {
      const a0 = (i / 12) * Math.PI * 2;
      const a1 = ((i + 1) / 12) * Math.PI * 2;
      svg.path(
        `M${f(cx)} ${f(cy)}L${f(cx + Math.cos(a0) * R)} ${f(cy + Math.sin(a0) * R)}A${f(R)} ${f(R)} 0 0 1 ${f(cx + Math.cos(a1) * R)} ${f(cy + Math.sin(a1) * R)}Z`,
        glass[i % glass.length] as string,
      );
    }
    svg.circle(cx, cy, R * 0.35, '#e9c46a');
    svg.add(
      `<g stroke="${darken(stone, 0.25)}" stroke-width="${f(R * 0.05)}" fill="none"><circle cx="${f(cx)} " cy="${f(cy)}" r="${f(R)}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.35)}"/></g>`,
    );
    svg.circle(
      cx,
      cy,
      R * 1.6,
      svg.radial(cx, cy, R * 1.6, [
        [0, '#fff4d6', 0.35],
        [1, '#fff4d6', 0],
      ]),
    );
    // altar
    box(r, r.rw / 2 - 1.0, r.rw / 2 + 1.0, 0, 0.3, 0, 1.6, darken(stone, 0.1));
    box(r, r.rw / 2 - 0.8, r.rw / 2 + 0.8, 0.3, 1.2, 0.3, 0.9, lighten(stone, 0.3));
    box(r, r.rw / 2 - 0.8, r.rw / 2 + 0.8, 0.9, 1.05, 0.31, 0.91, '#b8323b');
  }
  // nave arches receding: each bay is a wall plane with a pointed-arch opening
  const bays = [4.6, 3.6, 2.6, 1.6, 0.6];
  const aw = r.rw - 1.6;
  for (let i = bays.length - 1; i >= 0; i--) {
    const z = bays[i] as number;
    const W = svg.width;
    const H = svg.height;
    const [l, top] = P(r, 0.8, r.rh, z);
    const [rgt, bot] = P(r, 0.8 + aw, 0, z);
    const [, spring] = P(r, 0, 4.6, z);
    const w = rgt - l;
    const apex = top + (spring - top) * 0.12;
    // outer big rectangle (screen) minus arch
    const arch = gothic
      ? `M${f(l)} ${f(bot)}L${f(l)} ${f(spring)}Q${f(l)} ${f(apex + (spring - apex) * 0.25)} ${f(l + w / 2)} ${f(apex)}Q${f(rgt)} ${f(apex + (spring - apex) * 0.25)} ${f(rgt)} ${f(spring)}L${f(rgt)} ${f(bot)}Z`
      : `M${f(l)} ${f(bot)}L${f(l)} ${f(spring)}A${f(w / 2)} ${f(Math.min(w / 2, spring - apex))} 0 0 1 ${f(rgt)} ${f(spring)}L${f(rgt)} ${f(bot)}Z`;
    const outer = `M${f(-50)} ${f(-50)}H${f(W + 50)}V${f(H + 50)}H${f(-50)}Z`;
    const shade = i % 2 === 0 ? darken(stone, 0.06 + i * 0.015) : darken(stone, 0.12 + i * 0.015);
    svg.path(outer + arch, shade, 'fill-rule="evenodd"');
    svg.path(arch, 'none', `stroke="${darken(stone, 0.28)}" stroke-width="${f(Math.max(2, r.ppm * 0.05 * (7.5 / (7.5 - z))))}"`);
  }
  if (rnd.chance(0.5)) for (const z of [1.6, 3.1]) pendant(r, r.rw / 2, z, 3.2, '#c9a14a', 'globe');
  // pews
  const pewC = rnd.pick([pal.wood, '#6b4f3a', '#7c4f2c']);
  for (let row = 0; row < 5; row++) {
    const z = 1.4 + row * 0.75;
    box(r, 1.0, r.rw / 2 - 0.8, 0, 0.45, z, z + 0.45, pewC);
    box(r, 1.0, r.rw / 2 - 0.8, 0.45, 0.95, z + 0.38, z + 0.48, darken(pewC, 0.08));
    box(r, r.rw / 2 + 0.8, r.rw - 1.0, 0, 0.45, z, z + 0.45, pewC);
    box(r, r.rw / 2 + 0.8, r.rw - 1.0, 0.45, 0.95, z + 0.38, z + 0.48, darken(pewC, 0.08));
  }
  // aisle runner
  rug(r, r.rw / 2 - 0.5, r.rw / 2 + 0.5, 1.6, 6.5, rnd.pick(['#9b2f35', '#2e4a6b', '#3d5a45', '#7a2e5a']));
}

/** What a landmark picture shows: a lighthouse on a headland, a castle, a tower, or a civic building. */
type LandmarkMotif = 'LIGHTHOUSE' | 'CASTLE' | 'TOWER' | 'CIVIC';
const LANDMARK_MOTIFS: readonly string[] = ['LIGHTHOUSE', 'CASTLE', 'TOWER', 'CIVIC'] satisfies readonly LandmarkMotif[];

function sceneLandmark(svg: Svg, rnd: Rand, pal: Palette, motif?: LandmarkMotif): void {
  const W = svg.width;
  const H = svg.height;
  const skyTop = pal.sky[0];
  const skyBot = lighten(pal.sky[1], 0.2);
  svg.rect(
    0,
    0,
    W,
    H,
    svg.linear(0, 0, 0, H * 0.75, [
      [0, skyTop],
      [1, skyBot],
    ]),
  );
  const sunX = W * rnd.range(0.15, 0.85);
  const sunY = H * rnd.range(0.18, 0.35);
  const sr = Math.min(W, H) * 0.07;
  svg.circle(
    sunX,
    sunY,
    sr * 3,
    svg.radial(sunX, sunY, sr * 3, [
      [0, '#fff8e1', 0.6],
      [1, '#fff8e1', 0],
    ]),
  );
  svg.circle(sunX, sunY, sr, '#fff8e7');
  for (let i = 0; i < 3; i++) {
    const cx = W * rnd.range(0.05, 0.95);
    const cy = H * rnd.range(0.1, 0.35);
    const cw = W * rnd.range(0.1, 0.18);
    const ch = cw * 0.28;
    svg.add(
      `<g fill="${lighten(skyTop, 0.72)}"><rect x="${f(cx - cw / 2)}" y="${f(cy)}" width="${f(cw)}" height="${f(ch)}" rx="${f(ch / 2)}"/><circle cx="${f(cx - cw * 0.1)}" cy="${f(cy)}" r="${f(ch * 0.75)}"/><circle cx="${f(cx + cw * 0.15)}" cy="${f(cy + ch * 0.1)}" r="${f(ch * 0.55)}"/></g>`,
    );
  }
  const ground = H * 0.74;
  const dk = pal.dark;
  const far = mix(dk, skyBot, 0.68);
  const mid = mix(dk, skyBot, 0.42);
  const near = mix(dk, skyBot, 0.12);
  const skyline = (color: string, minH: number, maxH: number, minW: number, maxW: number, windows: boolean): void => {
    let x = -10;
    let d = '';
    let wd = '';
    while (x < W + 10) {
      const bw = W * rnd.range(minW, maxW);
      const bh = H * rnd.range(minH, maxH);
      const top = ground - bh;
      const roof = rnd.next();
      if (roof < 0.15) d += `M${f(x)} ${f(ground)}V${f(top)}L${f(x + bw / 2)} ${f(top - bw * 0.4)}L${f(x + bw)} ${f(top)}V${f(ground)}Z`;
      else if (roof < 0.25)
        d += `M${f(x)} ${f(ground)}V${f(top)}H${f(x + bw * 0.45)}V${f(top - bh * 0.15)}H${f(x + bw * 0.55)}V${f(top)}H${f(x + bw)}V${f(ground)}Z`;
      else d += `M${f(x)} ${f(ground)}V${f(top)}H${f(x + bw)}V${f(ground)}Z`;
      if (windows) {
        for (let wy = top + H * 0.02; wy < ground - H * 0.02; wy += H * 0.035) {
          for (let wx = x + bw * 0.15; wx < x + bw * 0.85; wx += bw * 0.22)
            if (rnd.chance(0.3)) wd += `M${f(wx)} ${f(wy)}h${f(bw * 0.1)}v${f(H * 0.015)}h${f(-bw * 0.1)}Z`;
        }
      }
      x += bw + W * rnd.range(0, 0.01);
    }
    svg.path(d, color);
    if (wd) svg.path(wd, lighten(skyBot, 0.5), 'fill-opacity=".55"');
  };
  const lighthouse = motif === 'LIGHTHOUSE';
  // A lighthouse stands on an empty headland; every other landmark in its city.
  if (!lighthouse) {
    skyline(far, 0.12, 0.3, 0.04, 0.08, false);
    skyline(mid, 0.06, 0.2, 0.05, 0.1, true);
  }
  // the landmark itself
  const lx = W * (lighthouse ? rnd.range(0.3, 0.4) : rnd.range(0.38, 0.62));
  const u = H / 100;
  const drawn = rnd.int(0, 3);
  const type = motif === 'CASTLE' ? 3 : motif === 'CIVIC' ? 1 : motif === 'TOWER' ? (drawn % 2 === 0 ? 0 : 2) : motif === 'LIGHTHOUSE' ? 4 : drawn;
  const lc = near;
  const hl = lighten(near, 0.18);
  if (type === 4) {
    drawLighthouse(svg, rnd, pal, lx, ground, u, lc);
  } else if (type === 0) {
    // clock tower
    const tw = 9 * u;
    svg.rect(lx - tw / 2, ground - 48 * u, tw, 48 * u, lc);
    svg.rect(lx - tw / 2, ground - 48 * u, tw * 0.22, 48 * u, hl, 'fill-opacity=".6"');
    svg.rect(lx - tw * 0.62, ground - 50 * u, tw * 1.24, 3 * u, hl);
    svg.circle(lx, ground - 42 * u, tw * 0.32, '#f8f2e0');
    svg.line(lx, ground - 42 * u, lx, ground - 44.5 * u, lc, 0.6 * u);
    svg.line(lx, ground - 42 * u, lx + 1.8 * u, ground - 42 * u, lc, 0.6 * u);
    svg.path(
      dPoly([
        [lx - tw * 0.55, ground - 50 * u],
        [lx + tw * 0.55, ground - 50 * u],
        [lx, ground - 68 * u],
      ]),
      darken(lc, 0.1),
    );
    svg.rect(lx - 22 * u, ground - 14 * u, 44 * u, 14 * u, lc);
    let wd = '';
    for (let i = 0; i < 9; i++) wd += `M${f(lx - 20 * u + i * 4.7 * u)} ${f(ground - 11 * u)}h${f(2.2 * u)}v${f(6 * u)}h${f(-2.2 * u)}Z`;
    svg.path(wd, lighten(skyBot, 0.5), 'fill-opacity=".6"');
  } else if (type === 1) {
    // domed hall
    const dw = 30 * u;
    svg.rect(lx - dw, ground - 16 * u, dw * 2, 16 * u, lc);
    svg.rect(lx - dw - 2 * u, ground - 18 * u, dw * 2 + 4 * u, 2.5 * u, hl);
    let cd = '';
    for (let i = 0; i < 10; i++) cd += `M${f(lx - dw + 2 * u + i * 6.2 * u)} ${f(ground - 15.5 * u)}h${f(2 * u)}v${f(15.5 * u)}h${f(-2 * u)}Z`;
    svg.path(cd, hl, 'fill-opacity=".75"');
    svg.rect(lx - 14 * u, ground - 28 * u, 28 * u, 10 * u, lc);
    svg.path(`M${f(lx - 15 * u)} ${f(ground - 28 * u)}A${f(15 * u)} ${f(15 * u)} 0 0 1 ${f(lx + 15 * u)} ${f(ground - 28 * u)}Z`, darken(lc, 0.05));
    svg.path(
      `M${f(lx - 15 * u)} ${f(ground - 28 * u)}A${f(15 * u)} ${f(15 * u)} 0 0 1 ${f(lx - 4 * u)} ${f(ground - 42 * u)}L${f(lx - 6 * u)} ${f(ground - 28 * u)}Z`,
      hl,
      'fill-opacity=".5"',
    );
    svg.rect(lx - 2 * u, ground - 49 * u, 4 * u, 7 * u, lc);
    svg.path(
      dPoly([
        [lx - 2.6 * u, ground - 49 * u],
        [lx + 2.6 * u, ground - 49 * u],
        [lx, ground - 53 * u],
      ]),
      lc,
    );
  } else if (type === 2) {
    // observation needle
    svg.path(
      dPoly([
        [lx - 5 * u, ground],
        [lx + 5 * u, ground],
        [lx + 1.6 * u, ground - 50 * u],
        [lx - 1.6 * u, ground - 50 * u],
      ]),
      lc,
    );
    svg.ellipse(lx, ground - 52 * u, 10 * u, 3.2 * u, lc);
    svg.rect(lx - 8 * u, ground - 56 * u, 16 * u, 4 * u, lc, `rx="${f(2 * u)}"`);
    svg.rect(lx - 7.4 * u, ground - 55.2 * u, 14.8 * u, 1.4 * u, lighten(skyBot, 0.5), 'fill-opacity=".6"');
    svg.line(lx, ground - 56 * u, lx, ground - 70 * u, lc, 0.8 * u);
    svg.path(
      dPoly([
        [lx - 5 * u, ground],
        [lx - 3.4 * u, ground],
        [lx - 0.8 * u, ground - 50 * u],
        [lx - 1.6 * u, ground - 50 * u],
      ]),
      hl,
      'fill-opacity=".6"',
    );
  } else {
    // castle
    const cw = 26 * u;
    let d = `M${f(lx - cw)} ${f(ground)}V${f(ground - 18 * u)}`;
    for (let i = 0; i < 13; i++) {
      const x = lx - cw + i * ((2 * cw) / 13);
      d += `H${f(x + cw / 13)}V${f(ground - 20 * u)}H${f(x + (2 * cw) / 13)}V${f(ground - 18 * u)}`;
    }
    d += `H${f(lx + cw)}V${f(ground)}Z`;
    svg.path(d, lc);
    for (const [tx, th, tw] of [
      [lx - cw, 30, 8],
      [lx + cw, 30, 8],
      [lx - 6 * u, 40, 10],
      [lx + 8 * u, 34, 7],
    ] as const) {
      svg.rect(tx - (tw * u) / 2, ground - th * u, tw * u, th * u, lc);
      svg.path(
        dPoly([
          [tx - (tw * u) / 2 - u, ground - th * u],
          [tx + (tw * u) / 2 + u, ground - th * u],
          [tx, ground - (th + tw * 1.3) * u],
        ]),
        darken(rnd.pick(pal.accents), 0.2),
      );
      svg.rect(tx - u * 0.8, ground - (th - 6) * u, u * 1.6, u * 3.2, lighten(skyBot, 0.5), 'fill-opacity=".6"');
    }
    svg.path(`M${f(lx - 4 * u)} ${f(ground)}v${f(-7 * u)}a${f(4 * u)} ${f(4 * u)} 0 0 1 ${f(8 * u)} 0v${f(7 * u)}Z`, darken(lc, 0.25));
  }
  // foreground: water with reflections or park
  if (lighthouse || rnd.chance(0.55)) {
    const water = mix(pal.accents[1], skyTop, 0.4);
    svg.rect(
      0,
      ground,
      W,
      H - ground,
      svg.linear(0, ground, 0, H, [
        [0, lighten(water, 0.15)],
        [1, darken(water, 0.2)],
      ]),
    );
    let rd = '';
    for (let i = 0; i < 9; i++) {
      const y = ground + (H - ground) * (0.05 + i * 0.1);
      const hw = (14 - i * 1.2) * u * rnd.range(0.7, 1.1);
      rd += `M${f(lx - hw + rnd.range(-2, 2) * u)} ${f(y)}h${f(hw * 2)}v${f((H - ground) * 0.05)}h${f(-hw * 2)}Z`;
    }
    svg.path(rd, near, 'fill-opacity=".18"');
    let d = '';
    for (let i = 0; i < 14; i++) {
      const y = ground + (H - ground) * rnd.range(0.08, 0.95);
      const x = W * rnd.range(0, 0.95);
      d += `M${f(x)} ${f(y)}h${f(W * rnd.range(0.03, 0.09))}`;
    }
    svg.add(`<path d="${d}" stroke="#fff" stroke-width="${f(0.5 * u)}" stroke-opacity=".45" stroke-linecap="round"/>`);
    svg.rect(0, ground - 0.6 * u, W, 1.2 * u, darken(near, 0.15));
  } else {
    svg.rect(
      0,
      ground,
      W,
      H - ground,
      svg.linear(0, ground, 0, H, [
        [0, pal.greens[1]],
        [1, darken(pal.greens[0], 0.2)],
      ]),
    );
    svg.path(
      `M0 ${f(ground + (H - ground) * 0.55)}Q${f(W * 0.5)} ${f(ground + (H - ground) * 0.2)} ${f(W)} ${f(ground + (H - ground) * 0.6)}V${f(ground + (H - ground) * 0.75)}Q${f(W * 0.5)} ${f(ground + (H - ground) * 0.35)} 0 ${f(ground + (H - ground) * 0.7)}Z`,
      '#e8dcc4',
      'fill-opacity=".8"',
    );
    for (let i = 0; i < 9; i++) {
      const tx = W * rnd.range(0, 1);
      if (Math.abs(tx - lx) < 15 * u) continue;
      const tr = u * rnd.range(3, 6);
      const ty = ground + rnd.range(0, 0.2) * (H - ground);
      svg.rect(tx - 0.4 * u, ty - tr * 0.4, 0.8 * u, tr * 1.2, darken(pal.wood, 0.3));
      svg.circle(tx, ty - tr, tr, rnd.pick(pal.greens));
    }
  }
}

/** A striped lighthouse with its lantern lit and a keeper's cottage, on a headland running into the sea. */
function drawLighthouse(svg: Svg, rnd: Rand, pal: Palette, lx: number, ground: number, u: number, lc: string): void {
  const W = svg.width;
  const flip = rnd.chance(0.5);
  const X = (x: number) => (flip ? W - x : x);
  const tx = X(lx);
  const top = ground - rnd.range(10, 16) * u;
  const rock = mix(lc, '#8a7f72', 0.35);
  const head: Pt[] = [
    [X(-10), ground + 2 * u],
    [X(-10), top],
    [X(lx + 16 * u), top],
    [X(lx + 26 * u), ground - 5 * u],
    [X(lx + 34 * u), ground + 2 * u],
  ];
  svg.path(dPoly(head), rock);
  svg.path(
    dPoly([
      [X(-10), top - 1.5 * u],
      [X(lx + 17 * u), top - 1.5 * u],
      [X(lx + 16 * u), top + 1.5 * u],
      [X(-10), top + 1.5 * u],
    ]),
    darken(pal.greens[0], 0.1),
  );
  // keeper's cottage
  const cx = X(lx - 16 * u);
  svg.rect(cx - 7 * u, top - 8 * u, 14 * u, 8 * u, '#f4efe6');
  svg.path(
    dPoly([
      [cx - 8.5 * u, top - 8 * u],
      [cx + 8.5 * u, top - 8 * u],
      [cx, top - 14 * u],
    ]),
    darken(rnd.pick(pal.accents), 0.15),
  );
  svg.rect(cx - 1.5 * u, top - 5 * u, 3 * u, 5 * u, darken(pal.wood, 0.2));
  // the tower, tapering, in bands
  const h = rnd.range(40, 48) * u;
  const bw = 5 * u;
  const tw = 3.4 * u;
  const band = rnd.pick(['#c0392b', '#b03a2e', '#1f3a5f', '#2d5f3a']);
  const bands = 4 + rnd.int(0, 2);
  for (let i = 0; i < bands; i++) {
    const y0 = top - (h * i) / bands;
    const y1 = top - (h * (i + 1)) / bands;
    const w0 = bw + ((tw - bw) * i) / bands;
    const w1 = bw + ((tw - bw) * (i + 1)) / bands;
    svg.path(
      dPoly([
        [tx - w0, y0],
        [tx + w0, y0],
        [tx + w1, y1],
        [tx - w1, y1],
      ]),
      i % 2 === 0 ? '#f7f4ee' : band,
    );
  }
  const gy = top - h;
  svg.rect(tx - tw - 1.6 * u, gy - 1.4 * u, (tw + 1.6 * u) * 2, 1.4 * u, lc);
  svg.rect(tx - tw * 0.8, gy - 7 * u, tw * 1.6, 5.6 * u, '#fff3b0');
  svg.line(tx, gy - 7 * u, tx, gy - 1.4 * u, lc, 0.4 * u);
  svg.path(`M${f(tx - tw)} ${f(gy - 7 * u)}A${f(tw)} ${f(tw)} 0 0 1 ${f(tx + tw)} ${f(gy - 7 * u)}Z`, lc);
  // beams of light
  const ly = gy - 4.2 * u;
  svg.path(
    dPoly([
      [tx, ly],
      [X(lx + 70 * u), ly - 9 * u],
      [X(lx + 70 * u), ly + 5 * u],
    ]),
    '#fff8d0',
    'fill-opacity=".35"',
  );
  svg.path(
    dPoly([
      [tx, ly],
      [X(lx - 40 * u), ly - 6 * u],
      [X(lx - 40 * u), ly + 3 * u],
    ]),
    '#fff8d0',
    'fill-opacity=".22"',
  );
}

function sceneYacht(svg: Svg, rnd: Rand, pal: Palette): void {
  const W = svg.width;
  const H = svg.height;
  const u = Math.min(W / 150, H / 100);
  const horizon = H * rnd.range(0.55, 0.6);
  svg.rect(
    0,
    0,
    W,
    horizon,
    svg.linear(0, 0, 0, horizon, [
      [0, pal.sky[0]],
      [1, lighten(pal.sky[1], 0.25)],
    ]),
  );
  const sunX = W * rnd.range(0.15, 0.85);
  svg.circle(
    sunX,
    horizon - H * 0.2,
    7 * u * 3,
    svg.radial(sunX, horizon - H * 0.2, 7 * u * 3, [
      [0, '#fff8e1', 0.55],
      [1, '#fff8e1', 0],
    ]),
  );
  svg.circle(sunX, horizon - H * 0.2, 7 * u, '#fff8e7');
  // distant coast
  const coast = mix(pal.greens[0], pal.sky[1], 0.55);
  svg.path(
    `M0 ${f(horizon)}V${f(horizon - 8 * u)}Q${f(W * 0.15)} ${f(horizon - 20 * u)} ${f(W * 0.32)} ${f(horizon - 7 * u)}T${f(W * 0.55)} ${f(horizon - 3 * u)}L${f(W * 0.55)} ${f(horizon)}Z`,
    coast,
  );
  svg.path(`M${f(W * 0.72)} ${f(horizon)}Q${f(W * 0.86)} ${f(horizon - 14 * u)} ${f(W)} ${f(horizon - 10 * u)}V${f(horizon)}Z`, mix(coast, pal.sky[1], 0.3));
  const sea = mix(pal.accents[1], '#1d5f8a', 0.5);
  svg.rect(
    0,
    horizon,
    W,
    H - horizon,
    svg.linear(0, horizon, 0, H, [
      [0, lighten(sea, 0.25)],
      [1, darken(sea, 0.25)],
    ]),
  );
  let d = '';
  for (let i = 0; i < 22; i++) {
    const y = horizon + (H - horizon) * Math.pow(rnd.next(), 0.8);
    const x = W * rnd.range(-0.05, 1);
    d += `M${f(x)} ${f(y)}h${f(u * rnd.range(3, 9) * (1 + (y - horizon) / (H - horizon)))}`;
  }
  svg.add(`<path d="${d}" stroke="#fff" stroke-width="${f(0.45 * u)}" stroke-opacity=".4" stroke-linecap="round"/>`);
  // yacht
  const cx = W * rnd.range(0.45, 0.55);
  const wl = horizon + (H - horizon) * 0.45;
  const L = Math.min(W * 0.7, 105 * u);
  const x0 = cx - L / 2;
  const x1 = cx + L / 2;
  const hullH = L * 0.085;
  const hull = `M${f(x0)} ${f(wl - hullH)}L${f(x1 + L * 0.04)} ${f(wl - hullH * 1.25)}Q${f(x1 - L * 0.02)} ${f(wl - hullH * 0.2)} ${f(x1 - L * 0.12)} ${f(wl)}L${f(x0 + L * 0.03)} ${f(wl)}Z`;
  const hullC = rnd.pick(['#fbfbf8', '#fbfbf8', '#1f2a3a', '#e9e4da']);
  const trim = hullC === '#1f2a3a' ? '#fbfbf8' : rnd.pick(['#1f2a3a', pal.accents[2], '#33465c']);
  // reflection
  svg.path(
    `M${f(x0 + L * 0.03)} ${f(wl)}L${f(x1 - L * 0.12)} ${f(wl)}L${f(x1 - L * 0.2)} ${f(wl + hullH * 1.4)}L${f(x0 + L * 0.08)} ${f(wl + hullH * 1.4)}Z`,
    hullC,
    'fill-opacity=".18"',
  );
  const sailing = rnd.chance(0.35);
  if (sailing) {
    const mx = cx + L * 0.02;
    const top = wl - L * 0.62;
    svg.path(
      dPoly([
        [mx - L * 0.01, top + L * 0.04],
        [mx - L * 0.01, wl - hullH * 1.4],
        [x0 + L * 0.12, wl - hullH * 1.4],
      ]),
      '#fffdf7',
    );
    svg.path(
      dPoly([
        [mx + L * 0.012, top + L * 0.03],
        [mx + L * 0.012, wl - hullH * 1.3],
        [x1 - L * 0.02, wl - hullH * 1.35],
      ]),
      '#f3efe6',
    );
    svg.line(mx, top, mx, wl - hullH, '#555', Math.max(1.5, 0.4 * u));
    svg.path(`M${f(x0 + L * 0.3)} ${f(wl - hullH * 1.05)}h${f(L * 0.32)}v${f(-hullH * 0.55)}h${f(-L * 0.28)}Z`, hullC === '#1f2a3a' ? '#e9e4da' : '#fbfbf8');
  } else {
    // superstructure decks
    const deckC = hullC === '#1f2a3a' ? '#f2efe8' : '#fbfbf8';
    const d1 = `M${f(x0 + L * 0.06)} ${f(wl - hullH * 1.02)}L${f(x0 + L * 0.1)} ${f(wl - hullH * 1.9)}L${f(x1 - L * 0.2)} ${f(wl - hullH * 1.9)}L${f(x1 - L * 0.08)} ${f(wl - hullH * 1.15)}Z`;
    const d2 = `M${f(x0 + L * 0.16)} ${f(wl - hullH * 1.9)}L${f(x0 + L * 0.2)} ${f(wl - hullH * 2.7)}L${f(x1 - L * 0.34)} ${f(wl - hullH * 2.7)}L${f(x1 - L * 0.24)} ${f(wl - hullH * 1.9)}Z`;
    const d3 = `M${f(x0 + L * 0.3)} ${f(wl - hullH * 2.7)}L${f(x0 + L * 0.34)} ${f(wl - hullH * 3.3)}L${f(x1 - L * 0.44)} ${f(wl - hullH * 3.3)}L${f(x1 - L * 0.38)} ${f(wl - hullH * 2.7)}Z`;
    svg.path(d1, deckC);
    svg.path(d2, darken(deckC, 0.03));
    svg.path(d3, darken(deckC, 0.05));
    const glass = '#2a3442';
    svg.path(
      `M${f(x0 + L * 0.12)} ${f(wl - hullH * 1.35)}L${f(x1 - L * 0.16)} ${f(wl - hullH * 1.4)}L${f(x1 - L * 0.19)} ${f(wl - hullH * 1.7)}L${f(x0 + L * 0.13)} ${f(wl - hullH * 1.7)}Z`,
      glass,
    );
    svg.path(
      `M${f(x0 + L * 0.22)} ${f(wl - hullH * 2.15)}L${f(x1 - L * 0.28)} ${f(wl - hullH * 2.15)}L${f(x1 - L * 0.31)} ${f(wl - hullH * 2.5)}L${f(x0 + L * 0.23)} ${f(wl - hullH * 2.5)}Z`,
      glass,
    );
    svg.path(
      `M${f(x0 + L * 0.36)} ${f(wl - hullH * 2.85)}L${f(x1 - L * 0.42)} ${f(wl - hullH * 2.85)}L${f(x1 - L * 0.44)} ${f(wl - hullH * 3.15)}L${f(x0 + L * 0.36)} ${f(wl - hullH * 3.15)}Z`,
      glass,
    );
    // radar arch
    svg.path(
      `M${f(cx - L * 0.04)} ${f(wl - hullH * 3.3)}L${f(cx - L * 0.02)} ${f(wl - hullH * 4.2)}L${f(cx + L * 0.04)} ${f(wl - hullH * 4.2)}L${f(cx + L * 0.06)} ${f(wl - hullH * 3.3)}Z`,
      darken(deckC, 0.08),
    );
  }
  svg.path(hull, hullC);
  svg.path(
    `M${f(x0 + L * 0.02)} ${f(wl - hullH * 0.35)}L${f(x1 - L * 0.1)} ${f(wl - hullH * 0.35)}L${f(x1 - L * 0.12)} ${f(wl - hullH * 0.15)}L${f(x0 + L * 0.03)} ${f(wl - hullH * 0.15)}Z`,
    trim,
  );
  let pd = '';
  for (let i = 0; i < 7; i++) pd += `M${f(x0 + L * (0.2 + i * 0.08))} ${f(wl - hullH * 0.65)}h${f(L * 0.025)}`;
  svg.add(`<path d="${pd}" stroke="${trim}" stroke-width="${f(hullH * 0.12)}" stroke-linecap="round"/>`);
  // wake
  svg.path(
    `M${f(x0 + L * 0.03)} ${f(wl)}Q${f(x0 - L * 0.1)} ${f(wl + hullH * 0.3)} ${f(x0 - L * 0.3)} ${f(wl + hullH * 0.2)}Q${f(x0 - L * 0.1)} ${f(wl + hullH * 0.9)} ${f(x0 + L * 0.1)} ${f(wl + hullH * 0.2)}Z`,
    '#ffffff',
    'fill-opacity=".55"',
  );
}

// ───────────────────────────── exterior scenes ─────────────────────────────

/** Sky gradient down to `bottom`, sun with glow and a few clouds. */
function skyBackdrop(svg: Svg, rnd: Rand, pal: Palette, bottom: number): void {
  const W = svg.width;
  const H = svg.height;
  svg.rect(
    0,
    0,
    W,
    bottom + 2,
    svg.linear(0, 0, 0, bottom, [
      [0, pal.sky[0]],
      [1, lighten(pal.sky[1], 0.25)],
    ]),
  );
  const sr = Math.min(W, H) * 0.06;
  const sx = W * rnd.range(0.12, 0.88);
  const sy = bottom * rnd.range(0.2, 0.45);
  svg.circle(
    sx,
    sy,
    sr * 2.6,
    svg.radial(sx, sy, sr * 2.6, [
      [0, '#fff8e1', 0.55],
      [1, '#fff8e1', 0],
    ]),
  );
  svg.circle(sx, sy, sr, '#fff8e7');
  const cloud = lighten(pal.sky[0], 0.72);
  for (let i = 0, n = rnd.int(1, 3); i < n; i++) {
    const cx = W * rnd.range(0.05, 0.95);
    const cy = bottom * rnd.range(0.12, 0.4);
    const cw = W * rnd.range(0.09, 0.16);
    const ch = cw * 0.28;
    svg.add(
      `<g fill="${cloud}"><rect x="${f(cx - cw / 2)}" y="${f(cy)}" width="${f(cw)}" height="${f(ch)}" rx="${f(ch / 2)}"/><circle cx="${f(cx - cw * 0.1)}" cy="${f(cy)}" r="${f(ch * 0.75)}"/><circle cx="${f(cx + cw * 0.15)}" cy="${f(cy + ch * 0.1)}" r="${f(ch * 0.55)}"/></g>`,
    );
  }
}

function tree(svg: Svg, rnd: Rand, pal: Palette, x: number, ground: number, size: number, kind: 'round' | 'cone' | 'cypress' | 'palm'): void {
  const trunk = darken(pal.wood, 0.25);
  if (kind === 'palm') {
    const h = size * 2.2;
    const lean = size * rnd.range(-0.35, 0.35);
    const tx = x + lean;
    const ty = ground - h;
    svg.path(
      `M${f(x - size * 0.06)} ${f(ground)}Q${f(x + lean * 0.2)} ${f(ground - h * 0.5)} ${f(tx - size * 0.03)} ${f(ty)}L${f(tx + size * 0.03)} ${f(ty)}Q${f(x + lean * 0.2 + size * 0.08)} ${f(ground - h * 0.5)} ${f(x + size * 0.06)} ${f(ground)}Z`,
      trunk,
    );
    for (let i = 0; i < 7; i++) {
      const a = -Math.PI + (i / 6) * Math.PI + rnd.range(-0.15, 0.15);
      const len = size * rnd.range(0.7, 0.95);
      const ex = tx + Math.cos(a) * len;
      const ey = ty + Math.sin(a) * len * 0.45 + len * 0.25;
      const mx = tx + Math.cos(a) * len * 0.5;
      const my = ty + Math.sin(a) * len * 0.5 - size * 0.12;
      svg.path(
        `M${f(tx)} ${f(ty)}Q${f(mx)} ${f(my - size * 0.1)} ${f(ex)} ${f(ey)}Q${f(mx)} ${f(my + size * 0.08)} ${f(tx)} ${f(ty)}Z`,
        pal.greens[i % 3] as string,
      );
    }
    return;
  }
  if (kind === 'cypress') {
    svg.ellipse(x, ground - size * 1.1, size * 0.22, size * 1.1, pal.greens[2]);
    svg.ellipse(x - size * 0.06, ground - size * 1.15, size * 0.1, size * 0.9, pal.greens[0], 'fill-opacity=".5"');
    return;
  }
  svg.rect(x - size * 0.05, ground - size * 0.7, size * 0.1, size * 0.7, trunk);
  if (kind === 'cone') {
    svg.path(
      dPoly([
        [x - size * 0.45, ground - size * 0.45],
        [x + size * 0.45, ground - size * 0.45],
        [x, ground - size * 1.9],
      ]),
      pal.greens[2],
    );
    svg.path(
      dPoly([
        [x - size * 0.45, ground - size * 0.45],
        [x, ground - size * 0.45],
        [x, ground - size * 1.9],
      ]),
      pal.greens[0],
    );
    return;
  }
  svg.circle(x, ground - size * 1.0, size * 0.5, pal.greens[2]);
  svg.circle(x - size * 0.25, ground - size * 0.8, size * 0.36, pal.greens[0]);
  svg.circle(x + size * 0.22, ground - size * 1.2, size * 0.3, pal.greens[1]);
}

/** Glazed window in elevation: frame, sky-reflecting glass, mullions, sill. */
function elevWindow(
  svg: Svg,
  pal: Palette,
  x: number,
  y: number,
  w: number,
  h: number,
  frame: string,
  opts: { cols?: number; rows?: number; lit?: boolean; sill?: boolean } = {},
): void {
  const ft = Math.max(2, Math.min(w, h) * 0.07);
  svg.rect(x - ft, y - ft, w + 2 * ft, h + 2 * ft, frame);
  const glassTop = opts.lit ? '#ffe6a8' : mix(pal.sky[0], '#2a3442', 0.35);
  const glassBot = opts.lit ? '#f6c36b' : mix(pal.sky[1], '#2a3442', 0.15);
  svg.rect(
    x,
    y,
    w,
    h,
    svg.sharedLinear(`glass${opts.lit ? 1 : 0}`, 0, 0, 0.6, 1, [
      [0, glassTop],
      [1, glassBot],
    ]),
  );
  svg.path(
    dPoly([
      [x + w * 0.15, y],
      [x + w * 0.45, y],
      [x, y + h * 0.6],
      [x, y + h * 0.25],
    ]),
    '#fff',
    'fill-opacity=".18"',
  );
  const cols = opts.cols ?? 2;
  const rows = opts.rows ?? 1;
  let d = '';
  for (let i = 1; i < cols; i++) d += `M${f(x + (w * i) / cols)} ${f(y)}v${f(h)}`;
  for (let i = 1; i < rows; i++) d += `M${f(x)} ${f(y + (h * i) / rows)}h${f(w)}`;
  if (d) svg.add(`<path d="${d}" stroke="${frame}" stroke-width="${f(ft * 0.8)}"/>`);
  if (opts.sill !== false) svg.rect(x - ft * 2, y + h + ft, w + ft * 4, ft * 1.1, darken(frame, 0.12));
}

function bushRow(svg: Svg, rnd: Rand, pal: Palette, x0: number, x1: number, ground: number, size: number): void {
  for (let x = x0; x < x1; x += size * rnd.range(0.9, 1.3)) {
    const rr = size * rnd.range(0.55, 0.8);
    svg.ellipse(x, ground - rr * 0.55, rr, rr * 0.75, rnd.pick(pal.greens));
  }
}

function sceneHouseExterior(svg: Svg, rnd: Rand, pal: Palette, villa: boolean): void {
  const W = svg.width;
  const H = svg.height;
  const u = Math.min(W / 150, H / 100);
  const ground = H * rnd.range(0.7, 0.76);
  skyBackdrop(svg, rnd, pal, ground);
  // distant hills / tree line
  const far = mix(pal.greens[1], pal.sky[1], 0.5);
  svg.path(
    `M0 ${f(ground)}V${f(ground - 14 * u)}Q${f(W * 0.2)} ${f(ground - 26 * u)} ${f(W * 0.45)} ${f(ground - 15 * u)}T${f(W)} ${f(ground - 18 * u)}V${f(ground)}Z`,
    far,
  );
  const lawnTop = villa ? mix(pal.greens[1], '#e8dcc4', 0.35) : pal.greens[1];
  svg.rect(
    0,
    ground,
    W,
    H - ground,
    svg.linear(0, ground, 0, H, [
      [0, lighten(lawnTop, 0.1)],
      [1, darken(pal.greens[0], 0.15)],
    ]),
  );
  const cx = W / 2 + rnd.range(-8, 8) * u;
  const modern = villa || rnd.chance(0.35);
  const wallC = modern
    ? rnd.pick(['#f4f1ea', '#ece7de', '#e9e4da', '#dcd6cc'])
    : rnd.pick(['#efe3cf', '#dfe6ea', '#e9d8c4', '#d6e0d6', '#b4664a', '#f1ece2', '#c9d3dc']);
  const frame = rnd.pick(['#ffffff', '#2f3337', '#f4efe6']);
  const accent = rnd.pick(pal.accents);
  if (!modern) {
    const hw = rnd.range(62, 78) * u;
    const bh = rnd.range(30, 36) * u;
    const x0 = cx - hw / 2;
    const x1 = cx + hw / 2;
    const top = ground - bh;
    const roofC = rnd.pick(['#4a4e5a', '#a5553a', '#5b4636', '#3b4a5a', '#7a3b2e']);
    const rh = rnd.range(16, 22) * u;
    // chimney
    const chx = x0 + hw * rnd.range(0.18, 0.3);
    svg.rect(chx, top - rh * 0.95, 5 * u, rh * 0.9, darken(wallC, 0.25));
    svg.rect(chx - 0.6 * u, top - rh * 0.98, 6.2 * u, 1.6 * u, darken(wallC, 0.35));
    svg.path(
      dPoly([
        [x0 - 4 * u, top + 0.5 * u],
        [x0 + 12 * u, top - rh],
        [x1 - 12 * u, top - rh],
        [x1 + 4 * u, top + 0.5 * u],
      ]),
      roofC,
    );
    svg.path(
      dPoly([
        [x0 - 4 * u, top + 0.5 * u],
        [x0 + 12 * u, top - rh],
        [x0 + 30 * u, top - rh],
        [x0 + 14 * u, top + 0.5 * u],
      ]),
      lighten(roofC, 0.08),
    );
    svg.rect(
      x0,
      top,
      hw,
      bh,
      svg.linear(x0, 0, x1, 0, [
        [0, lighten(wallC, 0.06)],
        [1, darken(wallC, 0.06)],
      ]),
    );
    svg.rect(x0, top, hw, 2.2 * u, '#000', 'fill-opacity=".12"');
    // front gable over the door
    const gable = rnd.chance(0.6);
    const doorX = cx + rnd.pick([-1, 0, 1]) * hw * 0.12;
    if (gable) {
      svg.path(
        dPoly([
          [doorX - 14 * u, top + 0.5 * u],
          [doorX, top - rh * 0.75],
          [doorX + 14 * u, top + 0.5 * u],
        ]),
        darken(roofC, 0.08),
      );
      svg.path(
        dPoly([
          [doorX - 11 * u, top + 0.5 * u],
          [doorX, top - rh * 0.55],
          [doorX + 11 * u, top + 0.5 * u],
        ]),
        lighten(wallC, 0.04),
      );
      svg.circle(doorX, top - rh * 0.15, 2.6 * u, frame);
      svg.circle(doorX, top - rh * 0.15, 2 * u, mix(pal.sky[0], '#2a3442', 0.3));
    }
    // windows
    const floorH = bh / 2;
    const ww = 9 * u;
    const wh = floorH * 0.5;
    const cols = 4;
    const shutters = rnd.chance(0.4);
    for (let fl = 0; fl < 2; fl++) {
      const wy = top + fl * floorH + floorH * 0.22;
      for (let i = 0; i < cols; i++) {
        const wx = x0 + (hw * (i + 0.5)) / cols - ww / 2;
        if (fl === 1 && Math.abs(wx + ww / 2 - doorX) < ww) continue;
        if (shutters) {
          svg.rect(wx - ww * 0.45, wy - u, ww * 0.35, wh + 2 * u, accent);
          svg.rect(wx + ww * 1.1, wy - u, ww * 0.35, wh + 2 * u, accent);
        }
        elevWindow(svg, pal, wx, wy, ww, wh, frame, { cols: 2, rows: 2, lit: rnd.chance(0.12) });
      }
    }
    // door
    const dw = 7.5 * u;
    const dh = floorH * 0.78;
    svg.rect(doorX - dw / 2 - u, ground - dh - u, dw + 2 * u, dh + u, frame);
    svg.rect(doorX - dw / 2, ground - dh, dw, dh, darken(accent, 0.1));
    svg.rect(doorX - dw / 2 + u, ground - dh + u, dw - 2 * u, dh * 0.35, lighten(accent, 0.1));
    svg.circle(doorX + dw * 0.3, ground - dh * 0.45, 0.6 * u, '#d8b45a');
    svg.rect(doorX - dw / 2 - 3 * u, ground - dh - 3.2 * u, dw + 6 * u, 1.6 * u, darken(wallC, 0.3));
    svg.rect(doorX - dw * 0.9, ground - 0.4 * u, dw * 1.8, 1.6 * u, '#cfc6b8');
    // path to the door
    svg.path(
      dPoly([
        [doorX - dw * 0.7, ground + 1.2 * u],
        [doorX + dw * 0.7, ground + 1.2 * u],
        [doorX + dw * 2.2, H],
        [doorX - dw * 2.2, H],
      ]),
      '#e4d9c6',
    );
    bushRow(svg, rnd, pal, x0 + 3 * u, doorX - dw, ground + 1.5 * u, 5 * u);
    bushRow(svg, rnd, pal, doorX + dw * 1.4, x1 - 2 * u, ground + 1.5 * u, 5 * u);
    const tk = rnd.pick(['round', 'cone'] as const);
    tree(svg, rnd, pal, x0 - 14 * u, ground + 2 * u, 22 * u, tk);
    tree(svg, rnd, pal, x1 + 16 * u, ground + 3 * u, 26 * u, rnd.pick(['round', 'cone'] as const));
    if (rnd.chance(0.5)) {
      // picket fence
      let fd = '';
      const fy = ground + (H - ground) * 0.55;
      for (let x = 0; x < W; x += 3 * u) {
        if (Math.abs(x - doorX) < dw * 2.4) continue;
        fd += `M${f(x)} ${f(fy)}v${f(-6 * u)}l${f(0.8 * u)} ${f(-1 * u)}l${f(0.8 * u)} ${f(1 * u)}v${f(6 * u)}Z`;
      }
      svg.path(fd, '#f7f4ee');
      svg.rect(0, fy - 4.6 * u, doorX - dw * 2.4, 0.9 * u, '#f7f4ee');
      svg.rect(doorX + dw * 2.4, fy - 4.6 * u, W, 0.9 * u, '#f7f4ee');
    }
    return;
  }
  // modern house / villa: stacked volumes with flat roofs and big glazing
  const lw = rnd.range(80, 96) * u;
  const lh = 17 * u;
  const x0 = cx - lw / 2;
  const top1 = ground - lh;
  const uw = lw * rnd.range(0.5, 0.65);
  const ux = rnd.chance(0.5) ? x0 + lw * 0.06 : x0 + lw - uw - lw * 0.06;
  const uh = 15 * u;
  const top2 = top1 - uh;
  const clad = rnd.pick([pal.wood, '#3a3d42', lighten(pal.wood, 0.15), wallC]);
  if (villa) {
    tree(svg, rnd, pal, x0 - 4 * u, ground, 16 * u, 'cypress');
    tree(svg, rnd, pal, x0 + lw + 5 * u, ground, 18 * u, 'cypress');
  }
  // upper volume
  svg.rect(ux, top2, uw, uh, clad);
  if (clad !== wallC) {
    let d = '';
    for (let x = ux + 1.5 * u; x < ux + uw; x += 1.5 * u) d += `M${f(x)} ${f(top2)}v${f(uh)}`;
    svg.add(`<path d="${d}" stroke="#000" stroke-opacity=".12" stroke-width="${f(0.3 * u)}"/>`);
  }
  elevWindow(svg, pal, ux + uw * 0.1, top2 + uh * 0.2, uw * 0.55, uh * 0.55, '#2f3337', { cols: 3, sill: false });
  svg.rect(ux - 2 * u, top2 - 1.4 * u, uw + 4 * u, 1.6 * u, darken(wallC, 0.2));
  // lower volume
  svg.rect(x0, top1, lw, lh, wallC);
  svg.rect(x0 - 3 * u, top1 - 1.6 * u, lw + 6 * u, 1.8 * u, darken(wallC, 0.15));
  svg.rect(x0, top1 + 0.2 * u, lw, 1.6 * u, '#000', 'fill-opacity=".12"');
  const gx = x0 + lw * rnd.range(0.08, 0.2);
  elevWindow(svg, pal, gx, top1 + 3.5 * u, lw * 0.55, lh - 3.5 * u, '#2f3337', { cols: 5, sill: false });
  elevWindow(svg, pal, gx + lw * 0.62, top1 + 3.5 * u, lw * 0.14, lh * 0.45, '#2f3337', { cols: 1 });
  // terrace + pool or lawn
  svg.rect(x0 - 6 * u, ground, lw + 12 * u, 2.2 * u, rnd.pick(['#d8cdb8', '#cfc6b8', lighten(pal.wood, 0.2)]));
  if (villa || rnd.chance(0.4)) {
    const py = ground + 5 * u;
    const ph = (H - ground) * 0.5;
    const water = '#4fb3d9';
    svg.rect(x0 - 4 * u, py - 1 * u, lw + 8 * u, ph + 2 * u, '#efe8dc');
    svg.rect(
      x0 - 2 * u,
      py,
      lw + 4 * u,
      ph,
      svg.linear(0, py, 0, py + ph, [
        [0, lighten(water, 0.25)],
        [1, darken(water, 0.1)],
      ]),
    );
    let d = '';
    for (let i = 0; i < 10; i++) {
      const wy = py + ph * rnd.range(0.15, 0.9);
      const wx = x0 + lw * rnd.range(0, 0.9);
      d += `M${f(wx)} ${f(wy)}q${f(2 * u)} ${f(-1 * u)} ${f(4 * u)} 0t${f(4 * u)} 0`;
    }
    svg.add(`<path d="${d}" stroke="#fff" stroke-opacity=".55" stroke-width="${f(0.4 * u)}" fill="none" stroke-linecap="round"/>`);
    // loungers
    for (let i = 0; i < 2; i++) {
      const lx = x0 + lw * (0.62 + i * 0.14);
      svg.rect(lx, ground - 1.2 * u, 9 * u, 1.4 * u, '#f7f4ee');
      svg.path(
        dPoly([
          [lx, ground - 1.2 * u],
          [lx + 2.5 * u, ground - 1.2 * u],
          [lx + 1.2 * u, ground - 4.5 * u],
          [lx - 1 * u, ground - 4.5 * u],
        ]),
        '#f7f4ee',
      );
    }
    const ux2 = x0 + lw * 0.56;
    svg.rect(ux2 - 0.3 * u, ground - 9 * u, 0.6 * u, 9 * u, '#555');
    svg.path(`M${f(ux2 - 6 * u)} ${f(ground - 8 * u)}Q${f(ux2)} ${f(ground - 13.5 * u)} ${f(ux2 + 6 * u)} ${f(ground - 8 * u)}Z`, accent);
    svg.path(
      `M${f(ux2 - 6 * u)} ${f(ground - 8 * u)}Q${f(ux2 - 2 * u)} ${f(ground - 12.5 * u)} ${f(ux2)} ${f(ground - 10.8 * u)}L${f(ux2)} ${f(ground - 8 * u)}Z`,
      lighten(accent, 0.15),
    );
  } else {
    bushRow(svg, rnd, pal, x0, x0 + lw, ground + 2 * u, 5 * u);
  }
  if (villa) {
    tree(svg, rnd, pal, x0 - 14 * u, H * 0.98, 24 * u, 'palm');
    if (rnd.chance(0.6)) tree(svg, rnd, pal, x0 + lw + 16 * u, H * 0.96, 21 * u, 'palm');
  } else {
    tree(svg, rnd, pal, x0 - 12 * u, ground + 3 * u, 22 * u, 'round');
  }
}

function sceneApartmentExterior(svg: Svg, rnd: Rand, pal: Palette): void {
  const W = svg.width;
  const H = svg.height;
  const u = Math.min(W / 150, H / 100);
  const street = H * 0.86;
  skyBackdrop(svg, rnd, pal, street);
  // far skyline
  let d = '';
  for (let x = -5; x < W;) {
    const bw = W * rnd.range(0.05, 0.1);
    d += `M${f(x)} ${f(street)}v${f(-H * rnd.range(0.35, 0.6))}h${f(bw)}V${f(street)}Z`;
    x += bw + 2;
  }
  svg.path(d, mix(pal.dark, pal.sky[1], 0.7));
  const facades = ['#e8d8c0', '#d9c7b0', '#efe6d8', '#c9d3dc', '#e0cfc8', '#b98b6e', '#d6dccf', '#f1ece2', '#c7b8a6'];
  const classic = rnd.chance(0.55);
  let x = -rnd.range(4, 14) * u;
  let idx = 0;
  while (x < W) {
    const bw = (idx === 1 ? rnd.range(54, 64) : rnd.range(30, 44)) * u;
    const floors = rnd.int(5, 7);
    const fh = 9 * u;
    const top = street - 6 * u - floors * fh - 8 * u;
    const color = rnd.pick(facades);
    svg.rect(x, top, bw, street - top, color);
    svg.rect(x + bw - 1.2 * u, top, 1.2 * u, street - top, '#000', 'fill-opacity=".08"');
    // cornice / roof
    if (classic) {
      svg.rect(x - u, top - 1.5 * u, bw + 2 * u, 2.2 * u, lighten(color, 0.35));
      svg.path(
        `M${f(x)} ${f(top - 1.5 * u)}L${f(x + 3 * u)} ${f(top - 8 * u)}H${f(x + bw - 3 * u)}L${f(x + bw)} ${f(top - 1.5 * u)}Z`,
        rnd.pick(['#5c6670', '#4a4e5a', '#6b5a4e']),
      );
      for (let i = 0; i < 3; i++) {
        const dx = x + bw * (0.2 + i * 0.3);
        svg.rect(dx - 2 * u, top - 8 * u, 4 * u, 4 * u, lighten(color, 0.2));
        elevWindow(svg, pal, dx - 1.2 * u, top - 7.4 * u, 2.4 * u, 2.8 * u, '#f4efe6', { cols: 1, sill: false });
      }
    } else {
      svg.rect(x, top - 1.2 * u, bw, 1.4 * u, darken(color, 0.2));
    }
    const cols = Math.max(2, Math.round(bw / (9 * u)));
    const cw = bw / cols;
    const frame = classic ? '#f7f4ee' : '#2f3337';
    for (let fl = 0; fl < floors; fl++) {
      const fy = top + 4 * u + fl * fh;
      for (let c = 0; c < cols; c++) {
        const wx = x + c * cw + cw * 0.25;
        const ww = cw * 0.5;
        elevWindow(svg, pal, wx, fy, ww, fh * 0.6, frame, { cols: classic ? 2 : 1, rows: 1, lit: rnd.chance(0.1), sill: classic });
      }
      if ((classic && fl % 2 === 0) || (!classic && rnd.chance(0.35))) {
        // balcony rail
        const by = fy + fh * 0.6;
        svg.rect(x + cw * 0.15, by, bw - cw * 0.3, 0.8 * u, darken(color, 0.35));
        let rd = '';
        for (let bx = x + cw * 0.15; bx < x + bw - cw * 0.15; bx += 1.3 * u) rd += `M${f(bx)} ${f(by)}v${f(-2.8 * u)}`;
        svg.add(`<path d="${rd}" stroke="${classic ? '#2f3337' : darken(color, 0.35)}" stroke-width="${f(0.25 * u)}"/>`);
        svg.rect(x + cw * 0.15, by - 3 * u, bw - cw * 0.3, 0.4 * u, classic ? '#2f3337' : darken(color, 0.35));
      }
    }
    // ground floor shops with awnings
    const gy = street - 14 * u;
    svg.rect(x, gy, bw, 14 * u, darken(color, 0.12));
    const shops = Math.max(1, Math.round(bw / (22 * u)));
    for (let i = 0; i < shops; i++) {
      const sw = bw / shops;
      const sx = x + i * sw + sw * 0.1;
      elevWindow(svg, pal, sx, gy + 4 * u, sw * 0.8, 9 * u, '#2f3337', { cols: 3, lit: rnd.chance(0.5), sill: false });
      const aw = rnd.pick(pal.accents);
      svg.path(
        dPoly([
          [sx - u, gy + 1 * u],
          [sx + sw * 0.8 + u, gy + 1 * u],
          [sx + sw * 0.8 + 2.5 * u, gy + 4.5 * u],
          [sx - 2.5 * u, gy + 4.5 * u],
        ]),
        aw,
      );
      svg.rect(sx - 2.5 * u, gy + 4.5 * u, sw * 0.8 + 5 * u, 0.8 * u, darken(aw, 0.2));
    }
    x += bw;
    idx++;
  }
  // sidewalk & street
  svg.rect(0, street - 1 * u, W, 4 * u, '#cfc8bd');
  svg.rect(0, street + 3 * u, W, H - street, '#5c6068');
  let ld = '';
  for (let lx = 0; lx < W; lx += 14 * u) ld += `M${f(lx)} ${f(street + (H - street) * 0.6)}h${f(7 * u)}`;
  svg.add(`<path d="${ld}" stroke="#f2efe8" stroke-width="${f(0.8 * u)}"/>`);
  for (let i = 0; i < 3; i++) tree(svg, rnd, pal, W * (0.12 + i * 0.38) + rnd.range(-5, 5) * u, street + 1 * u, 16 * u, 'round');
  // street lamp
  const lx = W * rnd.range(0.3, 0.7);
  svg.rect(lx - 0.4 * u, street - 26 * u, 0.8 * u, 26 * u, '#2f3337');
  svg.path(`M${f(lx)} ${f(street - 26 * u)}q${f(3 * u)} ${f(-2 * u)} ${f(6 * u)} 0`, 'none', `stroke="#2f3337" stroke-width="${f(0.8 * u)}"`);
  svg.ellipse(lx + 6 * u, street - 25.4 * u, 1.6 * u, 0.8 * u, '#fff3c4');
}

// ───────────────────────────── public API ─────────────────────────────

const KIND_ALIASES: Readonly<Record<string, string>> = {
  HOUSE: 'HOME',
  RESIDENCE: 'HOME',
  CABIN: 'HOME',
  COTTAGE: 'HOME',
  TOWNHOUSE: 'HOME',
  FLAT: 'APARTMENT',
  LOFT: 'APARTMENT',
  PENTHOUSE: 'APARTMENT',
  CONDO: 'APARTMENT',
  STUDIO: 'APARTMENT',
  ESTATE: 'VILLA',
  MANSION: 'VILLA',
  CHALET: 'VILLA',
  EXHIBITION: 'MUSEUM',
  ART_GALLERY: 'GALLERY',
  STORE: 'SHOP',
  RETAIL: 'SHOP',
  SHOWROOM: 'SHOP',
  BOUTIQUE: 'SHOP',
  CAFE: 'RESTAURANT',
  BAR: 'RESTAURANT',
  BISTRO: 'RESTAURANT',
  RESORT: 'HOTEL',
  INN: 'HOTEL',
  BNB: 'HOTEL',
  HOSPITALITY: 'HOTEL',
  COWORKING: 'OFFICE',
  WORKSPACE: 'OFFICE',
  COMMERCIAL: 'OFFICE',
  THEATER: 'VENUE',
  THEATRE: 'VENUE',
  EVENT_VENUE: 'VENUE',
  CONCERT_HALL: 'VENUE',
  MONUMENT: 'LANDMARK',
  CASTLE: 'LANDMARK',
  TOWER: 'LANDMARK',
  PALACE: 'LANDMARK',
  CATHEDRAL: 'CHURCH',
  CHAPEL: 'CHURCH',
  TEMPLE: 'CHURCH',
  RELIGIOUS: 'CHURCH',
  UNIVERSITY: 'SCHOOL',
  LIBRARY: 'SCHOOL',
  CAMPUS: 'SCHOOL',
  EDUCATION: 'SCHOOL',
  FACTORY: 'WAREHOUSE',
  INDUSTRIAL: 'WAREHOUSE',
  BOAT: 'YACHT',
  SUPERYACHT: 'YACHT',
  SHIP: 'YACHT',
};

function normalizeKind(kind: string): string {
  const k = kind
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_');
  return KIND_ALIASES[k] ?? k;
}

function buildScene(seed: string, kind: string, width: number, height: number): string {
  const raw = kind.trim().toUpperCase();
  const k = LANDMARK_MOTIFS.includes(raw) ? raw : normalizeKind(kind);
  const rnd = makeRand(`${k}:${seed}`);
  const pal = rnd.pick(PALETTES);
  const svg = new Svg(width, height);
  switch (k) {
    case 'APARTMENT':
      if (rnd.chance(0.35)) sceneApartmentExterior(svg, rnd, pal);
      else sceneHome(svg, rnd, pal, 'apartment');
      break;
    case 'VILLA':
      if (rnd.chance(0.45)) sceneHouseExterior(svg, rnd, pal, true);
      else sceneHome(svg, rnd, pal, 'villa');
      break;
    case 'MUSEUM':
      sceneMuseum(svg, rnd, pal, false);
      break;
    case 'GALLERY':
      sceneMuseum(svg, rnd, pal, true);
      break;
    case 'SHOP':
      sceneShop(svg, rnd, pal);
      break;
    case 'RESTAURANT':
      sceneRestaurant(svg, rnd, pal);
      break;
    case 'HOTEL':
      sceneHotel(svg, rnd, pal);
      break;
    case 'OFFICE':
      sceneOffice(svg, rnd, pal);
      break;
    case 'VENUE':
      sceneVenue(svg, rnd, pal);
      break;
    case 'LANDMARK':
      sceneLandmark(svg, rnd, pal);
      break;
    case 'LIGHTHOUSE':
    case 'CASTLE':
    case 'TOWER':
    case 'CIVIC':
      sceneLandmark(svg, rnd, pal, k);
      break;
    case 'CHURCH':
      sceneChurch(svg, rnd, pal);
      break;
    case 'SCHOOL':
      sceneSchool(svg, rnd, pal);
      break;
    case 'WAREHOUSE':
      sceneWarehouse(svg, rnd, pal);
      break;
    case 'YACHT':
      sceneYacht(svg, rnd, pal);
      break;
    default:
      if (rnd.chance(0.4)) sceneHouseExterior(svg, rnd, pal, false);
      else sceneHome(svg, rnd, pal, 'home');
  }
  return svg.toString();
}

function clampDim(n: number, name: string): number {
  if (!Number.isFinite(n) || n < 16 || n > 4096) throw new RangeError(`${name} must be between 16 and 4096, got ${n}`);
  return Math.round(n);
}

async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
}

/** SVG source of a placeholder thumbnail (exposed for debugging/tests; prefer renderPlaceholder). */
export function placeholderSvg(opts: { seed: string; kind: string; width: number; height: number }): string {
  return buildScene(opts.seed, opts.kind, clampDim(opts.width, 'width'), clampDim(opts.height, 'height'));
}

/**
 * Deterministic, text-free illustrated thumbnail for a space (PNG).
 * `kind` is a space type such as 'HOME', 'MUSEUM', 'landmark' (case-insensitive, common aliases accepted;
 * unknown kinds fall back to a living room). `title` is accepted for API symmetry but not drawn, so renaming
 * a space does not change its image.
 */
export async function renderPlaceholder(opts: { seed: string; kind: string; title: string; width: number; height: number }): Promise<Buffer> {
  return svgToPng(placeholderSvg(opts));
}

function avatarSvg(seed: string, initials: string, size: number): string {
  const rnd = makeRand(`avatar:${seed}`);
  const pal = rnd.pick(PALETTES);
  const light = pal.accents.filter((c) => !isDark(c));
  const c1 = rnd.pick(light.length > 0 && rnd.chance(0.75) ? light : pal.accents);
  const c2 = mix(c1, rnd.pick([pal.dark, pal.accents[0], pal.accents[2]]), 0.45);
  const svg = new Svg(size, size);
  const round = rnd.chance(0.5);
  const bg = svg.linear(0, 0, size, size, [
    [0, lighten(c1, 0.08)],
    [1, c2],
  ]);
  if (round) svg.circle(size / 2, size / 2, size / 2, bg);
  else svg.rect(0, 0, size, size, bg, `rx="${f(size * 0.22)}"`);
  // soft decorative shape
  svg.circle(size * 0.85, size * 0.15, size * 0.35, '#fff', 'fill-opacity=".1"');
  const lightBg = !isDark(mix(c1, c2, 0.5)) && hexToRgb(mix(c1, c2, 0.5)).reduce((a, b) => a + b, 0) / 3 > 175;
  const fg = lightBg ? mix(c2, '#000000', 0.6) : '#ffffff';
  // DejaVu has no CJK / many other scripts: keep only characters it can draw, else use a person glyph.
  const chars = Array.from(initials.trim())
    .filter((ch) => /\S/.test(ch) && (ch.codePointAt(0) ?? 0) < 0x2e80)
    .slice(0, 2);
  if (chars.length === 0) {
    svg.circle(size / 2, size * 0.4, size * 0.16, fg, 'fill-opacity=".92"');
    svg.path(
      `M${f(size * 0.22)} ${f(size * 0.82)}C${f(size * 0.24)} ${f(size * 0.6)} ${f(size * 0.76)} ${f(size * 0.6)} ${f(size * 0.78)} ${f(size * 0.82)}Z`,
      fg,
      'fill-opacity=".92"',
    );
    return svg.toString();
  }
  const text = esc(chars.join('').toUpperCase());
  const fs = size * (chars.length > 1 ? 0.4 : 0.46);
  svg.add(
    `<text x="${f(size / 2)}" y="${f(size / 2 + fs * 0.36)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${f(fs)}" fill="${fg}">${text}</text>`,
  );
  return svg.toString();
}

/** Avatar PNG: coloured circle or rounded square with up to two initials (transparent corners). */
export async function renderAvatar(opts: { seed: string; initials: string; size: number }): Promise<Buffer> {
  const size = clampDim(opts.size, 'size');
  return svgToPng(avatarSvg(opts.seed, opts.initials, size));
}

function coverSvg(seed: string, width: number, height: number): string {
  const rnd = makeRand(`cover:${seed}`);
  const pal = rnd.pick(PALETTES);
  const svg = new Svg(width, height);
  const [a0, a1, a2, a3] = pal.accents;
  const base = rnd.pick([a0, a2, pal.dark, mix(a1, pal.dark, 0.4)]);
  svg.rect(
    0,
    0,
    width,
    height,
    svg.linear(0, 0, width, height, [
      [0, lighten(base, 0.12)],
      [1, darken(base, 0.15)],
    ]),
  );
  const style = rnd.int(0, 2);
  if (style === 0) {
    // layered waves
    const cols = [a1, a3, a0, lighten(a2, 0.3), lighten(base, 0.3)];
    for (let i = 0; i < 4; i++) {
      const y = height * (0.35 + i * 0.17);
      const amp = height * rnd.range(0.06, 0.14);
      const ph = rnd.range(0, 1);
      svg.path(
        `M0 ${f(y)}C${f(width * (0.25 + ph * 0.1))} ${f(y - amp)} ${f(width * (0.55 - ph * 0.1))} ${f(y + amp)} ${f(width)} ${f(y - amp * 0.4)}V${f(height)}H0Z`,
        cols[i % cols.length] as string,
        `fill-opacity="${(0.55 + i * 0.1).toFixed(2)}"`,
      );
    }
  } else if (style === 1) {
    // big soft circles
    for (let i = 0; i < 6; i++) {
      const r = Math.min(width, height) * rnd.range(0.25, 0.7);
      const cx = width * rnd.range(-0.1, 1.1);
      const cy = height * rnd.range(-0.2, 1.2);
      const c = rnd.pick([a0, a1, a3, lighten(a2, 0.4)]);
      svg.circle(
        cx,
        cy,
        r,
        svg.radial(cx, cy, r, [
          [0, c, 0.85],
          [1, c, 0],
        ]),
      );
    }
    for (let i = 0; i < 3; i++) {
      const r = Math.min(width, height) * rnd.range(0.08, 0.25);
      svg.circle(
        width * rnd.range(0.1, 0.9),
        height * rnd.range(0.1, 0.9),
        r,
        'none',
        `stroke="#fff" stroke-opacity=".25" stroke-width="${f(Math.max(2, r * 0.06))}"`,
      );
    }
  } else {
    // isometric-ish blocks / architectural rhythm
    const n = rnd.int(7, 12);
    const bw = width / n;
    for (let i = 0; i < n; i++) {
      const h = height * rnd.range(0.25, 0.85);
      const c = rnd.pick([a0, a1, a3, lighten(base, 0.25), lighten(a2, 0.35)]);
      svg.rect(i * bw, height - h, bw + 1, h, c, 'fill-opacity=".85"');
      svg.rect(i * bw, height - h, bw * 0.28, h, '#fff', 'fill-opacity=".12"');
      if (rnd.chance(0.4))
        svg.path(`M${f(i * bw)} ${f(height - h)}A${f(bw / 2)} ${f(bw / 2)} 0 0 1 ${f((i + 1) * bw)} ${f(height - h)}Z`, c, 'fill-opacity=".85"');
    }
  }
  // subtle dot grid
  const pid = svg.uid('p');
  const step = Math.max(14, Math.round(Math.min(width, height) / 18));
  svg.def(
    `<pattern id="${pid}" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><circle cx="${step / 2}" cy="${step / 2}" r="${f(Math.max(1, step * 0.07))}" fill="#fff"/></pattern>`,
  );
  svg.rect(0, 0, width, height, `url(#${pid})`, 'fill-opacity=".12"');
  return svg.toString();
}

/** Abstract banner / cover PNG (waves, soft circles or block rhythm) coloured from the seed. */
export async function renderCover(opts: { seed: string; width: number; height: number }): Promise<Buffer> {
  return svgToPng(coverSvg(opts.seed, clampDim(opts.width, 'width'), clampDim(opts.height, 'height')));
}

/** Space kinds that have a dedicated illustration (others fall back to a living room). */
export const PLACEHOLDER_KINDS: readonly string[] = [
  'HOME',
  'APARTMENT',
  'VILLA',
  'MUSEUM',
  'GALLERY',
  'SHOP',
  'RESTAURANT',
  'HOTEL',
  'OFFICE',
  'VENUE',
  'LANDMARK',
  'CHURCH',
  'SCHOOL',
  'WAREHOUSE',
  'YACHT',
];
