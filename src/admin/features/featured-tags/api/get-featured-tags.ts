import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { featuredTagKeys } from './keys.ts';

/** GET /admin/api/featuredTag/: every featured tag in priority order (the order reorder works on), without space previews. */
export function getFeaturedTags(): Promise<FeaturedTag[]> {
  return adminHttp()<FeaturedTag[]>('GET', '/admin/api/featuredTag/', { query: { spacesLimit: 0 } });
}

/** Query options of the featured tag list. */
export const featuredTagsQuery = () => queryOptions({ queryKey: featuredTagKeys.list(), queryFn: getFeaturedTags });

/** The featured tag list. */
export function useFeaturedTags() {
  return useQuery(featuredTagsQuery());
}
