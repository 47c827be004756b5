import type { SpaceInsight, SpaceInsightList } from '../domain/insight.ts';
import { requireParams, type Http } from './http.ts';

/** A space's views per day over a year, its collections and leads (its members and administrators). */
export function getSpaceInsight(http: Http, params: { id: string }): Promise<SpaceInsight> {
  requireParams('getSpaceInsight', { id: params.id });
  return http('GET', '/api/insights/space/{id}/', { params: { id: params.id } });
}

/** The views sparkline of each listed space the signed-in user may read (`ids` comma-separated). */
export function listSpaceInsights(http: Http, params: { ids: readonly string[] }): Promise<SpaceInsightList> {
  return http('GET', '/api/insights/spaces/', { query: { ids: params.ids.join(',') } });
}
