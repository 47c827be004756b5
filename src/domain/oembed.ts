import { z } from 'zod';

/**
 * oEmbed (https://oembed.com), the provider side: `GET /api/oembed/?url=…` answers how to embed a
 * space's 3D tour (the player in an iframe) in another site. Issue 23.
 */

/** The size an embed gets when the consumer gives no bounds. */
export const OEMBED_DEFAULT_SIZE = { width: 640, height: 360 } as const;
/** Largest width or height a consumer may ask for. */
export const OEMBED_MAX_SIZE = 4096;
/** Seconds a consumer may keep an answer (`cache_age`). */
export const OEMBED_CACHE_AGE = 3600;

/** The query of `GET /api/oembed/`; `format` is free text so that `xml` answers 501, not 400. */
export const OEmbedQuery = z.object({
  url: z.string().min(1).max(2048).meta({ description: 'A space page (any locale) or the player (`/discover/showcase/?m=…`) of this site' }),
  maxwidth: z.coerce.number().int().min(1).max(OEMBED_MAX_SIZE).optional(),
  maxheight: z.coerce.number().int().min(1).max(OEMBED_MAX_SIZE).optional(),
  format: z.string().max(16).optional().meta({ description: '`json` (the default); anything else answers 501' }),
});

/** The answer: a `rich` embed of the player. */
export const OEmbed = z
  .object({
    version: z.literal('1.0'),
    type: z.literal('rich'),
    /** The embed code: an iframe of the player. */
    html: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    title: z.string(),
    /** The organization or person presenting the space, when it has one the public may see. */
    author_name: z.string().optional(),
    author_url: z.string().optional(),
    provider_name: z.string(),
    provider_url: z.string(),
    thumbnail_url: z.string(),
    thumbnail_width: z.number().int().positive(),
    thumbnail_height: z.number().int().positive(),
    cache_age: z.number().int().positive(),
  })
  .meta({ id: 'OEmbed' });
/** @see OEmbed */
export type OEmbed = z.infer<typeof OEmbed>;

/**
 * The largest 16:9 box within the consumer's bounds: the default size without bounds, else as wide
 * as `maxwidth` and `maxheight` both allow (an embed fills the room it is given).
 */
export function embedSize(maxwidth?: number, maxheight?: number): { width: number; height: number } {
  if (maxwidth === undefined && maxheight === undefined) return { ...OEMBED_DEFAULT_SIZE };
  const byWidth = maxwidth ?? Number.POSITIVE_INFINITY;
  const byHeight = maxheight === undefined ? Number.POSITIVE_INFINITY : Math.floor((maxheight * 16) / 9);
  const width = Math.max(1, Math.min(byWidth, byHeight));
  return { width, height: Math.max(1, Math.min(maxheight ?? Number.POSITIVE_INFINITY, Math.round((width * 9) / 16))) };
}
