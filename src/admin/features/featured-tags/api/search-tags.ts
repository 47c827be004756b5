import { queryOptions } from '@tanstack/react-query';
import type { Page } from '../../../../client/paging.ts';
import type { AdminTag } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { tagKeys } from './keys.ts';

/** GET /admin/api/tag/: tags whose name or slug contains the text, by name, with their space counts. */
export function searchTags(searchText: string, limit = 10): Promise<Page<AdminTag>> {
  return adminHttp()('GET', '/admin/api/tag/', { query: { searchText: searchText || undefined, limit } });
}

/** Query options of a tag search (the picker's, and the space count of a chosen tag). */
export const tagSearchQuery = (text: string) => queryOptions({ queryKey: tagKeys.search(text), queryFn: () => searchTags(text) });
