import { queryOptions, useQuery } from '@tanstack/react-query';
import { requireParams } from '../../../../client/http.ts';
import type { Space } from '../../../../domain/space.ts';
import { adminHttp } from '../../../lib/api.ts';
import { spaceKeys } from './keys.ts';

/** GET /admin/api/space/{id}/: any space by id, modelId or slug (also private or moderated ones). */
export function getSpace(id: string): Promise<Space> {
  requireParams('getSpace', { id });
  return adminHttp()('GET', '/admin/api/space/{id}/', { params: { id } });
}

/** Query options of one space. */
export const spaceQuery = (id: string) => queryOptions({ queryKey: spaceKeys.detail(id), queryFn: () => getSpace(id) });

/** One space. */
export function useSpace(id: string) {
  return useQuery(spaceQuery(id));
}
