import type { Collection } from '../../../../domain/collection.ts';
import { adminHttp } from '../../../lib/api.ts';
import { collectionKeys } from './keys.ts';

/** POST /admin/api/collection/search/: collections of spaces to nest in a collection of collections. */
export async function searchCollectionsOfSpaces(searchText: string, exclude: readonly string[]): Promise<Collection[]> {
  const page = await adminHttp()('POST', '/admin/api/collection/search/', {
    query: { limit: 20 },
    body: { ...(searchText ? { searchText } : {}), type: 'SPACE', includeEmpty: true, includeInactive: true, idsToExclude: [...exclude] },
  });
  return page.results;
}

/** The query key of such a search (for the picker). */
export const collectionSearchKey = (text: string) => collectionKeys.collectionSearch(text, 'SPACE');
