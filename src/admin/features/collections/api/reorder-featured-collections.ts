import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionFilter, CollectionPage } from './get-collections.ts';
import { collectionKeys } from './keys.ts';
import { updateCollection } from './update-collection.ts';

/** A move in the featured list: the priorities to set and the order the list shows afterwards. */
export interface FeaturedMove {
  filter: CollectionFilter;
  changes: { id: string; priority: number }[];
  order: string[];
}

/** Sets the priorities (PATCH /admin/api/collection/{id}/ with `priority`), one call after the other. */
export async function reorderFeaturedCollections({ changes }: FeaturedMove): Promise<void> {
  for (const { id, priority } of changes) await updateCollection({ id, input: { priority } });
}

/** Moves a featured collection, showing the new order at once (rolled back if a call fails). */
export function useReorderFeaturedCollections() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderFeaturedCollections,
    onMutate: async ({ filter, changes, order }) => {
      const key = collectionKeys.list(filter);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<CollectionPage>(key);
      if (before) {
        const priority = new Map(changes.map((c) => [c.id, c.priority]));
        const results = order
          .map((id) => before.results.find((c) => c.id === id))
          .filter((c): c is NonNullable<typeof c> => Boolean(c))
          .map((c) => ({ ...c, priority: priority.get(c.id) ?? c.priority }));
        client.setQueryData<CollectionPage>(key, { ...before, results });
      }
      return { before, key };
    },
    onError: (_error, _move, context) => {
      if (context) client.setQueryData(context.key, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
