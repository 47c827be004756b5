import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCreatePartner, adminGetPartner, adminRotatePartnerSecret, adminUpdatePartner } from '../../../../client/marketplace.ts';
import type { PartnerInput } from '../../../../domain/marketplace.ts';
import { adminHttp } from '../../../lib/api.ts';
import { marketplaceKeys } from './keys.ts';

/** One partner (GET /admin/api/marketplace/partners/{id}/). */
export const usePartner = (id: string | undefined) =>
  useQuery({ queryKey: marketplaceKeys.partner(id ?? ''), queryFn: () => adminGetPartner(adminHttp(), id ?? ''), enabled: Boolean(id) });

/** Creates (no id) or replaces a partner; a new partner's answer carries its secret, shown once. */
export function useSavePartner(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PartnerInput) => (id ? adminUpdatePartner(adminHttp(), id, input) : adminCreatePartner(adminHttp(), input)),
    onSettled: () => client.invalidateQueries({ queryKey: marketplaceKeys.all }),
  });
}

/** POST …/rotate-secret/: a new signing secret, shown once. */
export function useRotateSecret(id: string) {
  return useMutation({ mutationFn: () => adminRotatePartnerSecret(adminHttp(), id) });
}
