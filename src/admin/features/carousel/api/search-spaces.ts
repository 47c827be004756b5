import type { Page } from '../../../../client/paging.ts';
import type { Space } from '../../../../domain/space.ts';
import { adminHttp } from '../../../lib/api.ts';

/** POST /admin/api/space/search/: spaces matching the text (words, or an exact id, modelId or slug), for the slide picker. */
export function searchSpaces(searchText: string, limit = 10): Promise<Page<Space>> {
  return adminHttp()('POST', '/admin/api/space/search/', { query: { limit }, body: { searchText: searchText || undefined } });
}
