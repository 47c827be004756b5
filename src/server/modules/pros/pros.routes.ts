import { createRoute } from '@hono/zod-openapi';
import { ProList } from '../../../domain/pros.ts';
import { ok } from '../../platform/content/openapi.ts';

/** GET /api/capture/pros/ */
export const getPros = createRoute({
  method: 'get',
  path: '/api/capture/pros/',
  tags: ['Capture services'],
  summary: 'Find a 3D Pro: the directory',
  description:
    "Every active capture technician and every active marketplace partner with a directory profile: photo, areas served (city, region, country; a technician's first area is its base, with the radius it travels), languages (BCP 47) and what they capture. Public; the site builds Find a 3D Pro from it.",
  responses: { ...ok(ProList, 'The pros, technicians first, each group by country and city') },
});
