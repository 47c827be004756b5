import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSpaceInsight as fetchSpaceInsight } from '../../../../client/insights.ts';
import type { SpaceInsight } from '../../../../domain/insight.ts';
import { adminHttp } from '../../../lib/api.ts';
import { spaceKeys } from './keys.ts';

/** GET /api/insights/space/{id}/: a space's views per day over a year, its collections and leads (administrators may read any). */
export function getSpaceInsight(id: string): Promise<SpaceInsight> {
  return fetchSpaceInsight(adminHttp(), { id });
}

/** Query options of a space's insight. */
export const spaceInsightQuery = (id: string) => queryOptions({ queryKey: [...spaceKeys.detail(id), 'insight'] as const, queryFn: () => getSpaceInsight(id) });

/** A space's insight. */
export function useSpaceInsight(id: string) {
  return useQuery(spaceInsightQuery(id));
}
