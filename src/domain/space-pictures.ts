/**
 * The files of a space's picture folder (`/media/spaces/<imageKey>/`), shared by the site that links
 * them (src/site/images.ts), the seed that renders the demo world's and the capture job that renders
 * an owner's. Plain constants: islands import them through src/site/images.ts.
 */

/** Widths every space picture comes in, as `<width>.webp` and `<width>.avif`. */
export const SPACE_IMAGE_WIDTHS = [480, 800, 1200] as const;

/** The folder of a space picture's URL (`/media/spaces/<key>/`), when it follows the `<dir>/<width>.<ext>` pattern. */
export function pictureFolderOf(url: string): string | undefined {
  return /^(.*\/)\d+\.(?:webp|avif|jpe?g|png)$/.exec(url)?.[1];
}

/** The 1200×630 Open Graph picture of a folder that has one (see {@link OG_PICTURE_PREFIXES}). */
export const SPACE_OG_IMAGE = { file: 'og.jpg', width: 1200, height: 630 } as const;

/** Folders of pictures cut from a view of a demo tour model (scripts/seed/tour-pictures.ts): `model-<pool key>`. */
export const MODEL_PICTURE_PREFIX = 'model-';

/** Folders of pictures derived from an owner's capture by its processing job: `cap-<upload id>`. */
export const CAPTURE_PICTURE_PREFIX = 'cap-';

/** The folder prefixes whose pictures include {@link SPACE_OG_IMAGE}. */
export const OG_PICTURE_PREFIXES = [MODEL_PICTURE_PREFIX, CAPTURE_PICTURE_PREFIX] as const;
