import type { Page } from '../../../../client/paging.ts';
import type { Collection } from '../../../../domain/collection.ts';
import { adminHttp } from '../../../lib/api.ts';

/** POST /admin/api/collection/search/: collections matching the text, inactive and empty ones included, for the slide picker. */
export function searchCollections(searchText: string, limit = 10): Promise<Page<Collection>> {
  return adminHttp()('POST', '/admin/api/collection/search/', {
    query: { limit },
    body: { searchText: searchText || undefined, includeEmpty: true, includeInactive: true },
  });
}
