import { createHttp, type Http } from '../../client/http.ts';
import { apiBase } from '../site/api-base.ts';

let http: Http | null = null;

/** The typed client's transport for islands: credentials included, errors thrown (spec 7). */
export function browserHttp(): Http {
  http ??= createHttp({ baseUrl: apiBase() });
  return http;
}
