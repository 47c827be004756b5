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

const LINK_PROBE = 'http://link.invalid';

/**
 * Whether a link is a path on this site (`/discover/…`): it starts with one '/', has no backslash,
 * whitespace or control character, and still names this site once a browser has resolved it (dot
 * segments included). `//host`, `/\host`, `/.//host` and `/%2e%2e//host` are not site paths: a
 * browser follows them to another host.
 */
export function isSitePath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || /[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/.test(value)) return false;
  try {
    const url = new URL(value, LINK_PROBE);
    return url.origin === LINK_PROBE && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/**
 * The href of a link an administrator or owner set (banner hyperlink, carousel URL slide): a site
 * path as it is, else an http(s) URL (https:// prepended when typed without a scheme, spec 5);
 * undefined for anything else, including values that look like a path but leave the site (`/\host`).
 */
export function linkHref(input: string | null | undefined): string | undefined {
  const v = (input ?? '').trim();
  if (!v) return undefined;
  if (v.startsWith('/') || v.startsWith('\\')) return isSitePath(v) ? v : undefined;
  const fixed = fixUrl(v);
  return fixed !== undefined && isSafeHttpUrl(fixed) ? fixed : undefined;
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
