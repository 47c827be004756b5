import { createRoute, z } from '@hono/zod-openapi';
import { ImportResult, SettingValue } from '../../../domain/admin.ts';
import { AdminSpaceSearchDto, ImportAllFilter, SpaceInput, SpaceSlugInput, SpacesImportDto } from '../../../domain/admin-inputs.ts';
import { PageQuery, pageOf } from '../../../domain/page.ts';
import { Space } from '../../../domain/space.ts';
import { flag, jsonBody, ok } from '../../platform/content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware } from '../../platform/admin/openapi.ts';

const tags = [...ADMIN_TAGS.spaces];
const params = z.object({ id: z.string().min(1).max(200).meta({ description: 'Space id, modelId, slug or former slug' }) });
/** A page of full spaces for administrators. */
export const AdminSpacePage = pageOf(Space, 'AdminSpacePage');

/** GET /admin/api/space/showViewsConfig/ */
export const getShowViews = createRoute({
  method: 'get',
  path: '/admin/api/space/showViewsConfig/',
  tags,
  summary: 'Whether view counts show publicly',
  description: 'Setting `space.showViews` (default true). When false, public answers carry `views: null`; administrators always see them.',
  middleware: adminMiddleware,
  responses: { ...ok(SettingValue, 'The setting'), ...adminErrors() },
});

/** POST /admin/api/space/showViewsConfig/ */
export const setShowViews = createRoute({
  method: 'post',
  path: '/admin/api/space/showViewsConfig/',
  tags,
  summary: 'Show view counts publicly or not',
  middleware: adminMiddleware,
  request: { query: z.object({ newValue: flag().meta({ description: "'true' or 'false'" }) }) },
  responses: { ...ok(SettingValue, 'The setting now'), ...adminErrors() },
});

/** POST /admin/api/space/importAll/ */
export const importAll = createRoute({
  method: 'post',
  path: '/admin/api/space/importAll/',
  tags,
  summary: 'Re-import stored spaces',
  description:
    'Re-imports every stored space the filter selects (empty filter: all): tags are reconciled between the display list and the search index (names only in the list become tags), missing slugs are made and full-text rows rebuilt; then the site rebuilds them. `input` is a free label for the run (e.g. the upstream batch), kept in the audit entry.',
  middleware: adminMiddleware,
  request: {
    query: z.object({ input: z.string().max(200).optional().meta({ description: 'Label of this run, recorded in the audit log' }) }),
    ...jsonBody(ImportAllFilter),
  },
  responses: { ...ok(ImportResult, 'Spaces re-imported (`ids`) and how many changed'), ...adminErrors() },
});

/** POST /admin/api/space/import/ */
export const importSpaces = createRoute({
  method: 'post',
  path: '/admin/api/space/import/',
  tags,
  summary: 'Import a feed of spaces',
  description:
    'Creates or updates spaces matched on modelId, all in one transaction. New spaces need a name and get a unique slug; fields left out keep their value; given tags and cameras replace the current ones. A camera code this product does not know needs its manufacturer and kind.',
  middleware: adminMiddleware,
  request: jsonBody(SpacesImportDto),
  responses: { ...ok(ImportResult, 'What was created and updated'), ...adminErrors() },
});

/** PUT /admin/api/space/import/ */
export const fillCameras = createRoute({
  method: 'put',
  path: '/admin/api/space/import/',
  tags,
  summary: 'Fill empty cameras from a feed',
  description:
    "Gives the feed's cameras to the listed spaces that have none; other fields and spaces that have cameras are left alone. Every modelId must exist (404 otherwise, nothing changes).",
  middleware: adminMiddleware,
  request: jsonBody(SpacesImportDto),
  responses: { ...ok(ImportResult, 'Spaces given cameras (`updated`)'), ...adminErrors(404) },
});

/** POST /admin/api/space/search/ */
export const search = createRoute({
  method: 'post',
  path: '/admin/api/space/search/',
  tags,
  summary: 'Search every space',
  description: 'Any visibility (PRIVATE with includePrivate or visibility), moderated or not, as full records with their moderation. Pages of 24 by default.',
  middleware: adminMiddleware,
  request: { query: PageQuery.pick({ offset: true, limit: true, seek: true, page: true }), ...jsonBody(AdminSpaceSearchDto) },
  responses: { ...ok(AdminSpacePage, 'A page of spaces'), ...adminErrors() },
});

/** POST /admin/api/space/updateSlug/ */
export const updateSlug = createRoute({
  method: 'post',
  path: '/admin/api/space/updateSlug/',
  tags,
  summary: "Change a space's slug",
  description:
    'The slug must be URL-safe (lowercase words joined by dashes) and used by no other space, now or before (409). The old slug keeps leading to the space.',
  middleware: adminMiddleware,
  request: jsonBody(SpaceSlugInput),
  responses: { ...ok(Space, 'The space'), ...adminErrors(404, 409) },
});

/** GET /admin/api/space/{id}/ */
export const getSpace = createRoute({
  method: 'get',
  path: '/admin/api/space/{id}/',
  tags,
  summary: 'Get any space',
  description: 'Whatever its visibility, with its moderation and view count.',
  middleware: adminMiddleware,
  request: { params },
  responses: { ...ok(Space, 'The space'), ...adminErrors(404) },
});

/** PATCH /admin/api/space/{id}/ */
export const patchSpace = createRoute({
  method: 'patch',
  path: '/admin/api/space/{id}/',
  tags,
  summary: 'Edit a space',
  description: 'Only the fields given change. Tags replace the current ones (new names become tags); `moderation` hides (with a reason) or shows the space.',
  middleware: adminMiddleware,
  request: { params, ...jsonBody(SpaceInput) },
  responses: { ...ok(Space, 'The space'), ...adminErrors(404) },
});
