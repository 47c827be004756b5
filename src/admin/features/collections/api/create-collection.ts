import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionInput } from '../../../../domain/admin-inputs.ts';
import type { Collection } from '../../../../domain/collection.ts';
import { adminHttp } from '../../../lib/api.ts';
import { collectionKeys } from './keys.ts';

/** POST /admin/api/collection/: makes a featured collection (isAdmin, no owner). */
export function createCollection(input: CollectionInput): Promise<Collection> {
  return adminHttp()('POST', '/admin/api/collection/', { body: input });
}

/** Makes a featured collection and refreshes the lists. */
export function useCreateCollection() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCollection, onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.all }) });
}
