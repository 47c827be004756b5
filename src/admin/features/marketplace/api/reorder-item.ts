import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminReorder } from '../../../../client/marketplace.ts';
import { adminHttp } from '../../../lib/api.ts';
import { marketplaceKeys } from './keys.ts';

/** PATCH /admin/api/marketplace/{resource}/{id}/reorder/: moved at once, rolled back if the call fails. */
export function useReorder(resource: 'apps' | 'partners' | 'collections') {
  const client = useQueryClient();
  const key = resource === 'apps' ? marketplaceKeys.apps() : resource === 'partners' ? marketplaceKeys.partners() : marketplaceKeys.collections();
  return useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) => adminReorder(adminHttp(), resource, id, position),
    onMutate: async ({ id, position }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<{ id: string }[]>(key);
      client.setQueryData<{ id: string }[]>(key, (rows) => {
        if (!rows) return rows;
        const moved = rows.find((r) => r.id === id);
        if (!moved) return rows;
        const rest = rows.filter((r) => r.id !== id);
        rest.splice(position, 0, moved);
        return rest;
      });
      return { before };
    },
    onError: (_e, _i, context) => client.setQueryData(key, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: marketplaceKeys.all }),
  });
}
