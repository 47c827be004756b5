import type { FeedPage } from '../domain/following.ts';
import type { FollowState } from '../domain/user-inputs.ts';
import { requireParams, type Http } from './http.ts';

/** Follows (or, with `follow: false`, unfollows) an account as the signed-in user. */
export function followAccount(http: Http, params: { accountId: string; follow: boolean }): Promise<FollowState> {
  requireParams('followAccount', { accountId: params.accountId, follow: params.follow });
  return http('PUT', '/api/content/user/follow/', { body: params });
}

/** A page of the signed-in user's Following feed: what the accounts they follow published, newest first (401 for guests). */
export function getFollowFeed(http: Http, params: { offset?: number; limit?: number } = {}): Promise<FeedPage> {
  return http('GET', '/api/content/user/follow/feed/', { query: { ...params } });
}
