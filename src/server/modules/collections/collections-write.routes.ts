import { createRoute, z } from '@hono/zod-openapi';
import { Collection } from '../../../domain/collection.ts';
import { CollectionIdList, ItemIdQuery, RenameCollectionInput, UserCollectionInput, UserCollectionPatch } from '../../../domain/user-inputs.ts';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import { signedIn } from '../auth/guards.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';
import { collectionOwner } from './collection-writes.ts';

const tags = ['Collections'];
const params = z.object({
  id: z.string().min(1).max(200).meta({ description: "Collection id or sid; 'favorite' names your favorites collection (made on first use)" }),
});
const conflict = {
  409: { description: 'Not allowed on the favorites collection, or over a limit', content: { 'application/json': { schema: ApiErrorBody } } },
};

/** Answer of the deletes: what was deleted. */
export const DeletedCollections = z.object({ deleted: z.array(z.string()) }).meta({ id: 'DeletedCollections' });

/** POST /api/content/collection/ */
export const createCollection = createRoute({
  method: 'post',
  path: '/api/content/collection/',
  tags,
  summary: 'Create a collection',
  description:
    'A new collection owned by the signed-in user (user-generated: isUgc). Children are spaces (id, modelId or slug) the user can see, or for type COLLECTION collections of spaces.',
  middleware: [signedIn] as const,
  request: jsonBody(UserCollectionInput),
  responses: {
    201: { description: 'The new collection', content: { 'application/json': { schema: Collection } } },
    ...errorResponses(400, 401),
    ...conflict,
  },
});

/** DELETE /api/content/collection/ */
export const deleteCollections = createRoute({
  method: 'delete',
  path: '/api/content/collection/',
  tags,
  summary: 'Delete collections',
  description: "All or nothing: every id must be one of the caller's own collections (not the favorites), else nothing is deleted.",
  middleware: [signedIn] as const,
  request: jsonBody(CollectionIdList),
  responses: { ...ok(DeletedCollections, 'The ids deleted'), ...errorResponses(400, 401, 403, 404), ...conflict },
});

/** PUT /api/content/collection/{id}/ */
export const putCollection = createRoute({
  method: 'put',
  path: '/api/content/collection/{id}/',
  tags,
  summary: 'Replace a collection',
  description: 'Every field is replaced (missing ones take their defaults); children are replaced when given. The favorites collection keeps its name.',
  middleware: [collectionOwner] as const,
  request: { params, ...jsonBody(UserCollectionInput) },
  responses: { ...ok(Collection, 'The collection'), ...errorResponses(400, 401, 403, 404), ...conflict },
});

/** PATCH /api/content/collection/{id}/ */
export const patchCollection = createRoute({
  method: 'patch',
  path: '/api/content/collection/{id}/',
  tags,
  summary: 'Change or reorder a collection',
  description:
    'Only the fields given change. `children` reorders: each listed child moves to its `order` (a new one is added there); the others keep their relative order.',
  middleware: [collectionOwner] as const,
  request: { params, ...jsonBody(UserCollectionPatch) },
  responses: { ...ok(Collection, 'The collection'), ...errorResponses(400, 401, 403, 404), ...conflict },
});

/** DELETE /api/content/collection/{id}/ */
export const deleteCollection = createRoute({
  method: 'delete',
  path: '/api/content/collection/{id}/',
  tags,
  summary: 'Delete a collection',
  middleware: [collectionOwner] as const,
  request: { params },
  responses: { ...ok(DeletedCollections, 'The id deleted'), ...errorResponses(401, 403, 404), ...conflict },
});

/** POST /api/content/collection/{id}/rename/ */
export const renameCollection = createRoute({
  method: 'post',
  path: '/api/content/collection/{id}/rename/',
  tags,
  summary: 'Rename a collection',
  middleware: [collectionOwner] as const,
  request: { params, ...jsonBody(RenameCollectionInput) },
  responses: { ...ok(Collection, 'The collection'), ...errorResponses(400, 401, 403, 404), ...conflict },
});

/** PUT /api/content/collection/{id}/add/ */
export const addToCollection = createRoute({
  method: 'put',
  path: '/api/content/collection/{id}/add/',
  tags,
  summary: 'Add an item',
  description:
    'Adds a space (or, in a collection of collections, a collection) at the end; adding one already there changes nothing. Works the same on the favorites collection.',
  middleware: [collectionOwner] as const,
  request: { params, query: ItemIdQuery },
  responses: { ...ok(Collection, 'The collection; withSelectedSpace says it holds the space'), ...errorResponses(400, 401, 403, 404), ...conflict },
});

/** PUT /api/content/collection/{id}/delete/ */
export const removeFromCollection = createRoute({
  method: 'put',
  path: '/api/content/collection/{id}/delete/',
  tags,
  summary: 'Remove an item',
  description: 'Removes a space (or collection) from the collection; removing one not there changes nothing.',
  middleware: [collectionOwner] as const,
  request: { params, query: ItemIdQuery },
  responses: { ...ok(Collection, 'The collection'), ...errorResponses(400, 401, 403, 404) },
});
