import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminActivate, type MarketplaceResource } from '../../../../client/marketplace.ts';
import { adminHttp } from '../../../lib/api.ts';
import { marketplaceKeys } from './keys.ts';

const listKey = (resource: MarketplaceResource) =>
  resource === 'apps' ? marketplaceKeys.apps() : resource === 'partners' ? marketplaceKeys.partners() : marketplaceKeys.collections();

/** PUT /admin/api/marketplace/{resource}/activate/: shown at once, rolled back if the call fails. */
export function useActivate(resource: MarketplaceResource) {
  const client = useQueryClient();
  const key = listKey(resource);
  return useMutation({
    mutationFn: (input: { ids: string[]; active: boolean }) => adminActivate(adminHttp(), resource, input),
    onMutate: async ({ ids, active }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<{ id: string; isActive: boolean }[]>(key);
      client.setQueryData<{ id: string; isActive: boolean }[]>(key, (rows) => rows?.map((r) => (ids.includes(r.id) ? { ...r, isActive: active } : r)));
      return { before };
    },
    onError: (_e, _i, context) => client.setQueryData(key, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: marketplaceKeys.all }),
  });
}
