import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserFlags, UserFlags, UserFlagsInput } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** PUT /admin/api/user/{userId}/flags/: replaces a person's own feature flags. */
export function setUserFlags({ userId, ...body }: UserFlagsInput & { userId: string }): Promise<UserFlags> {
  return adminHttp()('PUT', '/admin/api/user/{userId}/flags/', { params: { userId }, body });
}

/** Saves a person's flags and puts the answer into every cached read of that person. */
export function useSetUserFlags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setUserFlags,
    onSuccess: (saved) => {
      client.setQueriesData<AdminUserFlags>({ queryKey: [...accountKeys.all, 'user-flags'] }, (old) =>
        old && old.userId === saved.userId ? { ...old, flags: saved.flags } : old,
      );
    },
  });
}
