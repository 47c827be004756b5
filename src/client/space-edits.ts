import type { Space } from '../domain/space.ts';
import type { SpacePrepareResult } from '../domain/space-prepare.ts';
import type { OwnerSpacePatch } from '../domain/user-inputs.ts';
import { requireParams, type Http } from './http.ts';

/** The owner's edit of a space (e.g. `visibility: 'PUBLIC'` lists it on Discover). */
export function patchSpace(http: Http, params: { id: string } & OwnerSpacePatch): Promise<Space> {
  requireParams('patchSpace', { id: params.id });
  const { id, ...body } = params;
  return http('PATCH', '/api/content/space/{id}/', { params: { id }, body });
}

/** Whether a space (modelId, id or slug) is on Discover already and whether the signed-in user may list it; changes nothing. */
export function prepareSpace(http: Http, params: { id: string }): Promise<SpacePrepareResult> {
  requireParams('prepareSpace', { id: params.id });
  return http('POST', '/api/content/space/prepare/', { body: { id: params.id } });
}
