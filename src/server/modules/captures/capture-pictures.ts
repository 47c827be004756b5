import sharp, { type Sharp } from 'sharp';
import { SPACE_IMAGE_WIDTHS, SPACE_OG_IMAGE } from '../../../domain/space-pictures.ts';
import type { TourLayout } from '../../../domain/tour.ts';
import type { WorldTriangle } from './model-io.ts';

/** The poster's size (16:9, as the player's frame). */
export const POSTER_SIZE = { width: 1200, height: 675 } as const;
/** The plan picture's longer side. */
const PLAN_SIDE = 1000;

/** One file of a space's picture folder. */
export interface SpacePicture {
  file: string;
  data: Uint8Array;
  type: string;
}

/** How one file of the folder is cut from the poster. */
interface PictureRecipe {
  file: string;
  type: string;
  render: (poster: Sharp) => Sharp;
}

const RECIPES: PictureRecipe[] = [
  ...SPACE_IMAGE_WIDTHS.flatMap((width): PictureRecipe[] => [
    { file: `${width}.webp`, type: 'image/webp', render: (s) => s.resize({ width }).webp({ quality: 80, effort: 2 }) },
    {
      file: `${width}.avif`,
      type: 'image/avif',
      render: (s) => s.resize({ width }).avif({ quality: 55, effort: 0, chromaSubsampling: '4:2:0' }),
    },
  ]),
  {
    file: SPACE_OG_IMAGE.file,
    type: 'image/jpeg',
    render: (s) => s.resize({ width: SPACE_OG_IMAGE.width, height: SPACE_OG_IMAGE.height, fit: 'cover' }).jpeg({ quality: 82, progressive: true }),
  },
];

/** Every file of a captured space's picture folder (see {@link spacePictures}). */
export const SPACE_PICTURE_FILES: readonly string[] = RECIPES.map((r) => r.file);

/**
 * A captured space's picture folder (`spaces/cap-<upload id>/`, what the site links for it), cut from
 * its poster: the cover and card picture at every width the pages' `srcset`s name, WebP and AVIF, and
 * the 1200×630 JPEG link previews show (`og:image`), as the demo world's model pictures have. `only`
 * names the files wanted (the backfill's missing ones); all of them when absent.
 */
export async function spacePictures(poster: Uint8Array, only?: readonly string[]): Promise<SpacePicture[]> {
  const source = sharp(poster);
  return Promise.all(
    RECIPES.filter((r) => !only || only.includes(r.file)).map(async (r) => ({
      file: r.file,
      data: new Uint8Array(await r.render(source.clone()).toBuffer()),
      type: r.type,
    })),
  );
}

const hex = (c: [number, number, number], shade: number) =>
  `#${c
    .map((v) =>
      Math.round(Math.max(0, Math.min(1, v * shade)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * A still of the model from above at an angle (a dollhouse view): its triangles projected with the
 * ceiling cut away (anything in the top 15 % of the model), shaded by their facing, drawn far to near
 * as an SVG and rasterised to WebP by sharp. Simpler than the demo renderer (scripts/seed/tour-render),
 * which the server may not import.
 */
export async function renderPoster(triangles: WorldTriangle[], bounds: TourLayout['bounds']): Promise<Uint8Array> {
  const { width: W, height: H } = POSTER_SIZE;
  const cut = bounds.min[1] + 0.85 * (bounds.max[1] - bounds.min[1]);
  const centre = [0, 1, 2].map((i) => ((bounds.min[i] ?? 0) + (bounds.max[i] ?? 0)) / 2) as [number, number, number];
  // Looking from the south-east, 40° down.
  const yaw = Math.PI / 4;
  const pitch = (40 * Math.PI) / 180;
  const project = (p: [number, number, number]) => {
    const x = p[0] - centre[0];
    const y = p[1] - centre[1];
    const z = p[2] - centre[2];
    const rx = x * Math.cos(yaw) - z * Math.sin(yaw);
    const rz = x * Math.sin(yaw) + z * Math.cos(yaw);
    return { sx: rx, sy: -(y * Math.cos(pitch) - rz * Math.sin(pitch)), depth: rz * Math.cos(pitch) + y * Math.sin(pitch) };
  };
  const kept = triangles.filter((t) => Math.max(t.a[1], t.b[1], t.c[1]) <= cut || t.up > 0.5);
  const drawn = kept.map((t) => ({ t, pts: [project(t.a), project(t.b), project(t.c)] }));
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const { pts } of drawn)
    for (const p of pts) {
      minX = Math.min(minX, p.sx);
      maxX = Math.max(maxX, p.sx);
      minY = Math.min(minY, p.sy);
      maxY = Math.max(maxY, p.sy);
    }
  const scale = drawn.length ? 0.86 * Math.min(W / Math.max(1e-6, maxX - minX), H / Math.max(1e-6, maxY - minY)) : 1;
  const ox = W / 2 - (scale * (minX + maxX)) / 2;
  const oy = H / 2 - (scale * (minY + maxY)) / 2;
  drawn.sort((a, b) => Math.min(...a.pts.map((p) => p.depth)) - Math.min(...b.pts.map((p) => p.depth)));
  const polys = drawn.map(({ t, pts }) => {
    const fill = hex(t.color, t.shade);
    return `<polygon points="${pts.map((p) => `${(ox + scale * p.sx).toFixed(1)},${(oy + scale * p.sy).toFixed(1)}`).join(' ')}" fill="${fill}" stroke="${fill}" stroke-width="0.6"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f5"/><stop offset="1" stop-color="#d5dbe3"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>${polys.join('')}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer());
}

/**
 * The floor plan seen from above: what stands in the floor's lower 1.2 m (walls dark, floors light),
 * the room's outline and a dot per sweep, over the floor's `planBounds`, as WebP.
 */
export async function renderPlan(triangles: WorldTriangle[], layout: TourLayout): Promise<{ data: Uint8Array; width: number; height: number }> {
  const floor = layout.floors[0];
  const [x0, z0, x1, z1] = floor?.planBounds ?? [0, 0, 1, 1];
  const s = PLAN_SIDE / Math.max(x1 - x0, z1 - z0);
  const W = Math.max(1, Math.round((x1 - x0) * s));
  const H = Math.max(1, Math.round((z1 - z0) * s));
  const at = (x: number, z: number) => `${((x - x0) * s).toFixed(1)},${((z - z0) * s).toFixed(1)}`;
  const low = (floor?.elevation ?? 0) + 1.2;
  const faces = triangles
    .filter((t) => Math.min(t.a[1], t.b[1], t.c[1]) <= low)
    .sort((a, b) => Math.abs(b.up) - Math.abs(a.up))
    .map((t) => {
      const fill = Math.abs(t.up) > 0.7 ? hex(t.color, 1.05) : '#3a4250';
      return `<polygon points="${[t.a, t.b, t.c].map((p) => at(p[0], p[2])).join(' ')}" fill="${fill}" stroke="${fill}" stroke-width="0.5"/>`;
    });
  const outlines = layout.rooms.map(
    (r) => `<polygon points="${r.outline.map(([x, z]) => at(x, z)).join(' ')}" fill="none" stroke="#1f2937" stroke-width="3"/>`,
  );
  const dots = layout.sweeps.map((w) => {
    const [cx, cy] = at(w.position[0], w.position[2]).split(',');
    return `<circle cx="${cx}" cy="${cy}" r="7" fill="#2563eb" stroke="#fff" stroke-width="2"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#f8fafc"/>${faces.join('')}${outlines.join('')}${dots.join('')}</svg>`;
  return { data: new Uint8Array(await sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer()), width: W, height: H };
}
