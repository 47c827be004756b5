import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSessionUser } from '../../client/session.ts';
import { adminHttp } from '../lib/api.ts';

/** The signed-in user (GET /api/session/user/), shared by the access check and the header menu. */
export const sessionQuery = queryOptions({
  queryKey: ['session', 'user'] as const,
  queryFn: () => getSessionUser(adminHttp()),
  staleTime: Infinity,
});

/** The signed-in user as the session endpoint answers it. */
export function useSessionUser() {
  return useQuery(sessionQuery);
}
