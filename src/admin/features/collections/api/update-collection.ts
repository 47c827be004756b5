import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { CollectionPatch } from '../../../../domain/admin-inputs.ts';
import type { Collection } from '../../../../domain/collection.ts';
import { adminHttp } from '../../../lib/api.ts';
import { collectionKeys } from './keys.ts';

/** PATCH /admin/api/collection/{id}/: only the fields given change; `children` replaces the children. */
export function updateCollection({ id, input }: { id: string; input: CollectionPatch }): Promise<Collection> {
  requireParams('updateCollection', { id });
  return adminHttp()('PATCH', '/admin/api/collection/{id}/', { params: { id }, body: input });
}

/** Saves collection fields or children and refreshes the lists and the editor. */
export function useUpdateCollection() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateCollection, onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.all }) });
}
