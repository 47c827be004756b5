import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchInsights } from '../../../../domain/search-insights.ts';
import { adminHttp } from '../../../lib/api.ts';
import { searchInsightKeys } from './keys.ts';

/** A period of UTC days, both counted. */
export interface InsightPeriod {
  from: string;
  to: string;
}

/** GET /admin/api/search-insights/: top queries, queries with no results and clicked results of a period. */
export function getSearchInsights(period: InsightPeriod): Promise<SearchInsights> {
  return adminHttp()('GET', '/admin/api/search-insights/', { query: period });
}

/** Query options of a period's search insights. */
export const searchInsightsQuery = (period: InsightPeriod) =>
  queryOptions({ queryKey: searchInsightKeys.period(period), queryFn: () => getSearchInsights(period), placeholderData: keepPreviousData });

/** A period's search insights; the previous period stays shown while the next loads. */
export function useSearchInsights(period: InsightPeriod | null) {
  return useQuery({ ...searchInsightsQuery(period ?? { from: '', to: '' }), enabled: period !== null });
}
