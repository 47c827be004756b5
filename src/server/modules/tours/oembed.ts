import { modelIdOfSpacePath } from '../../../domain/insight-rules.ts';
import { SITE_BASE } from '../../../domain/urls.ts';

/** The player's path, with or without a locale prefix: `/discover/showcase/` or `/discover/de/showcase/`. */
const PLAYER_PATH = new RegExp(`^${SITE_BASE}/(?:[a-z]{2}(?:-[a-z]{2})?/)?showcase/?$`);

/**
 * What a URL given to the oEmbed provider names: not ours (another site's URL, or no http(s) URL at
 * all), or the key of the space it shows (a space page, `/discover/space/{modelId}/` in
 * any locale, or the player, `/discover/showcase/?m={modelId}`), null for a page of ours that shows
 * no one space. "Ours" is the public origin's host (either scheme: a consumer may hold the http
 * link of an https site) or the host the request came to.
 */
export function spaceKeyOfUrl(input: string, ourHosts: readonly string[]): { ours: false } | { ours: true; key: string | null } {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ours: false };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !ourHosts.includes(url.host)) return { ours: false };
  if (PLAYER_PATH.test(url.pathname)) return { ours: true, key: url.searchParams.get('m') || null };
  return { ours: true, key: modelIdOfSpacePath(url.pathname) };
}

/** A URL the site answers with (a site path or a media path) made absolute against the public origin. */
export const absoluteUrl = (url: string, origin: string): string => (/^https?:\/\//.test(url) ? url : new URL(url, `${origin}/`).href);
