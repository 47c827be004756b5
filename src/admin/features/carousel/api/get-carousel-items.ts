import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCarouselItem } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { carouselKeys } from './keys.ts';

/** GET /admin/api/fci/?includeInactive=true: every slide in display order, with what the public carousel shows (`preview`, null when it drops the slide). */
export function getCarouselItems(): Promise<AdminCarouselItem[]> {
  return adminHttp()<AdminCarouselItem[]>('GET', '/admin/api/fci/', { query: { includeInactive: true } });
}

/** Query options of the slide list. */
export const carouselItemsQuery = () => queryOptions({ queryKey: carouselKeys.list(), queryFn: getCarouselItems });

/** The slide list. */
export function useCarouselItems() {
  return useQuery(carouselItemsQuery());
}
