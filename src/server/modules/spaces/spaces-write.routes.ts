import { createRoute, z } from '@hono/zod-openapi';
import { Space } from '../../../domain/space.ts';
import { SpacePrepareInput, SpacePrepareResult } from '../../../domain/space-prepare.ts';
import { OwnerSpacePatch } from '../../../domain/user-inputs.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';
import { spaceEditor } from './space-editor.ts';

/** PATCH /api/content/space/{id}/ (spaceInput): the owner's edits, e.g. listing their space on Discover. */
export const patchSpace = createRoute({
  method: 'patch',
  path: '/api/content/space/{id}/',
  tags: ['Spaces'],
  summary: 'Edit my space',
  description:
    'Name, summary, description and visibility of a space, by its owner, an OWNER of its organization, or an administrator. Setting visibility PUBLIC lists it on Discover ("add your space").',
  middleware: [spaceEditor] as const,
  request: { params: z.object({ id: z.string().min(1).max(200).meta({ description: 'Space id, modelId or slug' }) }), ...jsonBody(OwnerSpacePatch) },
  responses: { ...ok(Space, 'The space'), ...errorResponses(400, 401, 403, 404) },
});

/** POST /api/content/space/prepare/ (spec 7): what adding a space to Discover would do, before doing it. */
export const prepareSpace = createRoute({
  method: 'post',
  path: '/api/content/space/prepare/',
  tags: ['Spaces'],
  summary: 'Prepare adding a space',
  description:
    "The '#add-space' check (spec 7 names the call, not its meaning; this is ours): finds the space by modelId, id or slug and answers it with `listed` (already PUBLIC on Discover), `owned` (the caller may edit it) and `canList` (owned and not listed: PATCH visibility PUBLIC lists it). Changes nothing. Signed-in only; 404 when the caller may not see the space.",
  request: jsonBody(SpacePrepareInput),
  responses: { ...ok(SpacePrepareResult, 'What adding the space would do'), ...errorResponses(400, 401, 404) },
});
