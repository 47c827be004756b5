import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { Collection } from '../../../../domain/collection.ts';
import { adminHttp } from '../../../lib/api.ts';
import { collectionKeys } from './keys.ts';

/** PATCH /admin/api/collection/{id}/reorder/: the children listed come first, in that order; the rest follow. */
export function reorderCollectionChildren({ id, children }: { id: string; children: string[] }): Promise<Collection> {
  requireParams('reorderCollectionChildren', { id });
  return adminHttp()('PATCH', '/admin/api/collection/{id}/reorder/', { params: { id }, body: { children } });
}

/** Reorders children, showing the new order at once (rolled back if the call fails). */
export function useReorderCollectionChildren(routeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderCollectionChildren,
    onMutate: async ({ children }) => {
      const key = collectionKeys.detail(routeId);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Collection>(key);
      if (before) {
        const idOf = (c: Collection['children']['results'][number]) => c.space?.id ?? c.collection?.id ?? '';
        const byId = new Map(before.children.results.map((c) => [idOf(c), c]));
        const ordered = children.map((id) => byId.get(id)).filter((c): c is NonNullable<typeof c> => Boolean(c));
        const rest = before.children.results.filter((c) => !children.includes(idOf(c)));
        client.setQueryData<Collection>(key, { ...before, children: { ...before.children, results: [...ordered, ...rest] } });
      }
      return { before };
    },
    onError: (_error, _input, context) => client.setQueryData(collectionKeys.detail(routeId), context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
