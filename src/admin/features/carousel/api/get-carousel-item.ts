import { queryOptions, useQuery } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { AdminCarouselItem } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { carouselKeys } from './keys.ts';

/** GET /admin/api/fci/{id}/: one slide. */
export function getCarouselItem(id: string): Promise<AdminCarouselItem> {
  requireParams('getCarouselItem', { id });
  return adminHttp()('GET', '/admin/api/fci/{id}/', { params: { id } });
}

/** Query options of one slide. */
export const carouselItemQuery = (id: string) => queryOptions({ queryKey: carouselKeys.detail(id), queryFn: () => getCarouselItem(id) });

/** One slide (disabled without an id, e.g. on the create page). */
export function useCarouselItem(id: string | undefined) {
  return useQuery({ ...carouselItemQuery(id ?? ''), enabled: Boolean(id) });
}
