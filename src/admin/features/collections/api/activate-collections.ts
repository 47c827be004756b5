import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkResult } from '../../../../domain/admin.ts';
import type { ActivateInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import type { CollectionPage } from './get-collections.ts';
import { collectionKeys } from './keys.ts';

/** PUT /admin/api/collection/activate/: sets the active flag of every listed collection (all or nothing). */
export function activateCollections(input: ActivateInput): Promise<BulkResult> {
  return adminHttp()('PUT', '/admin/api/collection/activate/', { body: input });
}

/** Activates or deactivates collections, showing it at once in the lists (rolled back if the call fails). */
export function useActivateCollections() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: activateCollections,
    onMutate: async ({ active, list }) => {
      const key = [...collectionKeys.all, 'list'];
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueriesData<CollectionPage>({ queryKey: key });
      client.setQueriesData<CollectionPage>({ queryKey: key }, (page) =>
        page ? { ...page, results: page.results.map((c) => (list.includes(c.id) ? { ...c, isActive: active } : c)) } : page,
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
