import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { ItemType } from '../../../../domain/enums.ts';
import { adminHttp } from '../../../lib/api.ts';
import { moderationKeys } from './keys.ts';

/** What to unmoderate: an item by any of its keys and its type. */
export interface ItemRef {
  itemId: string;
  itemType: ItemType;
}

/** DELETE /admin/api/moderation/?itemId&itemType: lifts every moderation of an item (404 when it has none). */
export function deleteItemModeration({ itemId, itemType }: ItemRef): Promise<void> {
  requireParams('deleteItemModeration', { itemId, itemType });
  return adminHttp()('DELETE', '/admin/api/moderation/', { query: { itemId, itemType } });
}

/** Lifts an item's moderation and refreshes the records. */
export function useDeleteItemModeration() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteItemModeration, onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.all }) });
}
