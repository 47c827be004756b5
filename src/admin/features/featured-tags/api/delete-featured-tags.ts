import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdList } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { featuredTagKeys } from './keys.ts';

/** DELETE /admin/api/featuredTag/: deletes the listed featured tags (all or nothing). */
export function deleteFeaturedTags(ids: IdList): Promise<void> {
  return adminHttp()<void>('DELETE', '/admin/api/featuredTag/', { body: ids });
}

/** Deletes featured tags and refreshes the list. */
export function useDeleteFeaturedTags() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteFeaturedTags, onSettled: () => client.invalidateQueries({ queryKey: featuredTagKeys.all }) });
}
