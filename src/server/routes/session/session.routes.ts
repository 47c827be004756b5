import { createRoute, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import { CurrentUser, FEATURE_FLAGS } from '../../../domain/session.ts';
import { adminOnly, signedIn } from '../../auth/guards.ts';

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

/** A feature flag as users carry it: `discover/<flag>`. */
export const FlagName = z.enum(FEATURE_FLAGS.map((f) => `discover/${f}` as const)).meta({ id: 'FeatureFlagName' });

/** Body and answer of the admin flags call. */
export const UserFlags = z.object({ flags: z.array(FlagName).max(FEATURE_FLAGS.length) }).meta({ id: 'UserFlags' });

/** PUT /admin/api/user/{userId}/flags/: sets a user's own feature flags (administrators). */
export const setUserFlags = createRoute({
  method: 'put',
  path: '/admin/api/user/{userId}/flags/',
  tags: ['Admin users'],
  summary: "Set a user's feature flags",
  description: "Replaces the user's own flags (membership flags are separate). Each must be `discover/<flag>` of the known flags.",
  middleware: [adminOnly] as const,
  request: {
    params: z.object({ userId: z.string().min(1).max(64) }),
    body: { content: { 'application/json': { schema: UserFlags } }, required: true },
  },
  responses: {
    200: { description: 'The flags now set', content: { 'application/json': { schema: UserFlags.extend({ userId: z.string() }) } } },
    400: error('Unknown flag or bad body'),
    401: error('Not signed in'),
    403: error('Not an administrator'),
    404: error('No such user'),
  },
});
