import { SITE_HOME } from '../../domain/urls.ts';

/** Where sign-in, sign-up and sign-out land when no usable target is given: the site's home page. */
export const DEFAULT_TARGET = SITE_HOME;

const PROBE = 'http://target.invalid';

/**
 * The return address of `?target=` when it stays on this site, else the default. Only a relative
 * path starting with one '/' is honoured: '//host', '/\host', absolute URLs, and anything with
 * whitespace or control characters (browsers drop tabs and newlines, turning '/\t/host' into
 * '//host') are refused, so sign-in can never be an open redirect.
 */
export function safeTarget(raw: string | null | undefined): string {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_TARGET;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(raw)) return DEFAULT_TARGET;
  try {
    const url = new URL(raw, PROBE);
    if (url.origin !== PROBE) return DEFAULT_TARGET;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_TARGET;
  }
}
