import { createRoute, z } from '@hono/zod-openapi';
import { Banner } from '../../../domain/homepage.ts';
import { LocaleQuery } from '../../../domain/locale-texts.ts';
import { errorResponses, ok } from '../../platform/content/openapi.ts';

/** GET /api/content/banner/: the pencil banners to show. */
export const listBanners = createRoute({
  method: 'get',
  path: '/api/content/banner/',
  tags: ['Banners'],
  summary: 'Active pencil banners',
  description: 'Active banners whose expirationDate is empty or in the future, by position. The site shows the first.',
  request: { query: z.object({ locale: LocaleQuery }) },
  responses: { ...ok(z.array(Banner), 'Banners'), ...errorResponses(400) },
});
