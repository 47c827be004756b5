import { createRoute } from '@hono/zod-openapi';
import { BulkResult } from '../../../../domain/admin.ts';
import { StatusInput } from '../../../../domain/admin-inputs.ts';
import { jsonBody, ok } from '../../../content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware } from '../../../admin/openapi.ts';

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
