import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdList } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { bannerKeys } from './keys.ts';

/** DELETE /admin/api/banner/: deletes the listed banners (all or nothing). */
export function deleteBanners(ids: IdList): Promise<void> {
  return adminHttp()<void>('DELETE', '/admin/api/banner/', { body: ids });
}

/** Deletes banners and refreshes the list. */
export function useDeleteBanners() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteBanners, onSettled: () => client.invalidateQueries({ queryKey: bannerKeys.all }) });
}
