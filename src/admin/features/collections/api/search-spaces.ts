import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { makePage } from '../../../../domain/page.ts';
import type { Space } from '../../../../domain/space.ts';
import { adminHttp } from '../../../lib/api.ts';
import { collectionKeys } from './keys.ts';

/** A page of spaces. */
export type SpacePage = ReturnType<typeof makePage<Space>>;

/** POST /admin/api/space/search/ for picking children: any visibility, best match first. */
export function searchSpaces({ searchText, offset, limit }: { searchText: string; offset: number; limit: number }): Promise<SpacePage> {
  return adminHttp()('POST', '/admin/api/space/search/', {
    query: { offset, limit },
    body: { ...(searchText ? { searchText } : {}), includePrivate: true },
  });
}

/** Query options of a space search. */
export const spacePickQuery = (search: { searchText: string; offset: number; limit: number }) =>
  queryOptions({ queryKey: collectionKeys.spaceSearch(search), queryFn: () => searchSpaces(search), placeholderData: keepPreviousData });

/** A page of spaces to add. */
export function useSpacePick(search: { searchText: string; offset: number; limit: number }) {
  return useQuery(spacePickQuery(search));
}
