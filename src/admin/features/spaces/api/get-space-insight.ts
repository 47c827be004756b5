import { queryOptions, useQuery } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { SpaceInsight } from '../../../../domain/insight.ts';
import { adminHttp } from '../../../lib/api.ts';
import { spaceKeys } from './keys.ts';

/** GET /api/insights/space/{id}/: a space's views per day over a year, its collections and leads (administrators may read any). */
export function getSpaceInsight(id: string): Promise<SpaceInsight> {
  requireParams('getSpaceInsight', { id });
  return adminHttp()('GET', '/api/insights/space/{id}/', { params: { id } });
}

/** Query options of a space's insight. */
export const spaceInsightQuery = (id: string) => queryOptions({ queryKey: [...spaceKeys.detail(id), 'insight'] as const, queryFn: () => getSpaceInsight(id) });

/** A space's insight. */
export function useSpaceInsight(id: string) {
  return useQuery(spaceInsightQuery(id));
}
