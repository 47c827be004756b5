import { z } from 'zod';
import { CameraFilter } from './cameras.ts';
import { SearchBy } from './space.ts';

/** Longest search text accepted. */
export const MAX_SEARCH_TEXT = 200;

/** The orders of search results a visitor chooses: most relevant, most viewed, newest. */
export const SEARCH_SORTS = ['relevance', 'views', 'newest'] as const;
/** @see SEARCH_SORTS */
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * A part of the map, in degrees: west and east longitudes, south and north latitudes. West greater
 * than east is an area across the antimeridian.
 */
export const MapBounds = z
  .object({
    west: z.number().min(-180).max(180),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
  })
  .refine((b) => b.south <= b.north, { message: 'south must not be north of north', path: ['south'] })
  .meta({ id: 'MapBounds' });
/** @see MapBounds */
export type MapBounds = z.infer<typeof MapBounds>;

/** Body of POST /api/content/space/search/ (spaceSearchInput). */
export const SpaceSearchInput = z
  .object({
    searchText: z.string().trim().max(MAX_SEARCH_TEXT).default(''),
    searchBy: SearchBy.default({ name: true, summary: true, tag: true, location: true, description: true }),
    tags: z.array(z.string().max(60)).max(20).optional(),
    countryCode: z.string().length(2).optional(),
    filters: z.array(CameraFilter).max(10).optional(),
    /** `newest` and `recent` are the same order (the site's URLs say `newest`). */
    sort: z.enum(['relevance', 'views', 'newest', 'recent']).default('relevance'),
    /** Only spaces inside this part of the map ("Search this area"). */
    bounds: MapBounds.optional(),
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
