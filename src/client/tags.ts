import type { TagSummary } from '../domain/space.ts';
import type { Http } from './http.ts';
import type { Page } from './paging.ts';

/** Tags carrying public spaces, most used first (for /tag/{tag} pages). */
export function listTags(http: Http, params: { offset?: number; limit?: number } = {}): Promise<Page<TagSummary>> {
  return http('GET', '/api/content/tag/', { query: { ...params } });
}
