import type { CurrentUser } from '../domain/session.ts';
import type { Http } from './http.ts';

/** The current user (spec 3), or the guest shape with `is_authenticated: false`. */
export function getSessionUser(http: Http): Promise<CurrentUser> {
  return http('GET', '/api/session/user/');
}

/** Prepares the signed-in user's data (their favorites); resolves once the API answers 204 (spec 4). */
export function constructUserData(http: Http): Promise<void> {
  return http('GET', '/api/content/construct/');
}

/** Ends the session (a POST with credentials, spec 4). */
export function signOut(http: Http): Promise<void> {
  return http('POST', '/auth/sign-out');
}
