import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdList } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { collectionKeys } from './keys.ts';

/** DELETE /admin/api/collection/: deletes the listed collections (all or nothing). */
export function deleteCollections(ids: IdList): Promise<void> {
  return adminHttp()('DELETE', '/admin/api/collection/', { body: ids });
}

/** Deletes collections and refreshes the lists. */
export function useDeleteCollections() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteCollections, onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.all }) });
}
