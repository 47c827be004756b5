import { createRoute, z } from '@hono/zod-openapi';
import { SpaceSearchInput } from '../../../domain/search.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';

/** One value of a facet and how many matching spaces have it. */
export const FacetValue = z
  .object({
    value: z.string().meta({ description: 'What the search body takes: a tag name, a country code, a camera type id' }),
    label: z.string(),
    count: z.number().int(),
  })
  .meta({ id: 'FacetValue' });

/** The facets of a search: counts among its matches. */
export const SpaceSearchFacets = z
  .object({
    total: z.number().int().meta({ description: 'How many spaces match' }),
    tags: z.array(FacetValue),
    countries: z.array(FacetValue),
    cameras: z.array(FacetValue).meta({ description: 'Camera types of the site (/camera/{id}) with a match' }),
  })
  .meta({ id: 'SpaceSearchFacets' });

/** POST /api/content/space/search/facets/: tag, country and camera counts among a search's matches. */
export const searchFacets = createRoute({
  method: 'post',
  path: '/api/content/space/search/facets/',
  tags: ['Spaces'],
  summary: 'Facets of a search',
  description:
    'The same body as the search (text with typos forgiven, tags, country, camera filters, bounds; `sort` and paging are ignored): the 12 most frequent tags and countries and the camera types among the matching spaces, with their counts.',
  request: jsonBody(SpaceSearchInput),
  responses: { ...ok(SpaceSearchFacets, 'Counts among the matching spaces'), ...errorResponses(400) },
});

/** A matching space on the map. */
export const SearchPoint = z
  .object({
    modelId: z.string(),
    name: z.string(),
    place: z.string(),
    image: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    views: z.number().int().nullable(),
    lat: z.number(),
    lon: z.number(),
  })
  .meta({ id: 'SearchPoint' });

/** POST /api/content/space/search/points/: the matching spaces with a location, for the map. */
export const searchPoints = createRoute({
  method: 'post',
  path: '/api/content/space/search/points/',
  tags: ['Spaces'],
  summary: 'Map points of a search',
  description:
    'The same body as the search (`sort` and paging are ignored): up to 500 matching spaces that have a location, most viewed first, with how many have one in all.',
  request: jsonBody(SpaceSearchInput),
  responses: {
    ...ok(z.object({ total: z.number().int(), points: z.array(SearchPoint) }).meta({ id: 'SearchPoints' }), 'The matching spaces on the map'),
    ...errorResponses(400),
  },
});
