import type { Collection } from '../domain/collection.ts';
import type { UserCollectionInput, UserCollectionPatch } from '../domain/user-inputs.ts';
import { requireParams, type Http } from './http.ts';

const one = (id: string) => `/api/content/collection/${encodeURIComponent(id)}/`;

/** Creates a collection owned by the signed-in user. */
export function createCollection(http: Http, input: UserCollectionInput): Promise<Collection> {
  return http<Collection>('POST', '/api/content/collection/', { body: input });
}

/** Replaces a collection's fields (and children, when given). */
export function replaceCollection(http: Http, params: { id: string } & UserCollectionInput): Promise<Collection> {
  requireParams('replaceCollection', { id: params.id });
  const { id, ...body } = params;
  return http<Collection>('PUT', one(id), { body });
}

/** Changes the fields given; `children` with `order` reorders. */
export function patchCollection(http: Http, params: { id: string } & UserCollectionPatch): Promise<Collection> {
  requireParams('patchCollection', { id: params.id });
  const { id, ...body } = params;
  return http<Collection>('PATCH', one(id), { body });
}

/** Renames a collection (not the favorites). */
export function renameCollection(http: Http, params: { id: string; name: string }): Promise<Collection> {
  requireParams('renameCollection', { id: params.id });
  return http<Collection>('POST', `${one(params.id)}rename/`, { body: { name: params.name } });
}

/** Adds a space (id or modelId) to a collection; works the same on the favorites. */
export function addToCollection(http: Http, params: { id: string; itemId: string }): Promise<Collection> {
  requireParams('addToCollection', { id: params.id, itemId: params.itemId });
  return http<Collection>('PUT', `${one(params.id)}add/`, { query: { itemId: params.itemId } });
}

/** Removes a space from a collection. */
export function removeFromCollection(http: Http, params: { id: string; itemId: string }): Promise<Collection> {
  requireParams('removeFromCollection', { id: params.id, itemId: params.itemId });
  return http<Collection>('PUT', `${one(params.id)}delete/`, { query: { itemId: params.itemId } });
}

/** Deletes one collection. */
export function deleteCollection(http: Http, params: { id: string }): Promise<{ deleted: string[] }> {
  requireParams('deleteCollection', { id: params.id });
  return http<{ deleted: string[] }>('DELETE', one(params.id));
}

/** Deletes several collections at once: all of them or, on any problem, none. */
export function deleteCollections(http: Http, ids: readonly string[]): Promise<{ deleted: string[] }> {
  return http<{ deleted: string[] }>('DELETE', '/api/content/collection/', { body: ids });
}
