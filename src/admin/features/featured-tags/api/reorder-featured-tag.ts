import { arrayMove } from '@dnd-kit/sortable';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { FeaturedTag } from '../../../../domain/homepage.ts';
import { adminHttp } from '../../../lib/api.ts';
import { featuredTagKeys } from './keys.ts';

/** PATCH /admin/api/featuredTag/{id}/reorder/: moves it to a 0-based place; answers every featured tag in the new order. */
export function reorderFeaturedTag({ id, position }: { id: string; position: number }): Promise<FeaturedTag[]> {
  requireParams('reorderFeaturedTag', { id });
  return adminHttp()<FeaturedTag[]>('PATCH', `/admin/api/featuredTag/${encodeURIComponent(id)}/reorder/`, { body: { position } });
}

/** Moves a featured tag: the list shows the new order at once, the API's order once it answers, the old one if it fails. */
export function useReorderFeaturedTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderFeaturedTag,
    onMutate: async ({ id, position }) => {
      await client.cancelQueries({ queryKey: featuredTagKeys.list() });
      const before = client.getQueryData<FeaturedTag[]>(featuredTagKeys.list());
      client.setQueryData<FeaturedTag[]>(featuredTagKeys.list(), (rows) => {
        const from = rows?.findIndex((f) => f.id === id) ?? -1;
        return rows && from >= 0 ? arrayMove(rows, from, position) : rows;
      });
      return { before };
    },
    onSuccess: (rows) => client.setQueryData(featuredTagKeys.list(), rows),
    onError: (_error, _input, context) => client.setQueryData(featuredTagKeys.list(), context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: featuredTagKeys.all }),
  });
}
