import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountRef } from '../../../../domain/admin.ts';
import type { AccountSearchInput } from '../../../../domain/admin-inputs.ts';
import type { makePage } from '../../../../domain/page.ts';
import { adminHttp } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** A page of accounts. */
export type AccountPage = ReturnType<typeof makePage<AccountRef>>;

/** An account search: the body and the page window. */
export interface AccountSearch {
  body: AccountSearchInput;
  offset: number;
  limit: number;
}

/** POST /admin/api/account/search/: accounts by name, sid or id, by name. */
export function searchAccounts({ body, offset, limit }: AccountSearch): Promise<AccountPage> {
  return adminHttp()('POST', '/admin/api/account/search/', { query: { offset, limit }, body });
}

/** Query options of an account search. */
export const accountSearchQuery = (search: AccountSearch) =>
  queryOptions({ queryKey: accountKeys.search(search), queryFn: () => searchAccounts(search), placeholderData: keepPreviousData });

/** A page of accounts; the previous page stays shown while the next loads. */
export function useAccountSearch(search: AccountSearch) {
  return useQuery(accountSearchQuery(search));
}
