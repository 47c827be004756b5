import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRef, BulkResult } from '../../../../domain/admin.ts';
import type { StatusInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import type { AccountPage } from './search-accounts.ts';
import { accountKeys } from './keys.ts';

/** POST /admin/api/account/updateStatus/: sets the status of accounts (all or nothing); answers those that changed. */
export function updateAccountStatus(input: StatusInput): Promise<BulkResult> {
  return adminHttp()('POST', '/admin/api/account/updateStatus/', { body: input });
}

/** Changes account statuses, showing them at once in the lists (rolled back if the call fails). */
export function useUpdateAccountStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAccountStatus,
    onMutate: async ({ id, ids, status }) => {
      const changed = new Set([...(id ? [id] : []), ...(ids ?? [])]);
      await client.cancelQueries({ queryKey: accountKeys.all });
      const before = client.getQueriesData<AccountPage>({ queryKey: accountKeys.all });
      client.setQueriesData<AccountPage>({ queryKey: accountKeys.all }, (page) =>
        page ? { ...page, results: page.results.map((a: AccountRef) => (changed.has(a.id) ? { ...a, status } : a)) } : page,
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
