import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { requireParams } from '../../../../client/http.ts';
import type { FeaturedTagInput } from '../../../../domain/admin-inputs.ts';
import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { featuredTagKeys } from './keys.ts';

/** PUT /admin/api/featuredTag/{id}/: replaces name, active flag and tags. */
export function updateFeaturedTag({ id, input }: { id: string; input: z.input<typeof FeaturedTagInput> }): Promise<FeaturedTag> {
  requireParams('updateFeaturedTag', { id });
  return adminHttp()('PUT', '/admin/api/featuredTag/{id}/', { params: { id }, body: input });
}

/** Saves a featured tag and refreshes the list and the tag. */
export function useUpdateFeaturedTag() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateFeaturedTag, onSettled: () => client.invalidateQueries({ queryKey: featuredTagKeys.all }) });
}
