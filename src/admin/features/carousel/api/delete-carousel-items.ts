import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdList } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { carouselKeys } from './keys.ts';

/** DELETE /admin/api/fci/: deletes the listed slides (all or nothing). */
export function deleteCarouselItems(ids: IdList): Promise<void> {
  return adminHttp()<void>('DELETE', '/admin/api/fci/', { body: ids });
}

/** Deletes slides and refreshes the list. */
export function useDeleteCarouselItems() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteCarouselItems, onSettled: () => client.invalidateQueries({ queryKey: carouselKeys.all }) });
}
