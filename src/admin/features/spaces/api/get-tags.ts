import { queryOptions } from '@tanstack/react-query';
import type { AdminTag } from '../../../../domain/admin.ts';
import type { makePage } from '../../../../domain/page.ts';
import { adminHttp } from '../../../lib/api.ts';
import { spaceKeys } from './keys.ts';

/** A page of tags. */
export type TagPage = ReturnType<typeof makePage<AdminTag>>;

/** GET /admin/api/tag/?searchText=: tags whose name or slug contains the text, by name. */
export function getTags(searchText: string, limit = 10): Promise<TagPage> {
  return adminHttp()('GET', '/admin/api/tag/', { query: { searchText: searchText || undefined, limit } });
}

/** Query options of a tag search (the tag picker of 'About space'). */
export const tagSearchQuery = (text: string) => queryOptions({ queryKey: spaceKeys.tags(text), queryFn: () => getTags(text) });
