import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCarouselItem, BulkResult } from '../../../../domain/admin.ts';
import type { ActivateInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { carouselKeys } from './keys.ts';

/** PUT /admin/api/fci/activate/: sets the active flag of every listed slide (all or nothing). */
export function activateCarouselItems(input: ActivateInput): Promise<BulkResult> {
  return adminHttp()<BulkResult>('PUT', '/admin/api/fci/activate/', { body: input });
}

/** Activates or deactivates slides, shown at once and rolled back if the call fails. */
export function useActivateCarouselItems() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: activateCarouselItems,
    onMutate: async ({ active, list }) => {
      await client.cancelQueries({ queryKey: carouselKeys.list() });
      const before = client.getQueryData<AdminCarouselItem[]>(carouselKeys.list());
      client.setQueryData<AdminCarouselItem[]>(carouselKeys.list(), (rows) => rows?.map((s) => (list.includes(s.id) ? { ...s, isActive: active } : s)));
      return { before };
    },
    onError: (_error, _input, context) => client.setQueryData(carouselKeys.list(), context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: carouselKeys.all }),
  });
}
