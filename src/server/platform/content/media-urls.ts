let mediaBase = '/media';

/**
 * Where browsers load media from: this server's /media (default), or MEDIA_PUBLIC_URL (a CDN, or the
 * bucket of the S3 media store). Set once per process from the environment (src/server/env.ts).
 */
export function setMediaBaseUrl(url: string | undefined): void {
  mediaBase = url ? url.replace(/\/+$/, '') : '/media';
}

/** The URL of a media file from its path relative to /media: every served media URL is made here. */
export function mediaUrl(path: string): string {
  return `${mediaBase}/${path.replace(/^\/+/, '')}`;
}

/** Widths the seed and uploads render space images at; the thumbnail and cover pick from these. */
export const SPACE_THUMBNAIL_WIDTH = 480;
/** @see SPACE_THUMBNAIL_WIDTH */
export const SPACE_COVER_WIDTH = 1200;

/** The image URLs of a space, from its pre-rendered image key (files under DATA_DIR/media/spaces/<key>/). */
export function spaceImages(imageKey: string, width: number, height: number) {
  const base = mediaUrl(`spaces/${encodeURIComponent(imageKey)}`);
  return { thumbnail: `${base}/${SPACE_THUMBNAIL_WIDTH}.webp`, cover: `${base}/${SPACE_COVER_WIDTH}.webp`, width, height };
}

/**
 * The URL of an attachment's largest (or `maxWidth`-bounded) variant. `variants` is the stored JSON
 * `{ [width]: relative path under /media }`; answers null when it names no usable file.
 */
export function attachmentUrl(variants: string | null | undefined, maxWidth = Number.POSITIVE_INFINITY): string | null {
  if (!variants) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(variants);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const entries = Object.entries(parsed as Record<string, unknown>)
    .map(([w, p]) => [Number(w), p] as const)
    .filter((e): e is readonly [number, string] => Number.isFinite(e[0]) && typeof e[1] === 'string' && e[1].length > 0 && !e[1].includes('..'))
    .sort((a, b) => a[0] - b[0]);
  if (!entries.length) return null;
  const fitting = entries.filter(([w]) => w <= maxWidth);
  const pick = (fitting.length ? fitting[fitting.length - 1] : entries[0]) as readonly [number, string];
  return mediaUrl(pick[1]);
}
