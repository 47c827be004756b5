import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FeaturedTagInput } from '../../../../domain/admin-inputs.ts';
import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { featuredTagKeys } from './keys.ts';

/** POST /admin/api/featuredTag/: a new featured tag goes last. */
export function createFeaturedTag(input: z.input<typeof FeaturedTagInput>): Promise<FeaturedTag> {
  return adminHttp()('POST', '/admin/api/featuredTag/', { body: input });
}

/** Creates a featured tag and refreshes the list. */
export function useCreateFeaturedTag() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createFeaturedTag, onSettled: () => client.invalidateQueries({ queryKey: featuredTagKeys.all }) });
}
