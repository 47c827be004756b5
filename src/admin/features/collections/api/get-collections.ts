import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Collection, CollectionType } from '../../../../domain/collection.ts';
import type { makePage } from '../../../../domain/page.ts';
import { adminHttp } from '../../../lib/api.ts';
import { collectionKeys } from './keys.ts';

/** A page of collections. */
export type CollectionPage = ReturnType<typeof makePage<Collection>>;

/** The list's filters (GET /admin/api/collection/ query) and its page window. */
export interface CollectionFilter {
  searchText?: string | undefined;
  type?: CollectionType | undefined;
  includeInactive: boolean;
  includeEmpty: boolean;
  isAdmin?: boolean | undefined;
  isUgc?: boolean | undefined;
  offset: number;
  limit: number;
}

/** GET /admin/api/collection/: featured collections by priority first, then users' public ones. */
export function getCollections(filter: CollectionFilter): Promise<CollectionPage> {
  return adminHttp()('GET', '/admin/api/collection/', { query: { ...filter, childrenCount: 0 } });
}

/** Query options of a collections page. */
export const collectionsQuery = (filter: CollectionFilter) =>
  queryOptions({ queryKey: collectionKeys.list(filter), queryFn: () => getCollections(filter), placeholderData: keepPreviousData });

/** A page of collections; the previous page stays shown while the next loads. */
export function useCollections(filter: CollectionFilter) {
  return useQuery(collectionsQuery(filter));
}

/** Every featured collection of spaces (inactive and empty too), for 'Add to Featured Collection'. */
export const featuredTargetsQuery = () =>
  queryOptions({
    queryKey: collectionKeys.targets(),
    queryFn: () => getCollections({ isAdmin: true, type: 'SPACE', includeInactive: true, includeEmpty: true, offset: 0, limit: 200 }),
  });

/** The featured collections spaces can be added to. */
export function useFeaturedTargets() {
  return useQuery(featuredTargetsQuery());
}
