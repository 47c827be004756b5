/**
 * Responsive sources of a space image. The seed and uploads render every space image at these
 * widths in AVIF and WebP beside the URLs the API gives (`/media/spaces/<key>/<w>.webp`).
 * Shared by the Astro `SpaceImage` component and the search island.
 */
export const SPACE_IMAGE_WIDTHS = [480, 800, 1200] as const;

/** The folder of a space image URL, when it follows the `<dir>/<width>.<ext>` pattern. */
function variantDir(url: string): string | undefined {
  const m = /^(.*\/)\d+\.(?:webp|avif|jpe?g|png)$/.exec(url);
  return m?.[1];
}

/** `srcset` strings for AVIF and WebP, or undefined when the URL is not a rendered variant. */
export function spaceSrcsets(url: string): { avif: string; webp: string; fallback: string } | undefined {
  const dir = variantDir(url);
  if (!dir) return undefined;
  const set = (ext: string) => SPACE_IMAGE_WIDTHS.map((w) => `${dir}${w}.${ext} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp'), fallback: `${dir}800.webp` };
}

/** The `sizes` of a card in the responsive grid (1 column < 600 px, 2 < 960, 3 < 1280, else 4). */
export const CARD_SIZES = '(max-width: 599px) 100vw, (max-width: 959px) 50vw, (max-width: 1279px) 33vw, 320px';

/**
 * Space pictures cut from a view of the space's tour model (the demo world's: scripts/seed/tour-pictures.ts)
 * live under `spaces/<MODEL_PICTURE_PREFIX><pool model>/` and also have a 1200×630 Open Graph picture there.
 */
export const MODEL_PICTURE_PREFIX = 'model-';
/** The Open Graph picture of a space picture folder that has one (see {@link MODEL_PICTURE_PREFIX}). */
export const SPACE_OG_IMAGE = { file: 'og.jpg', width: 1200, height: 630 } as const;

/**
 * The picture link previews show for a space (`og:image` and its size): the 1200×630 view of its
 * model when its picture is one, else its cover as it is.
 */
export function spaceOgImage(images: { cover: string; width: number; height: number }): { url: string; width: number; height: number } {
  const dir = variantDir(images.cover);
  if (dir && new RegExp(`/${MODEL_PICTURE_PREFIX}[^/]+/$`).test(dir))
    return { url: `${dir}${SPACE_OG_IMAGE.file}`, width: SPACE_OG_IMAGE.width, height: SPACE_OG_IMAGE.height };
  return { url: images.cover, width: images.width, height: images.height };
}
