import type { Tour } from '../domain/tour.ts';
import type { TourLayoutEdit } from '../domain/tour-layout-edit.ts';
import { requireParams, type Http } from './http.ts';

/** GET /api/content/space/{id}/tour/: the tour of a space the caller may see. */
export function getTour(http: Http, params: { id: string }): Promise<Tour> {
  requireParams('getTour', { id: params.id });
  return http('GET', '/api/content/space/{id}/tour/', { params: { id: params.id } });
}

/** PUT /api/content/space/{id}/tour/layout/: the owner saves a 360° tour's points, links and start view. */
export function putTourLayout(http: Http, params: { id: string; edit: TourLayoutEdit }): Promise<Tour> {
  requireParams('putTourLayout', { id: params.id });
  return http('PUT', '/api/content/space/{id}/tour/layout/', { params: { id: params.id }, body: params.edit });
}
