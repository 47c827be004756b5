import { queryOptions, useQuery } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { Collection } from '../../../../domain/collection.ts';
import { adminHttp } from '../../../lib/api.ts';
import { collectionKeys } from './keys.ts';

/** Children fetched per call (the API's most). */
const CHILDREN_PAGE = 200;

/** GET /admin/api/collection/{id}/: any collection by id or sid, with a page of its children. */
export function getCollection(id: string, childrenPage = 1): Promise<Collection> {
  requireParams('getCollection', { id });
  return adminHttp()('GET', '/admin/api/collection/{id}/', { params: { id }, query: { childrenCount: CHILDREN_PAGE, childrenPage } });
}

/** A collection with every child (pages of 200 joined), so the editor can add, remove and reorder them all. */
export async function getCollectionWithAllChildren(id: string): Promise<Collection> {
  const first = await getCollection(id);
  const results = [...first.children.results];
  let page = 1;
  let hasNext = first.children.hasNext;
  while (hasNext) {
    page++;
    const next = await getCollection(id, page);
    results.push(...next.children.results);
    hasNext = next.children.hasNext && next.children.results.length > 0;
  }
  return { ...first, children: { ...first.children, results, hasNext: false, nextOffset: null } };
}

/** Query options of one collection with all its children. */
export const collectionQuery = (id: string) => queryOptions({ queryKey: collectionKeys.detail(id), queryFn: () => getCollectionWithAllChildren(id) });

/** One collection with all its children. */
export function useCollection(id: string) {
  return useQuery(collectionQuery(id));
}
