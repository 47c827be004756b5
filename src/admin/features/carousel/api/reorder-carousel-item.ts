import { arrayMove } from '@dnd-kit/sortable';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { AdminCarouselItem } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { carouselKeys } from './keys.ts';

/** PATCH /admin/api/fci/{id}/reorder/: moves the slide to a 0-based place; answers every slide in the new order. */
export function reorderCarouselItem({ id, position }: { id: string; position: number }): Promise<AdminCarouselItem[]> {
  requireParams('reorderCarouselItem', { id });
  return adminHttp()<AdminCarouselItem[]>('PATCH', `/admin/api/fci/${encodeURIComponent(id)}/reorder/`, { body: { position } });
}

/** Moves a slide: the new order shows at once, the API's once it answers, the old one if it fails. */
export function useReorderCarouselItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderCarouselItem,
    onMutate: async ({ id, position }) => {
      await client.cancelQueries({ queryKey: carouselKeys.list() });
      const before = client.getQueryData<AdminCarouselItem[]>(carouselKeys.list());
      client.setQueryData<AdminCarouselItem[]>(carouselKeys.list(), (rows) => {
        const from = rows?.findIndex((s) => s.id === id) ?? -1;
        return rows && from >= 0 ? arrayMove(rows, from, position) : rows;
      });
      return { before };
    },
    onSuccess: (rows) => client.setQueryData(carouselKeys.list(), rows),
    onError: (_error, _input, context) => client.setQueryData(carouselKeys.list(), context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: carouselKeys.all }),
  });
}
