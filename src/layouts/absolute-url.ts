/**
 * A site path made absolute on the site's origin, as `new URL(path, site).href` makes it, without
 * parsing a URL when the path is plain (issue 26: the head writes 15 such URLs on every page). A
 * plain path starts with `/` and holds only letters, digits, `-._~%` and single `/`s, with no `.`
 * or `..` segment: the URL parser gives it back unchanged after the origin. Anything else goes through it.
 */
const PLAIN_PATH = /^\/(?:(?!\.\.?(?:\/|$))[\w.~%-]+\/?)*$/;

/** `path` (site-relative) as an absolute URL on `site`. */
export function absoluteUrl(path: string, site: URL): string {
  if (PLAIN_PATH.test(path) && !site.username && !site.password) return `${site.protocol}//${site.host}${path}`;
  return new URL(path, site).href;
}
