import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkResult } from '../../../../domain/admin.ts';
import type { MarkAdminInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { collectionKeys } from './keys.ts';

/** PUT /admin/api/collection/markAdmin/: features (isAdmin) or unfeatures collections. */
export function markAdminCollections(input: MarkAdminInput): Promise<BulkResult> {
  return adminHttp()('PUT', '/admin/api/collection/markAdmin/', { body: input });
}

/** Features or unfeatures collections and refreshes the lists. */
export function useMarkAdminCollections() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markAdminCollections, onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.all }) });
}
