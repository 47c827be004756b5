import type { FeaturedTag, FeaturedTagName } from '../domain/homepage.ts';
import { requireParams, type Http } from './http.ts';

/** Query of GET /api/content/featuredTag/. */
export interface ListFeaturedTagsParams {
  /** Leave out inactive tags (default true). */
  filterInactive?: boolean;
  /** Leave out tags without any public space (default false). */
  filterEmpty?: boolean;
  /** Only featured tags sharing a tag with this space. */
  spaceId?: string;
  /** Leave this space out of each tag's spaces. */
  excludeSpaceId?: string;
  /** Spaces embedded per featured tag (default 12). */
  spacesLimit?: number;
}

/** The homepage's featured tags with their most viewed spaces. */
export function listFeaturedTags(http: Http, params: ListFeaturedTagsParams = {}): Promise<FeaturedTag[]> {
  return http('GET', '/api/content/featuredTag/', { query: { ...params } });
}

/** One featured tag by id. */
export function getFeaturedTag(http: Http, params: { id: string; spacesLimit?: number }): Promise<FeaturedTag> {
  requireParams('getFeaturedTag', { id: params.id });
  return http('GET', '/api/content/featuredTag/{id}/', { params: { id: params.id }, query: { spacesLimit: params.spacesLimit } });
}

/** Ids and names only (footer Explore column). */
export function listFeaturedTagNames(http: Http, params: { filterInactive?: boolean; filterEmpty?: boolean } = {}): Promise<FeaturedTagName[]> {
  return http('GET', '/api/content/featuredTag/listNames', { query: { ...params } });
}
