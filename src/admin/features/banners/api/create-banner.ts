import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BannerInput } from '../../../../domain/admin-inputs.ts';
import type { Banner } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { bannerKeys } from './keys.ts';

/** POST /admin/api/banner/: a new banner goes first, so it is the one the site shows. */
export function createBanner(input: z.input<typeof BannerInput>): Promise<Banner> {
  return adminHttp()('POST', '/admin/api/banner/', { body: input });
}

/** Creates a banner and refreshes the list. */
export function useCreateBanner() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createBanner, onSettled: () => client.invalidateQueries({ queryKey: bannerKeys.all }) });
}
