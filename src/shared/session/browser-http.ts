import { createHttp, type Http } from '../../client/http.ts';

/** The API origin the browser calls: /env.js/ may name one (a CDN-hosted site); else the page's own. */
function apiBase(): string {
  if (typeof window === 'undefined') return '';
  const env = (window as unknown as { __DISCOVER_ENV__?: { apiBase?: string } }).__DISCOVER_ENV__;
  return (env?.apiBase ?? '').replace(/\/+$/, '');
}

let http: Http | null = null;

/** The typed client's transport for islands: credentials included, errors thrown (spec 7). */
export function browserHttp(): Http {
  http ??= createHttp({ baseUrl: apiBase() });
  return http;
}
