import { createRoute, z } from '@hono/zod-openapi';
import { BulkResult, SettingValue } from '../../../domain/admin.ts';
import { ActivateInput, FeaturedTagInput, IdList, PositionInput } from '../../../domain/admin-inputs.ts';
import { FeaturedTag } from '../../../domain/homepage.ts';
import { flag, jsonBody, ok } from '../../platform/content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware, noContent } from '../../platform/admin/openapi.ts';

const tags = [...ADMIN_TAGS.featuredTags];
const params = z.object({ id: z.string().min(1).max(64) });
const spacesLimit = z.coerce.number().int().min(0).max(100).default(4).meta({ description: 'Space previews per featured tag' });

/** POST /admin/api/featuredTag/ */
export const createFeaturedTag = createRoute({
  method: 'post',
  path: '/admin/api/featuredTag/',
  tags,
  summary: 'Create a featured tag',
  description: 'A homepage tab grouping existing tags (create tags with POST /admin/api/tag/ first). It goes last.',
  middleware: adminMiddleware,
  request: jsonBody(FeaturedTagInput),
  responses: { ...ok(FeaturedTag, 'The featured tag with its first spaces'), ...adminErrors() },
});

/** GET /admin/api/featuredTag/ */
export const listFeaturedTags = createRoute({
  method: 'get',
  path: '/admin/api/featuredTag/',
  tags,
  summary: 'List featured tags',
  description: 'In priority order (the order reorder works on, even when the public order is randomized). Inactive ones unless filterInactive.',
  middleware: adminMiddleware,
  request: {
    query: z.object({
      filterInactive: flag().default(false).meta({ description: 'Leave out inactive featured tags' }),
      filterEmpty: flag().default(false).meta({ description: 'Leave out featured tags without public spaces' }),
      spaceId: z.string().max(200).optional().meta({ description: 'Only featured tags sharing a tag with this space' }),
      spacesLimit,
    }),
  },
  responses: { ...ok(z.array(FeaturedTag), 'Featured tags'), ...adminErrors() },
});

/** DELETE /admin/api/featuredTag/ */
export const deleteFeaturedTags = createRoute({
  method: 'delete',
  path: '/admin/api/featuredTag/',
  tags,
  summary: 'Delete featured tags',
  description: 'All or nothing.',
  middleware: adminMiddleware,
  request: jsonBody(IdList),
  responses: { ...noContent('Deleted'), ...adminErrors(404) },
});

/** PUT /admin/api/featuredTag/activate/ */
export const activateFeaturedTags = createRoute({
  method: 'put',
  path: '/admin/api/featuredTag/activate/',
  tags,
  summary: 'Activate or deactivate featured tags',
  middleware: adminMiddleware,
  request: jsonBody(ActivateInput),
  responses: { ...ok(BulkResult, 'The featured tags whose flag changed'), ...adminErrors(404) },
});

/** GET /admin/api/featuredTag/randomize/ */
export const getRandomize = createRoute({
  method: 'get',
  path: '/admin/api/featuredTag/randomize/',
  tags,
  summary: 'Whether the public order is randomized',
  description: 'Setting `featuredTags.randomize`: when on, the public list is shuffled once per UTC day instead of following priority.',
  middleware: adminMiddleware,
  responses: { ...ok(SettingValue, 'The setting'), ...adminErrors() },
});

/** PUT /admin/api/featuredTag/randomize/ */
export const putRandomize = createRoute({
  method: 'put',
  path: '/admin/api/featuredTag/randomize/',
  tags,
  summary: 'Randomize the public order or not',
  middleware: adminMiddleware,
  request: { query: z.object({ newValue: flag().meta({ description: "'true' or 'false'" }) }) },
  responses: { ...ok(SettingValue, 'The setting now'), ...adminErrors() },
});

/** GET /admin/api/featuredTag/{id}/ */
export const getFeaturedTag = createRoute({
  method: 'get',
  path: '/admin/api/featuredTag/{id}/',
  tags,
  summary: 'Get a featured tag',
  middleware: adminMiddleware,
  request: { params, query: z.object({ spacesLimit }) },
  responses: { ...ok(FeaturedTag, 'The featured tag'), ...adminErrors(404) },
});

/** PUT /admin/api/featuredTag/{id}/ */
export const updateFeaturedTag = createRoute({
  method: 'put',
  path: '/admin/api/featuredTag/{id}/',
  tags,
  summary: 'Replace a featured tag',
  middleware: adminMiddleware,
  request: { params, ...jsonBody(FeaturedTagInput) },
  responses: { ...ok(FeaturedTag, 'The featured tag'), ...adminErrors(404) },
});

/** DELETE /admin/api/featuredTag/{id}/ */
export const deleteFeaturedTag = createRoute({
  method: 'delete',
  path: '/admin/api/featuredTag/{id}/',
  tags,
  summary: 'Delete a featured tag',
  middleware: adminMiddleware,
  request: { params },
  responses: { ...noContent('Deleted'), ...adminErrors(404) },
});

/** PATCH /admin/api/featuredTag/{id}/reorder/ */
export const reorderFeaturedTag = createRoute({
  method: 'patch',
  path: '/admin/api/featuredTag/{id}/reorder/',
  tags,
  summary: 'Move a featured tag',
  description: 'Moves it to a 0-based place in the priority order (inactive ones count); priorities are renumbered so the order is exact.',
  middleware: adminMiddleware,
  request: { params, ...jsonBody(PositionInput) },
  responses: { ...ok(z.array(FeaturedTag), 'Every featured tag in the new order, without spaces'), ...adminErrors(404) },
});
