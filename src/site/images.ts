import { OG_PICTURE_PREFIXES, pictureFolderOf, SPACE_IMAGE_WIDTHS, SPACE_OG_IMAGE } from '../domain/space-pictures.ts';

// What a space's picture folder holds lives in the domain, where the capture job reads it too; the seed and pages import it from here.
export { MODEL_PICTURE_PREFIX, SPACE_IMAGE_WIDTHS, SPACE_OG_IMAGE } from '../domain/space-pictures.ts';

/**
 * Responsive sources of a space image: the seed and the capture job render every space image at
 * SPACE_IMAGE_WIDTHS in AVIF and WebP beside the URLs the API gives (`/media/spaces/<key>/<w>.webp`).
 * `srcset` strings for AVIF and WebP, or undefined when the URL is not a rendered variant. Shared by
 * the Astro `SpaceImage` component and the search island.
 */
export function spaceSrcsets(url: string): { avif: string; webp: string; fallback: string } | undefined {
  const dir = pictureFolderOf(url);
  if (!dir) return undefined;
  const set = (ext: string) => SPACE_IMAGE_WIDTHS.map((w) => `${dir}${w}.${ext} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp'), fallback: `${dir}800.webp` };
}

/** The `sizes` of a card in the responsive grid (1 column < 600 px, 2 < 960, 3 < 1280, else 4). */
export const CARD_SIZES = '(max-width: 599px) 100vw, (max-width: 959px) 50vw, (max-width: 1279px) 33vw, 320px';

/** A picture folder with an Open Graph picture: the demo world's model views and owners' captures (src/domain/space-pictures.ts). */
const OG_FOLDER = new RegExp(`/(?:${OG_PICTURE_PREFIXES.join('|')})[^/]+/$`);

/**
 * The picture link previews show for a space (`og:image` and its size): the 1200×630 picture of its
 * folder when it has one (a demo model's view, an owner's capture), else its cover as it is.
 */
export function spaceOgImage(images: { cover: string; width: number; height: number }): { url: string; width: number; height: number } {
  const dir = pictureFolderOf(images.cover);
  if (dir && OG_FOLDER.test(dir)) return { url: `${dir}${SPACE_OG_IMAGE.file}`, width: SPACE_OG_IMAGE.width, height: SPACE_OG_IMAGE.height };
  return { url: images.cover, width: images.width, height: images.height };
}
