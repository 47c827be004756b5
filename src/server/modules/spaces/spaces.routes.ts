import { createRoute, z } from '@hono/zod-openapi';
import { PageQuery, pageOf, pageQueryUpTo } from '../../../domain/page.ts';
import { MAX_SEARCH_TEXT, RelatedObjectsInput, SpaceSearchByCameraInput, SpaceSearchInput } from '../../../domain/search.ts';
import { Space, SpaceCard, TagSummary } from '../../../domain/space.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';

const tags = ['Spaces'];

/** A page of full spaces, with the keyset cursor of the next page. */
export const SpacePage = pageOf(Space)
  .extend({ nextSeek: z.string().nullable().meta({ description: 'Pass as `seek` to get the next page in constant time' }) })
  .meta({ id: 'SpacePage' });
/** A page of space cards. */
export const SpaceCardPage = pageOf(SpaceCard, 'SpaceCardPage');
/** A page of search results, with the query its likely typos corrected ("Did you mean …?"). */
export const SpaceSearchPage = pageOf(SpaceCard)
  .extend({ suggestion: z.string().nullable().meta({ description: 'The search text with its likely typos corrected, when a word was; null otherwise' }) })
  .meta({ id: 'SpaceSearchPage' });

/** GET /api/content/space/: public spaces, most viewed first (text queries: most relevant first). */
export const listSpaces = createRoute({
  method: 'get',
  path: '/api/content/space/',
  tags,
  summary: 'List public spaces',
  description: 'Public spaces as full records, most viewed first. Page with offset, page, or the `nextSeek` cursor (fastest for walking every page).',
  request: {
    query: PageQuery.extend({
      featuredTag: z.string().max(64).optional().meta({ description: 'Featured tag id: spaces having any of its tags' }),
      searchText: z.string().trim().max(MAX_SEARCH_TEXT).optional(),
      organizationId: z.string().max(64).optional(),
      excludeId: z.string().max(200).optional(),
      includeUnlisted: z
        .enum(['true', 'false'])
        .optional()
        .meta({ description: 'UNLISTED spaces too; only for the site build, with `Authorization: Bearer <BUILD_TOKEN>`' }),
    }),
  },
  responses: { ...ok(SpacePage, 'A page of spaces'), ...errorResponses(400, 403, 404) },
});

/** GET /api/content/space/recommended/: the most viewed public spaces. */
export const recommendedSpaces = createRoute({
  method: 'get',
  path: '/api/content/space/recommended/',
  tags,
  summary: 'Recommended spaces',
  request: {
    query: z.object({
      number: z.coerce.number().int().min(1).max(50).default(8),
      excludeId: z.string().max(200).optional(),
    }),
  },
  responses: { ...ok(z.array(SpaceCard), 'Spaces to suggest, most viewed first'), ...errorResponses(400) },
});

/** GET /api/content/space/{id}/: one space by id, modelId or slug. */
export const getSpace = createRoute({
  method: 'get',
  path: '/api/content/space/{id}/',
  tags,
  summary: 'Get a space',
  description: 'By id, modelId, slug or a former slug. UNLISTED spaces are readable here; PRIVATE ones only by their owner and administrators.',
  request: { params: z.object({ id: z.string().min(1).max(200) }) },
  responses: { ...ok(Space, 'The space'), ...errorResponses(400, 404) },
});

/** POST /api/content/space/search/: full-text and facet search. */
export const searchSpaces = createRoute({
  method: 'post',
  path: '/api/content/space/search/',
  tags,
  summary: 'Search spaces',
  description:
    'Full-text search over name, summary, description, tags and location (as `searchBy` allows), with tag, country and camera filters. Every word must match; the last is matched as a prefix. Typos are forgiven: one in words of 5+ letters, two in words of 9+; matches of the words as typed rank first, and `suggestion` gives the corrected text.',
  request: jsonBody(SpaceSearchInput),
  responses: { ...ok(SpaceSearchPage, 'A page of matching spaces'), ...errorResponses(400) },
});

/** POST /api/content/space/searchByCamera/: spaces captured with a camera type. */
export const searchByCamera = createRoute({
  method: 'post',
  path: '/api/content/space/searchByCamera/',
  tags,
  summary: 'Search spaces by camera',
  request: jsonBody(SpaceSearchByCameraInput),
  responses: { ...ok(SpaceCardPage, 'A page of spaces captured with the camera'), ...errorResponses(400, 404) },
});

/** POST /api/content/space/searchByCamera/related/: spaces with the same camera as a space. */
export const relatedByCamera = createRoute({
  method: 'post',
  path: '/api/content/space/searchByCamera/related/',
  tags,
  summary: 'Spaces captured like this one',
  description: "Spaces captured with the given camera type (or the space's own cameras), those sharing most tags first.",
  request: jsonBody(RelatedObjectsInput),
  responses: { ...ok(SpaceCardPage, 'A page of related spaces'), ...errorResponses(400, 404) },
});

/** POST /api/content/space/search/related/: spaces sharing tags with a space. */
export const relatedSpaces = createRoute({
  method: 'post',
  path: '/api/content/space/search/related/',
  tags,
  summary: 'Spaces related to a space',
  description: 'Spaces sharing tags with the space, most shared tags first, then most viewed.',
  request: jsonBody(RelatedObjectsInput),
  responses: { ...ok(SpaceCardPage, 'A page of related spaces'), ...errorResponses(400, 404) },
});

/** GET /api/content/tag/: tags in use (not in the spec; lets builds enumerate /tag/{tag} pages). */
export const listTags = createRoute({
  method: 'get',
  path: '/api/content/tag/',
  tags: ['Tags'],
  summary: 'List tags in use',
  description: 'Tags carrying at least one public space, most used first.',
  request: { query: pageQueryUpTo(1000).pick({ offset: true, limit: true }) },
  responses: { ...ok(pageOf(TagSummary, 'TagPage'), 'A page of tags'), ...errorResponses(400) },
});
