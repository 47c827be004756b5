import { createRoute, z } from '@hono/zod-openapi';
import { BulkResult } from '../../../domain/admin.ts';
import { ActivateInput, BannerInput, IdList } from '../../../domain/admin-inputs.ts';
import { Banner } from '../../../domain/homepage.ts';
import { flag, jsonBody, ok } from '../../platform/content/openapi.ts';
import { ADMIN_TAGS, adminErrors, adminMiddleware, noContent } from '../../platform/admin/openapi.ts';

const tags = [...ADMIN_TAGS.banners];
const params = z.object({ id: z.string().min(1).max(64) });

/** POST /admin/api/banner/ */
export const createBanner = createRoute({
  method: 'post',
  path: '/admin/api/banner/',
  tags,
  summary: 'Create a pencil banner',
  description: 'The new banner goes first in the list, so it is the one the site shows. Colour is hex without #; links without a scheme get https://.',
  middleware: adminMiddleware,
  request: jsonBody(BannerInput),
  responses: { ...ok(Banner, 'The banner'), ...adminErrors() },
});

/** GET /admin/api/banner/ */
export const listBanners = createRoute({
  method: 'get',
  path: '/admin/api/banner/',
  tags,
  summary: 'List banners',
  description: 'In display order. Expired and inactive banners only when asked for.',
  middleware: adminMiddleware,
  request: { query: z.object({ includeExpired: flag().default(false), includeInactive: flag().default(false) }) },
  responses: { ...ok(z.array(Banner), 'Banners'), ...adminErrors() },
});

/** DELETE /admin/api/banner/ */
export const deleteBanners = createRoute({
  method: 'delete',
  path: '/admin/api/banner/',
  tags,
  summary: 'Delete banners',
  description: 'All or nothing: an unknown id answers 404 and nothing is deleted.',
  middleware: adminMiddleware,
  request: jsonBody(IdList),
  responses: { ...noContent('Deleted'), ...adminErrors(404) },
});

/** PUT /admin/api/banner/activate/ */
export const activateBanners = createRoute({
  method: 'put',
  path: '/admin/api/banner/activate/',
  tags,
  summary: 'Activate or deactivate banners',
  middleware: adminMiddleware,
  request: jsonBody(ActivateInput),
  responses: { ...ok(BulkResult, 'The banners whose flag changed'), ...adminErrors(404) },
});

/** GET /admin/api/banner/{id}/ */
export const getBanner = createRoute({
  method: 'get',
  path: '/admin/api/banner/{id}/',
  tags,
  summary: 'Get a banner',
  middleware: adminMiddleware,
  request: { params },
  responses: { ...ok(Banner, 'The banner'), ...adminErrors(404) },
});

/** PUT /admin/api/banner/{id}/ */
export const updateBanner = createRoute({
  method: 'put',
  path: '/admin/api/banner/{id}/',
  tags,
  summary: 'Replace a banner',
  middleware: adminMiddleware,
  request: { params, ...jsonBody(BannerInput) },
  responses: { ...ok(Banner, 'The banner'), ...adminErrors(404) },
});

/** DELETE /admin/api/banner/{id}/ */
export const deleteBanner = createRoute({
  method: 'delete',
  path: '/admin/api/banner/{id}/',
  tags,
  summary: 'Delete a banner',
  middleware: adminMiddleware,
  request: { params },
  responses: { ...noContent('Deleted'), ...adminErrors(404) },
});
