import type { z } from 'zod';
import type { Space, SpaceCard } from '../domain/space.ts';
import type { RelatedObjectsInput, SpaceSearchByCameraInput, SpaceSearchInput } from '../domain/search.ts';
import type { ApiAnswer } from './api-contract.ts';
import { requireParams, type Http } from './http.ts';
import type { Page } from './paging.ts';

/** Query of GET /api/content/space/. */
export interface ListSpacesParams {
  /** Featured tag id: spaces having any of its tags. */
  featuredTag?: string;
  searchText?: string;
  organizationId?: string;
  excludeId?: string;
  offset?: number;
  limit?: number;
  /** Keyset cursor from a previous page's `nextSeek`. */
  seek?: string;
  /** UNLISTED spaces too; only honoured with the build token (see `ClientConfig.token`). */
  includeUnlisted?: boolean;
}

/** One space by id, modelId, slug or former slug. */
export function getSpace(http: Http, params: { id: string }): Promise<Space> {
  requireParams('getSpace', { id: params.id });
  return http('GET', '/api/content/space/{id}/', { params: { id: params.id } });
}

/** A page of public spaces, most viewed first; full space records (the site build's feed). */
export function listSpaces(http: Http, params: ListSpacesParams = {}): Promise<Page<Space>> {
  return http('GET', '/api/content/space/', { query: { ...params } });
}

/** Top public spaces to suggest, without `excludeId`. */
export function getRecommendedSpaces(http: Http, params: { number?: number; excludeId?: string } = {}): Promise<SpaceCard[]> {
  return http('GET', '/api/content/space/recommended/', { query: { ...params } });
}

/** Full-text and facet search over public spaces; `suggestion` is the text with its likely typos corrected ("Did you mean …?"). */
export function searchSpaces(http: Http, input: z.input<typeof SpaceSearchInput>): Promise<ApiAnswer<'POST', '/api/content/space/search/'>> {
  return http('POST', '/api/content/space/search/', { body: input });
}

/** The header search box preview: up to 3 matches over every field (spec 7). */
export function previewSearch(http: Http, searchText: string): Promise<Page<SpaceCard>> {
  return searchSpaces(http, {
    searchText,
    searchBy: { name: true, summary: true, tag: true, location: true, description: true },
    page: 1,
    pageSize: 3,
  });
}

/** Spaces captured with a camera type of the site (`cameraModelId` as in /camera/{id}). */
export function searchSpacesByCamera(http: Http, input: z.input<typeof SpaceSearchByCameraInput>): Promise<Page<SpaceCard>> {
  requireParams('searchSpacesByCamera', { cameraModelId: input.cameraModelId });
  return http('POST', '/api/content/space/searchByCamera/', { body: input });
}

/** Spaces sharing a camera (and ranked by shared tags) with a space. */
export function getRelatedSpacesByCamera(http: Http, input: z.input<typeof RelatedObjectsInput>): Promise<Page<SpaceCard>> {
  requireParams('getRelatedSpacesByCamera', { spaceId: input.spaceId });
  return http('POST', '/api/content/space/searchByCamera/related/', { body: input });
}

/** Spaces sharing tags with a space, most shared tags first. */
export function getRelatedSpaces(http: Http, input: z.input<typeof RelatedObjectsInput>): Promise<Page<SpaceCard>> {
  requireParams('getRelatedSpaces', { spaceId: input.spaceId });
  return http('POST', '/api/content/space/search/related/', { body: input });
}

/** Tag, country and camera-type counts among a search's matches (the search page's filter chips). */
export function searchSpaceFacets(http: Http, input: z.input<typeof SpaceSearchInput>): Promise<ApiAnswer<'POST', '/api/content/space/search/facets/'>> {
  return http('POST', '/api/content/space/search/facets/', { body: input });
}

/** The matching spaces that have a location (up to 500, most viewed first), for the search page's map. */
export function searchSpacePoints(http: Http, input: z.input<typeof SpaceSearchInput>): Promise<ApiAnswer<'POST', '/api/content/space/search/points/'>> {
  return http('POST', '/api/content/space/search/points/', { body: input });
}
