import type { Collection } from '../domain/collection.ts';
import type { FollowedAccounts, Profile, UserListItem } from '../domain/profile.ts';
import { requireParams, type Http } from './http.ts';
import type { Page } from './paging.ts';

/** A user's public profile, by id or sid. */
export function getUserProfile(http: Http, params: { userId: string }): Promise<Profile> {
  requireParams('getUserProfile', { userId: params.userId });
  return http('GET', '/api/content/user/{userId}/profile/', { params: { userId: params.userId } });
}

/** A user's public collections, by user id or sid. */
export function getUserCollections(http: Http, params: { userId: string; childrenCount?: number; offset?: number; limit?: number }): Promise<Page<Collection>> {
  requireParams('getUserCollections', { userId: params.userId });
  const { userId, ...query } = params;
  return http('GET', '/api/content/user/{userId}/collections/', { params: { userId }, query });
}

/** The system ("admin") profile's collections: the editors' featured collections. */
export function getAdminCollections(http: Http, params: { childrenCount?: number; offset?: number; limit?: number } = {}): Promise<Page<Collection>> {
  return http('GET', '/api/content/user/admin/', { query: { ...params } });
}

/** The accounts the signed-in user follows (401 for guests). */
export function getFollowedAccounts(http: Http): Promise<FollowedAccounts> {
  return http('GET', '/api/content/user/follow/');
}

/** A page of listed people by sid (for builds). */
export function listUsers(http: Http, params: { offset?: number; limit?: number } = {}): Promise<Page<UserListItem>> {
  return http('GET', '/api/content/user/', { query: { ...params } });
}
