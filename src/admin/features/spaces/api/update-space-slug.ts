import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpaceSlugInput } from '../../../../domain/admin-inputs.ts';
import type { Space } from '../../../../domain/space.ts';
import { adminHttp } from '../../../lib/api.ts';
import { spaceKeys } from './keys.ts';

/** POST /admin/api/space/updateSlug/ (spaceSlugInput): the old slug keeps leading to the space. */
export function updateSpaceSlug(input: SpaceSlugInput): Promise<Space> {
  return adminHttp()('POST', '/admin/api/space/updateSlug/', { body: input });
}

/** Changes a space's slug: the answer replaces the cached space, and the lists refresh. */
export function useUpdateSpaceSlug(routeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSpaceSlug,
    onSuccess: (space) => client.setQueryData(spaceKeys.detail(routeId), space),
    onSettled: () => client.invalidateQueries({ queryKey: spaceKeys.all }),
  });
}
