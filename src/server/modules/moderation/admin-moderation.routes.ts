import { createRoute, z } from '@hono/zod-openapi';
import { ModerationRecord } from '../../../domain/admin.ts';
import { ModerationInput } from '../../../domain/admin-inputs.ts';
import { ItemType } from '../../../domain/enums.ts';
import { PageQuery, pageOf } from '../../../domain/page.ts';
import { jsonBody, ok } from '../../platform/content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware, noContent } from '../../platform/admin/openapi.ts';

const tags = [...ADMIN_TAGS.moderation];
/** A page of moderation records. */
export const ModerationPage = pageOf(ModerationRecord, 'ModerationPage');

/** POST /admin/api/moderation/ */
export const createRecord = createRoute({
  method: 'post',
  path: '/admin/api/moderation/',
  tags,
  summary: 'Moderate an item',
  description:
    'Hides a space (id, modelId or slug), collection (id or sid) or account (id or sid; a user id or sid means their personal account, which hides the person too) from every public list and page. 404 for an unknown item, 409 when it is already moderated.',
  middleware: adminMiddleware,
  request: jsonBody(ModerationInput),
  responses: { ...ok(ModerationRecord, 'The record'), ...adminErrors(404, 409) },
});

/** GET /admin/api/moderation/ */
export const listRecords = createRoute({
  method: 'get',
  path: '/admin/api/moderation/',
  tags,
  summary: 'List moderation records',
  description: 'Newest first; `reason` matches part of the reason, any case. Pages of 50 by default.',
  middleware: adminMiddleware,
  request: {
    query: PageQuery.pick({ page: true, limit: true, offset: true }).extend({
      reason: z.string().max(200).optional(),
      itemType: ItemType.optional(),
    }),
  },
  responses: { ...ok(ModerationPage, 'A page of records'), ...adminErrors() },
});

/** DELETE /admin/api/moderation/ */
export const deleteByItem = createRoute({
  method: 'delete',
  path: '/admin/api/moderation/',
  tags,
  summary: 'Unmoderate an item',
  description: 'Removes the moderation of the item (given as when it was moderated), so it shows on the public site again.',
  middleware: adminMiddleware,
  request: { query: z.object({ itemId: z.string().min(1).max(200), itemType: ItemType }) },
  responses: { ...noContent('The item is no longer moderated'), ...adminErrors(404) },
});

/** DELETE /admin/api/moderation/{id}/ */
export const deleteRecord = createRoute({
  method: 'delete',
  path: '/admin/api/moderation/{id}/',
  tags,
  summary: 'Delete a moderation record',
  middleware: adminMiddleware,
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: { ...noContent('Deleted'), ...adminErrors(404) },
});
