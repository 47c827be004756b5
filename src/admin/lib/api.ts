import { ResponseError, UnreachableError, type Http } from '../../client/http.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { t } from '../app/texts.ts';

/**
 * The one typed client (`src/client/http.ts`) as the console uses it: same origin, credentials
 * included, a non-2xx answer thrown as a {@link ResponseError} with the API's body (spec 8).
 * Every `features/<resource>/api/<verb>-<entity>.ts` fetcher calls `adminHttp()`.
 */
export function adminHttp(): Http {
  return browserHttp();
}

/** The message to show for a failed call: the API's own, or the spec's generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ResponseError && error.body.message) return error.body.message;
  if (error instanceof UnreachableError) return t('error.generic');
  return t('error.generic');
}

/** Whether an error is the API's answer with this status. */
export function hasStatus(error: unknown, status: number): error is ResponseError {
  return error instanceof ResponseError && error.status === status;
}

/** Where a guest (or an expired session) signs in to come back to this console address. */
export function signInHref(): string {
  return `/auth/sign-in?target=${encodeURIComponent(location.pathname + location.search)}`;
}
