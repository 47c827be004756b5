import { createRoute, z } from '@hono/zod-openapi';
import { AdminCarouselItem, BulkResult } from '../../../domain/admin.ts';
import { ActivateInput, CarouselItemInput, IdList, PositionInput } from '../../../domain/admin-inputs.ts';
import { flag, jsonBody, ok } from '../../platform/content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware, noContent } from '../../platform/admin/openapi.ts';

const tags = [...ADMIN_TAGS.carousel];
const params = z.object({ id: z.string().min(1).max(64) });

/** POST /admin/api/fci/ */
export const createItem = createRoute({
  method: 'post',
  path: '/admin/api/fci/',
  tags,
  summary: 'Add a carousel slide',
  description:
    'SPACE and COLLECTION slides need `item.id` of an existing space (id, modelId or slug) or collection (id or sid); URL slides need `item.url` (a site path, or an http(s) link; https:// is prepended without a scheme). The slide goes last.',
  middleware: adminMiddleware,
  request: jsonBody(CarouselItemInput),
  responses: { ...ok(AdminCarouselItem, 'The slide'), ...adminErrors() },
});

/** GET /admin/api/fci/ */
export const listItems = createRoute({
  method: 'get',
  path: '/admin/api/fci/',
  tags,
  summary: 'List carousel slides',
  description: 'Every slide in display order, also those the public carousel leaves out (`preview` null); inactive ones with includeInactive.',
  middleware: adminMiddleware,
  request: { query: z.object({ includeInactive: flag().default(false) }) },
  responses: { ...ok(z.array(AdminCarouselItem), 'Slides'), ...adminErrors() },
});

/** DELETE /admin/api/fci/ */
export const deleteItems = createRoute({
  method: 'delete',
  path: '/admin/api/fci/',
  tags,
  summary: 'Delete carousel slides',
  description: 'All or nothing.',
  middleware: adminMiddleware,
  request: jsonBody(IdList),
  responses: { ...noContent('Deleted'), ...adminErrors(404) },
});

/** PUT /admin/api/fci/activate/ */
export const activateItems = createRoute({
  method: 'put',
  path: '/admin/api/fci/activate/',
  tags,
  summary: 'Activate or deactivate slides',
  middleware: adminMiddleware,
  request: jsonBody(ActivateInput),
  responses: { ...ok(BulkResult, 'The slides whose flag changed'), ...adminErrors(404) },
});

/** GET /admin/api/fci/{id}/ */
export const getItem = createRoute({
  method: 'get',
  path: '/admin/api/fci/{id}/',
  tags,
  summary: 'Get a carousel slide',
  middleware: adminMiddleware,
  request: { params },
  responses: { ...ok(AdminCarouselItem, 'The slide'), ...adminErrors(404) },
});

/** PUT /admin/api/fci/{id}/ */
export const updateItem = createRoute({
  method: 'put',
  path: '/admin/api/fci/{id}/',
  tags,
  summary: 'Replace a carousel slide',
  middleware: adminMiddleware,
  request: { params, ...jsonBody(CarouselItemInput) },
  responses: { ...ok(AdminCarouselItem, 'The slide'), ...adminErrors(404) },
});

/** DELETE /admin/api/fci/{id}/ */
export const deleteItem = createRoute({
  method: 'delete',
  path: '/admin/api/fci/{id}/',
  tags,
  summary: 'Delete a carousel slide',
  middleware: adminMiddleware,
  request: { params },
  responses: { ...noContent('Deleted'), ...adminErrors(404) },
});

/** PATCH /admin/api/fci/{id}/reorder/ */
export const reorderItem = createRoute({
  method: 'patch',
  path: '/admin/api/fci/{id}/reorder/',
  tags,
  summary: 'Move a slide',
  description: 'Moves the slide to a 0-based place in the display order (inactive slides count); priorities are renumbered so the order is exact.',
  middleware: adminMiddleware,
  request: { params, ...jsonBody(PositionInput) },
  responses: { ...ok(z.array(AdminCarouselItem), 'Every slide in the new order'), ...adminErrors(404) },
});
