import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BannerInput } from '../../../../domain/admin-inputs.ts';
import type { Banner } from '../../../../domain/homepage.ts';
import { requireParams } from '../../../../client/http.ts';
import { adminHttp } from '../../../lib/api.ts';
import { bannerKeys } from './keys.ts';

/** PUT /admin/api/banner/{id}/: replaces the banner's fields. */
export function updateBanner({ id, input }: { id: string; input: z.input<typeof BannerInput> }): Promise<Banner> {
  requireParams('updateBanner', { id });
  return adminHttp()('PUT', '/admin/api/banner/{id}/', { params: { id }, body: input });
}

/** Saves a banner and refreshes the list. */
export function useUpdateBanner() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateBanner, onSettled: () => client.invalidateQueries({ queryKey: bannerKeys.all }) });
}
