import { useQuery } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import { adminHttp } from '../../../lib/api.ts';
import { featuredTagKeys } from './keys.ts';

/** How many public spaces a saved featured tag's tags match (GET /api/content/space/?featuredTag=, its totalResults). */
export async function getFeaturedTagSpaceCount(id: string): Promise<number> {
  requireParams('getFeaturedTagSpaceCount', { id });
  const page = await adminHttp()('GET', '/api/content/space/', { query: { featuredTag: id, limit: 1 } });
  return page.totalResults;
}

/** The space count of a saved featured tag (disabled without an id). */
export function useFeaturedTagSpaceCount(id: string | undefined) {
  return useQuery({ queryKey: featuredTagKeys.spaceCount(id ?? ''), queryFn: () => getFeaturedTagSpaceCount(id ?? ''), enabled: Boolean(id) });
}
