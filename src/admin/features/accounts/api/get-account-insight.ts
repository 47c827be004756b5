import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { SpaceInsightPage } from '../../../../domain/insight.ts';
import { adminHttp } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** An account's insight page: which account and the page window. */
export interface AccountInsightRequest {
  accountId: string;
  offset: number;
  limit: number;
}

/** GET /api/insights/account/{accountId}/: the account's spaces by name, each with its views, collections and leads. */
export function getAccountInsight({ accountId, offset, limit }: AccountInsightRequest): Promise<SpaceInsightPage> {
  requireParams('getAccountInsight', { accountId });
  return adminHttp()('GET', '/api/insights/account/{accountId}/', { params: { accountId }, query: { offset, limit } });
}

/** Query options of an account's insight page. */
export const accountInsightQuery = (request: AccountInsightRequest) =>
  queryOptions({ queryKey: accountKeys.insight(request), queryFn: () => getAccountInsight(request), placeholderData: keepPreviousData });

/** A page of an account's spaces with their insight; the previous page stays shown while the next loads. */
export function useAccountInsight(request: AccountInsightRequest) {
  return useQuery(accountInsightQuery(request));
}
