import { createRoute, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import { OEmbed, OEmbedQuery } from '../../../domain/oembed.ts';
import { Tour } from '../../../domain/tour.ts';
import { errorResponses, ok } from '../../platform/content/openapi.ts';

/** GET /api/content/space/{id}/tour/: what the player needs to show a space in 3D. */
export const getTour = createRoute({
  method: 'get',
  path: '/api/content/space/{id}/tour/',
  tags: ['Spaces'],
  summary: 'Get the 3D tour of a space',
  description:
    'The model, floors, rooms, sweep points, tags, start view, poster and floor plans of a space, by id, modelId, slug or a former slug. Who may read it is who may read the space (`GET /api/content/space/{id}/`); 404 when the space has no tour.',
  request: { params: z.object({ id: z.string().min(1).max(200) }) },
  responses: { ...ok(Tour, 'The tour'), ...errorResponses(400, 404) },
});

/** GET /api/oembed/: the oEmbed provider (https://oembed.com) for space pages and the player. */
export const oembed = createRoute({
  method: 'get',
  path: '/api/oembed/',
  tags: ['Embeds'],
  summary: 'Embed a space (oEmbed)',
  description:
    'How to embed the 3D tour of a space shown at `url` (a space page in any locale, or the player `/discover/showcase/?m=…`): a `rich` answer whose `html` is the player in an iframe, 16:9 within `maxwidth` and `maxheight` (640×360 without them). PUBLIC and UNLISTED spaces only (an UNLISTED space is shared by its link, and so is its embed); 404 for a PRIVATE, moderated or unknown space, 400 for a URL of another site, 501 for a format other than JSON.',
  request: { query: OEmbedQuery },
  responses: {
    ...ok(OEmbed, 'The embed'),
    ...errorResponses(400, 404),
    501: { description: 'NOT_IMPLEMENTED: only `format=json` is answered', content: { 'application/json': { schema: ApiErrorBody } } },
  },
});

/** The OEmbed query as the handler reads it. */
export type OEmbedInput = z.infer<typeof OEmbedQuery>;
