import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConstructResult } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { collectionKeys } from './keys.ts';

/** PATCH /admin/api/collection/construct/: drops children pointing at deleted items and renumbers positions, in every collection. */
export function constructCollections(): Promise<ConstructResult> {
  return adminHttp()('PATCH', '/admin/api/collection/construct/');
}

/** Rebuilds the collection structure and refreshes the lists. */
export function useConstructCollections() {
  const client = useQueryClient();
  return useMutation({ mutationFn: constructCollections, onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.all }) });
}
