/** The path the public site lives under (Astro's `base`); every site URL starts with it. */
export const SITE_BASE = '/discover';

/** The site's home page: `SITE_BASE` with its trailing slash (every page URL ends with one). */
export const SITE_HOME = `${SITE_BASE}/`;

/** The default 3D tour URL template ({modelId} is replaced); `SHOWCASE_URL_TEMPLATE` may override it. */
export const DEFAULT_SHOWCASE_TEMPLATE = `${SITE_BASE}/showcase/?m={modelId}`;

/** Prepends https:// to a URL typed without a scheme (spec 5); returns undefined for an empty value. */
export function fixUrl(input: string | null | undefined): string | undefined {
  const v = (input ?? '').trim();
  if (!v) return undefined;
  return /^[a-z][a-z0-9+.-]*:/i.test(v) && !/^[a-z0-9.-]+:\d/i.test(v) ? v : `https://${v}`;
}

/** Whether a (fixed) URL is a safe http(s) link; javascript:, data: and the like are refused. */
export function isSafeHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** URL-safe slug of a name: lowercase ASCII words joined by dashes. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** modelId format: 11 word characters (spec 2). */
export const MODEL_ID_RE = /^\w{11}$/;
