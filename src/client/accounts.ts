import type { AccountListItem, Profile } from '../domain/profile.ts';
import type { SpaceCard } from '../domain/space.ts';
import { requireParams, type Http } from './http.ts';
import type { Page } from './paging.ts';

/** Account spaces page size and first page (spec 9). */
export const ACCOUNT_SPACES_PAGE_SIZE = 12;

/** An account's (organization's or person's) public profile, by id or sid. */
export function getAccountProfile(http: Http, params: { accountId: string }): Promise<Profile> {
  requireParams('getAccountProfile', { accountId: params.accountId });
  return http('GET', '/api/content/account/{accountId}/profile/', { params: { accountId: params.accountId } });
}

/** A page of an account's spaces (POST form of spec 7); members also see their private spaces. */
export function listAccountSpaces(http: Http, params: { accountId: string; offset?: number; page?: number; pageSize?: number }): Promise<Page<SpaceCard>> {
  requireParams('listAccountSpaces', { accountId: params.accountId });
  return http('POST', '/api/content/account/spaces/', { body: { pageSize: ACCOUNT_SPACES_PAGE_SIZE, ...params } });
}

/** A page of an account's spaces (GET form), offset paging, 12 by default. */
export function getAccountSpaces(http: Http, params: { accountId: string; offset?: number; limit?: number }): Promise<Page<SpaceCard>> {
  requireParams('getAccountSpaces', { accountId: params.accountId });
  const { accountId, ...query } = params;
  return http('GET', '/api/content/account/{accountId}/spaces', { params: { accountId }, query });
}

/** A page of listed organizations by name (for builds and directories). */
export function listAccounts(http: Http, params: { offset?: number; limit?: number } = {}): Promise<Page<AccountListItem>> {
  return http('GET', '/api/content/account/', { query: { ...params } });
}
