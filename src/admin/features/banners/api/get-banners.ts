import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { bannerKeys } from './keys.ts';

/** GET /admin/api/banner/: every banner, expired and inactive included, in display order (the first active one is live). */
export function getBanners(): Promise<Banner[]> {
  return adminHttp()<Banner[]>('GET', '/admin/api/banner/', { query: { includeExpired: true, includeInactive: true } });
}

/** Query options of the banner list. */
export const bannersQuery = () => queryOptions({ queryKey: bannerKeys.list(), queryFn: getBanners });

/** The banner list. */
export function useBanners() {
  return useQuery(bannersQuery());
}
