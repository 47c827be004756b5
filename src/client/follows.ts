import type { FollowState } from '../domain/user-inputs.ts';
import { requireParams, type Http } from './http.ts';

/** Follows (or, with `follow: false`, unfollows) an account as the signed-in user. */
export function followAccount(http: Http, params: { accountId: string; follow: boolean }): Promise<FollowState> {
  requireParams('followAccount', { accountId: params.accountId, follow: params.follow });
  return http<FollowState>('PUT', '/api/content/user/follow/', { body: params });
}
