import { escapeHtml } from './html.ts';

/**
 * The embed code of the 3D player (`/discover/showcase/?m=…`), the one route other sites may
 * frame: the Share dialog offers it, the oEmbed answer carries it. One implementation, so both
 * hand out the same markup.
 */

/** What the player's iframe may use: fullscreen, WebXR and the phone's motion sensors. */
export const EMBED_ALLOW = 'fullscreen; xr-spatial-tracking; gyroscope; accelerometer';

/** A fixed embed size in CSS pixels (16:9). */
export interface EmbedSize {
  width: number;
  height: number;
}

/** The fixed sizes the Share dialog offers, smallest first; 'responsive' fills its container's width at 16:9. */
export const EMBED_SIZES = [
  { width: 640, height: 360 },
  { width: 853, height: 480 },
  { width: 1280, height: 720 },
] as const satisfies readonly EmbedSize[];

/** The size an embed code gets unless asked otherwise. */
export const DEFAULT_EMBED_SIZE: EmbedSize = EMBED_SIZES[1];

/**
 * The HTML that embeds the player at `src` (an absolute URL): a fixed-size iframe, or for
 * 'responsive' a 16:9 box that fills its container's width. Attribute values are escaped.
 */
export function playerEmbedHtml(src: string, title: string, size: EmbedSize | 'responsive'): string {
  const common = `src="${escapeHtml(src)}" title="${escapeHtml(title)}" allow="${EMBED_ALLOW}" allowfullscreen loading="lazy"`;
  if (size === 'responsive') {
    return `<div style="position:relative;width:100%;aspect-ratio:16/9"><iframe ${common} style="position:absolute;inset:0;width:100%;height:100%;border:0"></iframe></div>`;
  }
  return `<iframe ${common} width="${size.width}" height="${size.height}" style="border:0"></iframe>`;
}

/**
 * The player's absolute URL for a space: the URL template (`{modelId}` replaced) resolved against
 * `base` (the site's origin), with `lang` when the page is not in the default English, so the
 * player speaks the page's language and units.
 */
export function playerUrl(template: string, modelId: string, base: string, lang?: string): string {
  const url = new URL(template.replaceAll('{modelId}', encodeURIComponent(modelId)), base);
  if (lang && lang.toLowerCase() !== 'en') url.searchParams.set('lang', lang);
  return url.href;
}

/** The message the player sends its parent page when its view changes (the link "Share this view" gives). */
export const VIEW_MESSAGE = 'discover:view';
/** The window event a space page sends when its player reports a view (`detail.url`), for the Share dialog. */
export const TOUR_VIEW_EVENT = 'discover:tour-view';

/**
 * The link to the player's current view carried by a `message` event's data
 * (`{ type: 'discover:view', url }`), or null unless it is a link to the same player and model as
 * `playerUrl` (same origin, same path, same `m`): a page may only relay its own player's views.
 */
export function viewUrlOf(data: unknown, playerUrl: string): string | null {
  if (!data || typeof data !== 'object') return null;
  const { type, url } = data as { type?: unknown; url?: unknown };
  if (type !== VIEW_MESSAGE || typeof url !== 'string' || url.length > 2048) return null;
  try {
    const view = new URL(url);
    const player = new URL(playerUrl);
    const same = view.origin === player.origin && view.pathname === player.pathname && view.searchParams.get('m') === player.searchParams.get('m');
    return same && (view.protocol === 'https:' || view.protocol === 'http:') ? view.href : null;
  } catch {
    return null;
  }
}
