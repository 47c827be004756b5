import type { Collection } from '../domain/collection.ts';
import type { UserCollectionInput, UserCollectionPatch } from '../domain/user-inputs.ts';
import { requireParams, type Http } from './http.ts';

/** Creates a collection owned by the signed-in user. */
export function createCollection(http: Http, input: UserCollectionInput): Promise<Collection> {
  return http('POST', '/api/content/collection/', { body: input });
}

/** Replaces a collection's fields (and children, when given). */
export function replaceCollection(http: Http, params: { id: string } & UserCollectionInput): Promise<Collection> {
  requireParams('replaceCollection', { id: params.id });
  const { id, ...body } = params;
  return http('PUT', '/api/content/collection/{id}/', { params: { id }, body });
}

/** Changes the fields given; `children` with `order` reorders. */
export function patchCollection(http: Http, params: { id: string } & UserCollectionPatch): Promise<Collection> {
  requireParams('patchCollection', { id: params.id });
  const { id, ...body } = params;
  return http('PATCH', '/api/content/collection/{id}/', { params: { id }, body });
}

/** Renames a collection (not the favorites). */
export function renameCollection(http: Http, params: { id: string; name: string }): Promise<Collection> {
  requireParams('renameCollection', { id: params.id });
  return http('POST', '/api/content/collection/{id}/rename/', { params: { id: params.id }, body: { name: params.name } });
}

/** Adds a space (id or modelId) to a collection; works the same on the favorites. */
export function addToCollection(http: Http, params: { id: string; itemId: string }): Promise<Collection> {
  requireParams('addToCollection', { id: params.id, itemId: params.itemId });
  return http('PUT', '/api/content/collection/{id}/add/', { params: { id: params.id }, query: { itemId: params.itemId } });
}

/** Removes a space from a collection. */
export function removeFromCollection(http: Http, params: { id: string; itemId: string }): Promise<Collection> {
  requireParams('removeFromCollection', { id: params.id, itemId: params.itemId });
  return http('PUT', '/api/content/collection/{id}/delete/', { params: { id: params.id }, query: { itemId: params.itemId } });
}

/** Deletes one collection. */
export function deleteCollection(http: Http, params: { id: string }): Promise<{ deleted: string[] }> {
  requireParams('deleteCollection', { id: params.id });
  return http('DELETE', '/api/content/collection/{id}/', { params: { id: params.id } });
}

/** Deletes several collections at once: all of them or, on any problem, none. */
export function deleteCollections(http: Http, ids: readonly string[]): Promise<{ deleted: string[] }> {
  return http('DELETE', '/api/content/collection/', { body: ids });
}
