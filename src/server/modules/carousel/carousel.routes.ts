import { createRoute, z } from '@hono/zod-openapi';
import { CarouselItem } from '../../../domain/homepage.ts';
import { LocaleQuery } from '../../../domain/locale-texts.ts';
import { errorResponses, flag, ok } from '../../platform/content/openapi.ts';

/** GET /api/content/fci/: the featured carousel. */
export const listCarousel = createRoute({
  method: 'get',
  path: '/api/content/fci/',
  tags: ['Carousel'],
  summary: 'Featured carousel slides',
  description:
    'Slides by priority with their item resolved (name, image, site link, and the space card of SPACE slides). Slides whose item is missing or not public are left out.',
  request: { query: z.object({ includeInactive: flag().default(false).meta({ description: "'true' to include inactive slides" }), locale: LocaleQuery }) },
  responses: { ...ok(z.array(CarouselItem), 'Slides'), ...errorResponses(400) },
});
