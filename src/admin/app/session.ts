import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSessionUser } from '../../client/session.ts';
import { TECHNICIAN_FLAG } from '../../domain/capture-delivery.ts';
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

/** Whether the signed-in person is a technician without administrator rights: the console shows them only their jobs. */
export function isTechnicianOnly(user: { is_privileged: boolean; flags: readonly string[] } | undefined): boolean {
  return Boolean(user && !user.is_privileged && user.flags.includes(TECHNICIAN_FLAG));
}
