import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCreateApp, adminGetApp, adminUpdateApp } from '../../../../client/marketplace.ts';
import type { AppInput } from '../../../../domain/marketplace.ts';
import { adminHttp } from '../../../lib/api.ts';
import { marketplaceKeys } from './keys.ts';

/** One app (GET /admin/api/marketplace/apps/{id}/). */
export const useApp = (id: string | undefined) =>
  useQuery({ queryKey: marketplaceKeys.app(id ?? ''), queryFn: () => adminGetApp(adminHttp(), id ?? ''), enabled: Boolean(id) });

/** Creates (no id) or replaces an app. */
export function useSaveApp(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AppInput) => (id ? adminUpdateApp(adminHttp(), id, input) : adminCreateApp(adminHttp(), input)),
    onSettled: () => client.invalidateQueries({ queryKey: marketplaceKeys.all }),
  });
}
