/**
 * The API origin the browser calls: `/env.js/` may name one (a site on a CDN calling the API
 * elsewhere); otherwise '' (same origin). Trailing slashes are stripped (spec 9).
 */
export function apiBase(): string {
  if (typeof window === 'undefined') return '';
  const env = (window as unknown as { __DISCOVER_ENV__?: { apiBase?: string } }).__DISCOVER_ENV__;
  return (env?.apiBase ?? '').replace(/\/+$/, '');
}
