import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCreateAppCollection, adminGetAppCollection, adminUpdateAppCollection } from '../../../../client/marketplace.ts';
import type { CollectionInput } from '../../../../domain/marketplace.ts';
import { adminHttp } from '../../../lib/api.ts';
import { marketplaceKeys } from './keys.ts';

/** One collection of apps (GET /admin/api/marketplace/collections/{id}/). */
export const useAppCollection = (id: string | undefined) =>
  useQuery({ queryKey: marketplaceKeys.collection(id ?? ''), queryFn: () => adminGetAppCollection(adminHttp(), id ?? ''), enabled: Boolean(id) });

/** Creates (no id) or replaces a collection of apps (its apps in the order given). */
export function useSaveAppCollection(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CollectionInput) => (id ? adminUpdateAppCollection(adminHttp(), id, input) : adminCreateAppCollection(adminHttp(), input)),
    onSettled: () => client.invalidateQueries({ queryKey: marketplaceKeys.all }),
  });
}
