import { createRoute } from '@hono/zod-openapi';
import { AccountRef, BulkResult, ImportResult } from '../../../domain/admin.ts';
import { AccountSearchInput, AccountsImportDto, StatusInput } from '../../../domain/admin-inputs.ts';
import { PageQuery, pageOf } from '../../../domain/page.ts';
import { jsonBody, ok } from '../../platform/content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware } from '../../platform/admin/openapi.ts';

const tags = [...ADMIN_TAGS.accounts];
/** A page of accounts. */
export const AccountRefPage = pageOf(AccountRef, 'AccountRefPage');

/** POST /admin/api/account/importAll/ */
export const importAll = createRoute({
  method: 'post',
  path: '/admin/api/account/importAll/',
  tags,
  summary: 'Import organizations',
  description:
    'Creates or updates organizations from a feed, matched on `sid`: new sids become organizations, known ones get the fields given. One transaction, one audit entry.',
  middleware: adminMiddleware,
  request: jsonBody(AccountsImportDto),
  responses: { ...ok(ImportResult, 'What was created and updated'), ...adminErrors() },
});

/** POST /admin/api/account/search/ */
export const search = createRoute({
  method: 'post',
  path: '/admin/api/account/search/',
  tags,
  summary: 'Search accounts',
  description: 'Every account (organizations and personal ones, any status) whose name, sid or id contains the text, by name.',
  middleware: adminMiddleware,
  request: { query: PageQuery.pick({ offset: true, limit: true, seek: true }), ...jsonBody(AccountSearchInput) },
  responses: { ...ok(AccountRefPage, 'A page of accounts'), ...adminErrors() },
});

/** POST /admin/api/account/updateStatusAll/ */
export const updateStatusAll = createRoute({
  method: 'post',
  path: '/admin/api/account/updateStatusAll/',
  tags,
  summary: 'Reactivate every account',
  description: 'Sets every DISABLED account back to ACTIVE (and the users of personal accounts). Answers the accounts it changed.',
  middleware: adminMiddleware,
  responses: { ...ok(BulkResult, 'The accounts reactivated'), ...adminErrors() },
});

/** POST /admin/api/account/updateStatus/ */
export const updateStatus = createRoute({
  method: 'post',
  path: '/admin/api/account/updateStatus/',
  tags,
  summary: 'Set the status of accounts',
  description:
    'ACTIVE or DISABLED for the accounts given by id or sid. A DISABLED account disappears from the public site; a personal account takes its user along. All or nothing.',
  middleware: adminMiddleware,
  request: jsonBody(StatusInput),
  responses: { ...ok(BulkResult, 'The accounts whose status changed'), ...adminErrors(404) },
});
