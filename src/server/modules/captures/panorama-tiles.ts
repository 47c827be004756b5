import sharp from 'sharp';
import type { PanoramaTiles, TourPicture } from '../../../domain/tour.ts';

/** Width of the preview the player shows at once (1024 × 512, about 60 kB). */
export const PREVIEW_WIDTH = 1024;
/** Side of a tile of the full panorama: an 8192 × 4096 photo is 4 × 2 tiles. */
export const TILE_SIZE = 2048;
/**
 * The WebP encoder's settings for panoramas: `effort` 2 of 6 encodes an 8192 × 4096 photo in a
 * fifth of the default's time (3.4 s against 19 s, measured) for a file 2 % smaller.
 */
export const PANORAMA_WEBP = { quality: 85, effort: 2 } as const;

/** Where a file goes: its media key, bytes and type. */
export type PutMedia = (key: string, bytes: Uint8Array, type: string) => Promise<void>;

/** Decoded pixels (sharp's raw output): decoded once, cut many times. */
export interface RawPicture {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Cuts an equirectangular panorama (decoded pixels) for progressive loading: a 1024-wide preview
 * and WebP tiles of at most 2048 × 2048 px, row-major from the top left, stored under `prefix`.
 * Answers the tiles' description with media keys (the API turns them into URLs).
 */
export async function tilePanorama(raw: RawPicture, prefix: string, put: PutMedia): Promise<PanoramaTiles> {
  const size = raw.info;
  const pixels = () => sharp(raw.data, { raw: raw.info });
  const previewWidth = Math.min(PREVIEW_WIDTH, size.width);
  const preview = await pixels()
    .resize({ width: previewWidth, height: Math.round(previewWidth / 2), fit: 'fill' })
    .webp({ ...PANORAMA_WEBP, quality: 75 })
    .toBuffer({ resolveWithObject: true });
  const previewPicture: TourPicture = { url: `${prefix}-preview.webp`, width: preview.info.width, height: preview.info.height };
  await put(previewPicture.url, new Uint8Array(preview.data), 'image/webp');
  const columns = Math.ceil(size.width / TILE_SIZE);
  const rows = Math.ceil(size.height / TILE_SIZE);
  const urls: string[] = [];
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < columns; col++) {
      const left = col * TILE_SIZE;
      const top = row * TILE_SIZE;
      const tile = await pixels()
        .extract({ left, top, width: Math.min(TILE_SIZE, size.width - left), height: Math.min(TILE_SIZE, size.height - top) })
        .webp(PANORAMA_WEBP)
        .toBuffer();
      const key = `${prefix}-${row}-${col}.webp`;
      await put(key, new Uint8Array(tile), 'image/webp');
      urls.push(key);
    }
  return { preview: previewPicture, columns, rows, urls };
}
