import { createRoute } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import { CurrentUser } from '../../../domain/session.ts';
import { signedIn } from './guards.ts';

const error = (description: string) => ({ description, content: { 'application/json': { schema: ApiErrorBody } } });

/** GET /api/session/user/: the spec's "Current user" (the main site user endpoint). */
export const sessionUser = createRoute({
  method: 'get',
  path: '/api/session/user/',
  tags: ['Session'],
  summary: 'Current user',
  description: 'The signed-in user with memberships and flags, or the guest shape with `is_authenticated: false`. Also renews the session cookie when due.',
  responses: { 200: { description: 'The current user', content: { 'application/json': { schema: CurrentUser } } } },
});

/** GET /api/content/construct/: prepares the signed-in user's data on first use. */
export const construct = createRoute({
  method: 'get',
  path: '/api/content/construct/',
  tags: ['Session'],
  summary: 'Prepare user data',
  description:
    'Creates what a user needs on first use (their favorites collection) and marks them prepared. 204 means the session is usable (spec 4). Safe to repeat.',
  middleware: [signedIn] as const,
  responses: { 204: { description: 'The user data is prepared' }, 401: error('Not signed in') },
});
