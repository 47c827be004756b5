import type { Tour } from '../domain/tour.ts';
import { requireParams, type Http } from './http.ts';

/** GET /api/content/space/{id}/tour/: the 3D tour of a space (by id, modelId or slug), for the player. */
export function getTour(http: Http, params: { id: string }): Promise<Tour> {
  requireParams('getTour', { id: params.id });
  return http('GET', '/api/content/space/{id}/tour/', { params: { id: params.id } });
}
