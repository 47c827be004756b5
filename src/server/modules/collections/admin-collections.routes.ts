import { createRoute, z } from '@hono/zod-openapi';
import { BulkResult, ConstructResult } from '../../../domain/admin.ts';
import {
  ActivateInput,
  CollectionInput,
  CollectionPatch,
  CollectionReorderInput,
  CollectionSearchInput,
  IdList,
  MarkAdminInput,
} from '../../../domain/admin-inputs.ts';
import { Collection, CollectionType } from '../../../domain/collection.ts';
import { PageQuery } from '../../../domain/page.ts';
import { flag, jsonBody, ok } from '../../platform/content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware, noContent } from '../../platform/admin/openapi.ts';
import { CollectionPage } from './collections.routes.ts';

const tags = [...ADMIN_TAGS.collections];
const params = z.object({ id: z.string().min(1).max(200).meta({ description: 'Collection id or sid' }) });
const children = {
  childrenCount: z.coerce.number().int().min(0).max(200).optional().meta({ description: 'Children embedded per collection' }),
  childrenPage: z.coerce.number().int().min(1).max(10_000).optional().meta({ description: '1-based page of children (wins over childrenOffset)' }),
  childrenOffset: z.coerce.number().int().min(0).max(1_000_000).optional(),
};
const paging = PageQuery.pick({ offset: true, limit: true, seek: true, page: true });

/** POST /admin/api/collection/ */
export const createCollection = createRoute({
  method: 'post',
  path: '/admin/api/collection/',
  tags,
  summary: 'Make a featured collection',
  description:
    "An editors' collection (isAdmin, no owner, shown on the system profile and in featured lists when active and not empty). Children are spaces (id, modelId or slug) or, for type COLLECTION, collections of spaces (id or sid).",
  middleware: adminMiddleware,
  request: jsonBody(CollectionInput),
  responses: { ...ok(Collection, 'The collection with its first children'), ...adminErrors() },
});

/** GET /admin/api/collection/ */
export const listCollections = createRoute({
  method: 'get',
  path: '/admin/api/collection/',
  tags,
  summary: 'List collections',
  description:
    "Featured (admin) collections by priority, then users' public ones, newest first. Users' private collections are never listed. Inactive and empty ones only when asked for.",
  middleware: adminMiddleware,
  request: {
    query: paging.extend({
      type: CollectionType.optional(),
      spaceId: z.string().max(200).optional().meta({ description: 'Only collections holding this space (id, modelId or slug)' }),
      searchText: z.string().max(200).optional(),
      includeInactive: flag().default(false),
      includeEmpty: flag().default(false),
      isAdmin: flag().optional().meta({ description: 'true: only featured collections; false: only the others' }),
      isUgc: flag().optional().meta({ description: "true: only users' collections; false: only editors'" }),
      ...children,
    }),
  },
  responses: { ...ok(CollectionPage, 'A page of collections'), ...adminErrors() },
});

/** DELETE /admin/api/collection/ */
export const deleteCollections = createRoute({
  method: 'delete',
  path: '/admin/api/collection/',
  tags,
  summary: 'Delete collections',
  description: 'By id or sid; they also leave the collections that held them. All or nothing.',
  middleware: adminMiddleware,
  request: jsonBody(IdList),
  responses: { ...noContent('Deleted'), ...adminErrors(404) },
});

/** POST /admin/api/collection/search/ */
export const searchCollections = createRoute({
  method: 'post',
  path: '/admin/api/collection/search/',
  tags,
  summary: 'Search collections',
  description: "The list's rules with the filters in the body (for pickers: `idsToExclude` leaves out the ones already chosen). Children are not embedded.",
  middleware: adminMiddleware,
  request: { query: paging, ...jsonBody(CollectionSearchInput) },
  responses: { ...ok(CollectionPage, 'A page of collections'), ...adminErrors() },
});

/** PUT /admin/api/collection/activate/ */
export const activateCollections = createRoute({
  method: 'put',
  path: '/admin/api/collection/activate/',
  tags,
  summary: 'Activate or deactivate collections',
  middleware: adminMiddleware,
  request: jsonBody(ActivateInput),
  responses: { ...ok(BulkResult, 'The collections whose flag changed'), ...adminErrors(404) },
});

/** PUT /admin/api/collection/markAdmin/ */
export const markAdmin = createRoute({
  method: 'put',
  path: '/admin/api/collection/markAdmin/',
  tags,
  summary: 'Feature or unfeature collections',
  description: 'isAdmin collections appear in the featured lists (when public, active and not empty).',
  middleware: adminMiddleware,
  request: jsonBody(MarkAdminInput),
  responses: { ...ok(BulkResult, 'The collections whose flag changed'), ...adminErrors(404) },
});

/** PATCH /admin/api/collection/construct/ */
export const construct = createRoute({
  method: 'patch',
  path: '/admin/api/collection/construct/',
  tags,
  summary: 'Rebuild collection structure',
  description:
    'Removes children that point at deleted spaces or collections (or of the wrong type) and renumbers children 0, 1, 2… in their current order, in every collection; the site then rebuilds the collections that changed. Counts and covers are computed on read, so they follow.',
  middleware: adminMiddleware,
  responses: { ...ok(ConstructResult, 'What was rebuilt'), ...adminErrors() },
});

/** GET /admin/api/collection/{id}/ */
export const getCollection = createRoute({
  method: 'get',
  path: '/admin/api/collection/{id}/',
  tags,
  summary: 'Get any collection',
  description: 'Whatever its visibility, state or moderation, with a page of all its children.',
  middleware: adminMiddleware,
  request: { params, query: z.object({ ...children, subchildrenCount: z.coerce.number().int().min(0).max(24).optional() }) },
  responses: { ...ok(Collection, 'The collection'), ...adminErrors(404) },
});

/** PUT /admin/api/collection/{id}/ */
export const putCollection = createRoute({
  method: 'put',
  path: '/admin/api/collection/{id}/',
  tags,
  summary: 'Replace a collection',
  description:
    'Sets every field: those left out take their defaults (no description or meta texts, active, priority 0); `type` and `children` change only when given. A type change needs children of the new type (or none).',
  middleware: adminMiddleware,
  request: { params, ...jsonBody(CollectionInput) },
  responses: { ...ok(Collection, 'The collection'), ...adminErrors(404) },
});

/** PATCH /admin/api/collection/{id}/ */
export const patchCollection = createRoute({
  method: 'patch',
  path: '/admin/api/collection/{id}/',
  tags,
  summary: 'Edit a collection',
  description: 'Only the fields given change.',
  middleware: adminMiddleware,
  request: { params, ...jsonBody(CollectionPatch) },
  responses: { ...ok(Collection, 'The collection'), ...adminErrors(404) },
});

/** DELETE /admin/api/collection/{id}/ */
export const deleteCollection = createRoute({
  method: 'delete',
  path: '/admin/api/collection/{id}/',
  tags,
  summary: 'Delete a collection',
  middleware: adminMiddleware,
  request: { params },
  responses: { ...noContent('Deleted'), ...adminErrors(404) },
});

/** PATCH /admin/api/collection/{id}/reorder/ */
export const reorderChildren = createRoute({
  method: 'patch',
  path: '/admin/api/collection/{id}/reorder/',
  tags,
  summary: 'Reorder the children of a collection',
  description: 'The listed children come first, in the order given; the others follow in their current order. A listed id that is not a child answers 404.',
  middleware: adminMiddleware,
  request: { params, ...jsonBody(CollectionReorderInput) },
  responses: { ...ok(Collection, 'The collection in its new order'), ...adminErrors(404) },
});
