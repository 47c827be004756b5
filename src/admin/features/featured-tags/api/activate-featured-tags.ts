import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkResult } from '../../../../domain/admin.ts';
import type { ActivateInput } from '../../../../domain/admin-inputs.ts';
import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { featuredTagKeys } from './keys.ts';

/** PUT /admin/api/featuredTag/activate/: sets the active flag of every listed featured tag (all or nothing). */
export function activateFeaturedTags(input: ActivateInput): Promise<BulkResult> {
  return adminHttp()<BulkResult>('PUT', '/admin/api/featuredTag/activate/', { body: input });
}

/** Activates or deactivates featured tags, shown at once and rolled back if the call fails. */
export function useActivateFeaturedTags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: activateFeaturedTags,
    onMutate: async ({ active, list }) => {
      await client.cancelQueries({ queryKey: featuredTagKeys.list() });
      const before = client.getQueryData<FeaturedTag[]>(featuredTagKeys.list());
      client.setQueryData<FeaturedTag[]>(featuredTagKeys.list(), (rows) => rows?.map((f) => (list.includes(f.id) ? { ...f, isActive: active } : f)));
      return { before };
    },
    onError: (_error, _input, context) => client.setQueryData(featuredTagKeys.list(), context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: featuredTagKeys.all }),
  });
}
