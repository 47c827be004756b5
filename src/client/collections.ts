import type { Collection, CollectionType } from '../domain/collection.ts';
import type { TextLocaleCode } from '../domain/locale-texts.ts';
import { requireParams, type Http } from './http.ts';
import type { Page } from './paging.ts';

/** How many children each returned collection embeds, and which page of them. */
export interface ChildrenParams {
  childrenCount?: number;
  childrenPage?: number;
  childrenOffset?: number;
}

/** Query of GET /api/content/collection/. */
export interface ListCollectionsParams extends ChildrenParams {
  type?: CollectionType;
  /** Only collections holding this space (id or modelId). */
  spaceId?: string;
  /** Space previews carried by each sub-collection child. */
  subchildrenCount?: number;
  offset?: number;
  limit?: number;
}

/** A page of public, active collections, featured first. */
export function listCollections(http: Http, params: ListCollectionsParams = {}): Promise<Page<Collection>> {
  return http('GET', '/api/content/collection/', { query: { ...params } });
}

/** One collection by id or sid, with a page of its children; with `locale`, names and descriptions in it (English where it has none). */
export function getCollection(http: Http, params: { id: string; subchildrenCount?: number; locale?: TextLocaleCode } & ChildrenParams): Promise<Collection> {
  requireParams('getCollection', { id: params.id });
  const { id, ...query } = params;
  return http('GET', '/api/content/collection/{id}/', { params: { id }, query });
}

/** The homepage's featured (admin) collections by priority; `spacesCount` = space children embedded per collection. */
export function getFeaturedCollections(
  http: Http,
  params: { childrenCount?: number; spacesCount?: number; offset?: number; limit?: number } = {},
): Promise<Page<Collection>> {
  return http('GET', '/api/content/collection/featured', { query: { ...params } });
}

/** The signed-in user's favorites collection, or null when they have none yet (401 for guests). */
export function getFavoriteCollection(http: Http, params: { spaceId?: string } & ChildrenParams = {}): Promise<Collection | null> {
  return http('GET', '/api/content/collection/favorite/', { query: { ...params } });
}

/** The signed-in user's own collections; with `spaceId`, each says whether it holds that space (401 for guests). */
export function getMyCollections(http: Http, params: { spaceId?: string; offset?: number; limit?: number } & ChildrenParams = {}): Promise<Page<Collection>> {
  return http('GET', '/api/content/collection/my/', { query: { ...params } });
}
