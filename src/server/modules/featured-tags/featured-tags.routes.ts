import { createRoute, z } from '@hono/zod-openapi';
import { FeaturedTag, FeaturedTagName } from '../../../domain/homepage.ts';
import { LocaleQuery } from '../../../domain/locale-texts.ts';
import { errorResponses, flag, ok } from '../../platform/content/openapi.ts';

const tags = ['Featured tags'];
const spacesLimit = z.coerce.number().int().min(0).max(100).default(12).meta({ description: 'Spaces embedded per featured tag' });

/** GET /api/content/featuredTag/: featured tags with their spaces. */
export const listFeaturedTags = createRoute({
  method: 'get',
  path: '/api/content/featuredTag/',
  tags,
  summary: 'List featured tags',
  description:
    'Featured tags in display order (by priority, or shuffled per day when the `featuredTags.randomize` setting is on), each with its most viewed public spaces.',
  request: {
    query: z.object({
      filterInactive: flag().default(true).meta({ description: 'Leave out inactive featured tags (default true)' }),
      filterEmpty: flag().default(false).meta({ description: 'Leave out featured tags without public spaces' }),
      spaceId: z.string().max(200).optional().meta({ description: 'Only featured tags sharing a tag with this space' }),
      excludeSpaceId: z.string().max(200).optional().meta({ description: 'Leave this space out of the spaces lists' }),
      spacesLimit,
      locale: LocaleQuery,
    }),
  },
  responses: { ...ok(z.array(FeaturedTag), 'Featured tags'), ...errorResponses(400) },
});

/** GET /api/content/featuredTag/listNames: ids and names. */
export const listFeaturedTagNames = createRoute({
  method: 'get',
  path: '/api/content/featuredTag/listNames',
  tags,
  summary: 'Featured tag names',
  request: { query: z.object({ filterInactive: flag().default(true), filterEmpty: flag().default(false), locale: LocaleQuery }) },
  responses: { ...ok(z.array(FeaturedTagName), 'Ids and names in display order'), ...errorResponses(400) },
});

/** GET /api/content/featuredTag/{id}/: one featured tag. */
export const getFeaturedTag = createRoute({
  method: 'get',
  path: '/api/content/featuredTag/{id}/',
  tags,
  summary: 'Get a featured tag',
  request: { params: z.object({ id: z.string().min(1).max(64) }), query: z.object({ spacesLimit, locale: LocaleQuery }) },
  responses: { ...ok(FeaturedTag, 'The featured tag with its spaces'), ...errorResponses(400, 404) },
});
