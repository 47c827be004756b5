import { createRoute, z } from '@hono/zod-openapi';
import { Space } from '../../../domain/space.ts';
import { OwnerSpacePatch } from '../../../domain/user-inputs.ts';
import { errorResponses, jsonBody, ok } from '../../content/openapi.ts';
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
