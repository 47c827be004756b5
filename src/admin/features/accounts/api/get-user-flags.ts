import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserFlags } from '../../../../domain/admin-inputs.ts';
import { adminHttp } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** GET /admin/api/user/{userId}/flags/: a person (by id or sid, or their personal account's) and their own feature flags. */
export function getUserFlags(key: string): Promise<AdminUserFlags> {
  return adminHttp()('GET', '/admin/api/user/{userId}/flags/', { params: { userId: key } });
}

/** Query options of a person's flags. */
export const userFlagsQuery = (key: string) => queryOptions({ queryKey: accountKeys.userFlags(key), queryFn: () => getUserFlags(key) });

/** A person's flags; idle until a key is given. */
export function useUserFlags(key: string) {
  return useQuery({ ...userFlagsQuery(key), enabled: key !== '' });
}
