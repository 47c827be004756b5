import { queryOptions, useQuery } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { featuredTagKeys } from './keys.ts';

/** GET /admin/api/featuredTag/{id}/: one featured tag (inactive ones too), without space previews. */
export function getFeaturedTag(id: string): Promise<FeaturedTag> {
  requireParams('getFeaturedTag', { id });
  return adminHttp()('GET', '/admin/api/featuredTag/{id}/', { params: { id }, query: { spacesLimit: 0 } });
}

/** Query options of one featured tag. */
export const featuredTagQuery = (id: string) => queryOptions({ queryKey: featuredTagKeys.detail(id), queryFn: () => getFeaturedTag(id) });

/** One featured tag (disabled without an id, e.g. on the create page). */
export function useFeaturedTag(id: string | undefined) {
  return useQuery({ ...featuredTagQuery(id ?? ''), enabled: Boolean(id) });
}
