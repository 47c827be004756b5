import { createRoute, z } from '@hono/zod-openapi';
import { AdminTag } from '../../../domain/admin.ts';
import { TagInput } from '../../../domain/admin-inputs.ts';
import { PageQuery, pageOf } from '../../../domain/page.ts';
import { jsonBody, ok } from '../../platform/content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware } from '../../platform/admin/openapi.ts';

const tags = [...ADMIN_TAGS.tags];
/** A page of tags. */
export const AdminTagPage = pageOf(AdminTag, 'AdminTagPage');

/** POST /admin/api/tag/ */
export const createTag = createRoute({
  method: 'post',
  path: '/admin/api/tag/',
  tags,
  summary: 'Create a tag',
  description: 'Its slug (the /tag/{tag} page) is made from the name. 409 when a tag with the same name (any case) or slug exists.',
  middleware: adminMiddleware,
  request: jsonBody(TagInput),
  responses: { ...ok(AdminTag, 'The tag'), ...adminErrors(409) },
});

/** GET /admin/api/tag/ */
export const listTags = createRoute({
  method: 'get',
  path: '/admin/api/tag/',
  tags,
  summary: 'List tags',
  description: 'By name; `searchText` matches part of the name or slug. Pages of 50 by default; `page` is 1-based.',
  middleware: adminMiddleware,
  request: {
    query: z.object({
      searchText: z.string().max(200).optional(),
      ...PageQuery.pick({ page: true, limit: true }).shape,
    }),
  },
  responses: { ...ok(AdminTagPage, 'A page of tags'), ...adminErrors() },
});
