import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkResult } from '../../../../domain/admin.ts';
import type { StatusInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** POST /admin/api/user/updateStatus/: sets the status of people (by id or sid) and their personal accounts. */
export function updateUserStatus(input: StatusInput): Promise<BulkResult> {
  return adminHttp()('POST', '/admin/api/user/updateStatus/', { body: input });
}

/** Changes a person's status and refreshes the accounts (their personal account follows). */
export function useUpdateUserStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateUserStatus, onSettled: () => client.invalidateQueries({ queryKey: accountKeys.all }) });
}
