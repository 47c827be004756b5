import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkResult } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** POST /admin/api/account/updateStatusAll/: reactivates every disabled account; answers those that changed. */
export function updateAllAccountStatus(): Promise<BulkResult> {
  return adminHttp()('POST', '/admin/api/account/updateStatusAll/');
}

/** Reactivates every account and refreshes the list. */
export function useUpdateAllAccountStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateAllAccountStatus, onSettled: () => client.invalidateQueries({ queryKey: accountKeys.all }) });
}
