import { createRoute, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import { Tour } from '../../../domain/tour.ts';
import { TourLayoutEdit } from '../../../domain/tour-layout-edit.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';
import { spaceEditor } from '../spaces/space-editor.ts';

/** PUT /api/content/space/{id}/tour/layout/: the owner's panorama editor saves where the points stand, their links and the start view. */
export const putTourLayout = createRoute({
  method: 'put',
  path: '/api/content/space/{id}/tour/layout/',
  tags: ['Spaces'],
  summary: 'Rearrange my 360° tour',
  description:
    'Where each sweep of a tour made from the owner’s 360° photos stands on the plan, which sweeps are linked as neighbours, and the start view (sweep and heading). Every sweep of the tour once, points inside the plan, links only between the tour’s own sweeps and both ways, a start sweep of the tour (else 400 with the field). By the space’s owner, an OWNER of its organization, or an administrator (403 for others who may see the space, 404 for those who may not). 409 for a tour that is not made of the owner’s photos (a 3D model’s or a demo tour). Answers the tour as GET …/tour/ now does; a public or unlisted space is published again.',
  middleware: [spaceEditor] as const,
  request: { params: z.object({ id: z.string().min(1).max(200).meta({ description: 'Space id, modelId or slug' }) }), ...jsonBody(TourLayoutEdit) },
  responses: {
    ...ok(Tour, 'The tour as saved'),
    ...errorResponses(400, 401, 403, 404),
    409: { description: 'CONFLICT: this tour’s layout is not editable', content: { 'application/json': { schema: ApiErrorBody } } },
  },
});
