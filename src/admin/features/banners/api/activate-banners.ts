import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkResult } from '../../../../domain/admin.ts';
import type { ActivateInput } from '../../../../domain/admin-inputs.ts';
import type { Banner } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { bannerKeys } from './keys.ts';

/** PUT /admin/api/banner/activate/: sets the active flag of every listed banner (all or nothing). */
export function activateBanners(input: ActivateInput): Promise<BulkResult> {
  return adminHttp()<BulkResult>('PUT', '/admin/api/banner/activate/', { body: input });
}

/** Activates or deactivates banners, showing the change at once (rolled back if the call fails). */
export function useActivateBanners() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: activateBanners,
    onMutate: async ({ active, list }) => {
      await client.cancelQueries({ queryKey: bannerKeys.list() });
      const before = client.getQueryData<Banner[]>(bannerKeys.list());
      client.setQueryData<Banner[]>(bannerKeys.list(), (rows) => rows?.map((b) => (list.includes(b.id) ? { ...b, isActive: active } : b)));
      return { before };
    },
    onError: (_error, _input, context) => client.setQueryData(bannerKeys.list(), context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: bannerKeys.all }),
  });
}
