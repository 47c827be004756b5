import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkResult } from '../../../../domain/admin.ts';
import { adminHttp } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** POST /admin/api/user/updateStatusAll/: reactivates every disabled person; answers those that changed. */
export function updateAllUserStatus(): Promise<BulkResult> {
  return adminHttp()('POST', '/admin/api/user/updateStatusAll/');
}

/** Reactivates every person and refreshes the accounts. */
export function useUpdateAllUserStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateAllUserStatus, onSettled: () => client.invalidateQueries({ queryKey: accountKeys.all }) });
}
