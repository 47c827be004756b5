import { createRoute, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';

/** GET /api/version/: what build of the API answers. */
export const version = createRoute({
  method: 'get',
  path: '/api/version/',
  tags: ['System'],
  summary: 'API version',
  responses: {
    200: {
      description: 'The running version',
      content: { 'application/json': { schema: z.object({ version: z.string(), commit: z.string(), startedAt: z.string() }) } },
    },
  },
});

/** GET /env.js/: the browser configuration as a script that sets window.__DISCOVER_ENV__. */
export const envJs = createRoute({
  method: 'get',
  path: '/env.js/',
  tags: ['System'],
  summary: 'Browser configuration script',
  responses: {
    200: { description: 'JavaScript setting window.__DISCOVER_ENV__', content: { 'application/javascript': { schema: z.string() } } },
    500: { description: 'Failure', content: { 'application/json': { schema: ApiErrorBody } } },
  },
});
