import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { SpaceInput } from '../../../../domain/admin-inputs.ts';
import type { Space } from '../../../../domain/space.ts';
import { adminHttp } from '../../../lib/api.ts';
import { spaceKeys } from './keys.ts';

/** PATCH /admin/api/space/{id}/ (spaceInput): only the fields given change; `moderation` hides or shows it. */
export function updateSpace({ id, input }: { id: string; input: SpaceInput }): Promise<Space> {
  requireParams('updateSpace', { id });
  return adminHttp()('PATCH', '/admin/api/space/{id}/', { params: { id }, body: input });
}

/** Saves a space: the answer replaces the cached one, and the lists refresh. */
export function useUpdateSpace(routeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSpace,
    onSuccess: (space) => client.setQueryData(spaceKeys.detail(routeId), space),
    onSettled: () => client.invalidateQueries({ queryKey: spaceKeys.all }),
  });
}
