import { z } from 'zod';
import { CameraFilter } from './cameras.ts';
import { SearchBy } from './space.ts';

/** Longest search text accepted. */
export const MAX_SEARCH_TEXT = 200;

/** Body of POST /api/content/space/search/ (spaceSearchInput). */
export const SpaceSearchInput = z
  .object({
    searchText: z.string().trim().max(MAX_SEARCH_TEXT).default(''),
    searchBy: SearchBy.default({ name: true, summary: true, tag: true, location: true, description: true }),
    tags: z.array(z.string().max(60)).max(20).optional(),
    countryCode: z.string().length(2).optional(),
    filters: z.array(CameraFilter).max(10).optional(),
    sort: z.enum(['relevance', 'views', 'recent']).default('relevance'),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(24),
  })
  .meta({ id: 'SpaceSearchInput' });
/** @see SpaceSearchInput */
export type SpaceSearchInput = z.infer<typeof SpaceSearchInput>;

/** Body of POST /api/content/space/searchByCamera/ (spaceSearchByCameraInput). */
export const SpaceSearchByCameraInput = z
  .object({
    cameraModelId: z.string().max(60),
    searchText: z.string().trim().max(MAX_SEARCH_TEXT).default(''),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(24),
  })
  .meta({ id: 'SpaceSearchByCameraInput' });
/** @see SpaceSearchByCameraInput */
export type SpaceSearchByCameraInput = z.infer<typeof SpaceSearchByCameraInput>;

/** Body of the related-objects calls: what else a visitor of this space might like. */
export const RelatedObjectsInput = z
  .object({
    spaceId: z.string().max(64),
    cameraModelId: z.string().max(60).optional(),
    page: z.number().int().min(1).max(1000).default(1),
    pageSize: z.number().int().min(1).max(50).default(8),
  })
  .meta({ id: 'RelatedObjectsInput' });
/** @see RelatedObjectsInput */
export type RelatedObjectsInput = z.infer<typeof RelatedObjectsInput>;
