import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSpaceSearchDto } from '../../../../domain/admin-inputs.ts';
import type { makePage } from '../../../../domain/page.ts';
import type { Space } from '../../../../domain/space.ts';
import { adminHttp } from '../../../lib/api.ts';
import { spaceKeys } from './keys.ts';

/** A page of spaces as the admin search answers it (full records). */
export type SpacePage = ReturnType<typeof makePage<Space>>;

/** A space search: adminSpaceSearchDto and the page window. */
export interface SpaceSearch {
  body: Partial<AdminSpaceSearchDto>;
  offset: number;
  limit: number;
}

/** POST /admin/api/space/search/: every space, whatever its visibility or moderation. */
export function searchSpaces({ body, offset, limit }: SpaceSearch): Promise<SpacePage> {
  return adminHttp()('POST', '/admin/api/space/search/', { query: { offset, limit }, body });
}

/** Query options of a space search. */
export const spaceSearchQuery = (search: SpaceSearch) =>
  queryOptions({ queryKey: spaceKeys.search(search), queryFn: () => searchSpaces(search), placeholderData: keepPreviousData });

/** A page of spaces; the previous page stays shown while the next loads. */
export function useSpaceSearch(search: SpaceSearch) {
  return useQuery(spaceSearchQuery(search));
}
