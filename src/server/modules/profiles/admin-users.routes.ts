import { createRoute, z } from '@hono/zod-openapi';
import { BulkResult } from '../../../domain/admin.ts';
import { AdminUserFlags, StatusInput, UserFlags, UserFlagsInput } from '../../../domain/admin-inputs.ts';
import { jsonBody, ok } from '../../platform/content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware } from '../../platform/admin/openapi.ts';

const tags = [...ADMIN_TAGS.users];

/** POST /admin/api/user/updateStatus/ */
export const updateStatus = createRoute({
  method: 'post',
  path: '/admin/api/user/updateStatus/',
  tags,
  summary: 'Set the status of users',
  description:
    'ACTIVE or DISABLED for the users given by id or sid; their personal accounts follow. A DISABLED user cannot sign in, their sessions stop working and their profile and collections disappear from the public site. All or nothing; you cannot disable yourself.',
  middleware: adminMiddleware,
  request: jsonBody(StatusInput),
  responses: { ...ok(BulkResult, 'The users whose status changed'), ...adminErrors(404) },
});

/** POST /admin/api/user/updateStatusAll/ */
export const updateStatusAll = createRoute({
  method: 'post',
  path: '/admin/api/user/updateStatusAll/',
  tags,
  summary: 'Reactivate every user',
  description: 'Sets every DISABLED user (and their personal account) back to ACTIVE. Answers the users it changed.',
  middleware: adminMiddleware,
  responses: { ...ok(BulkResult, 'The users reactivated'), ...adminErrors() },
});

const userParams = z.object({
  userId: z.string().trim().min(1).max(200).meta({ description: 'The person’s id or sid, or the id or sid of their personal account' }),
});

/** GET /admin/api/user/{userId}/flags/ */
export const getUserFlags = createRoute({
  method: 'get',
  path: '/admin/api/user/{userId}/flags/',
  tags,
  summary: 'A person’s feature flags',
  description:
    'The person (id, sid, name, email, status) and their own `discover/<flag>` flags. Flags from organization memberships are separate and not listed.',
  middleware: adminMiddleware,
  request: { params: userParams },
  responses: { ...ok(AdminUserFlags, 'The person and their flags'), ...adminErrors(404) },
});

/** PUT /admin/api/user/{userId}/flags/ */
export const setUserFlags = createRoute({
  method: 'put',
  path: '/admin/api/user/{userId}/flags/',
  tags,
  summary: 'Set a person’s feature flags',
  description:
    'Replaces the person’s own feature flags (each `discover/<flag>` of the flags the product checks; an unknown one is a 400). Membership flags are separate. Audited (USER, UPDATE_FLAGS); the person’s next request sees the new flags, without signing in again.',
  middleware: adminMiddleware,
  request: { params: userParams, ...jsonBody(UserFlagsInput) },
  responses: { ...ok(UserFlags, 'The person’s flags now'), ...adminErrors(404) },
});
