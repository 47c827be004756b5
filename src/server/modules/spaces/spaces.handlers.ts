import type { RouteHandler } from '@hono/zod-openapi';
import { findCameraType } from '../../../domain/cameras.ts';
import { resolveWindow } from '../../../domain/page.ts';
import type { AppEnv } from '../../context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { isBuildRequest } from '../../build-token.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { columnsOf, searchConditionsOf } from './search-body.ts';
import {
  cameraConditions,
  findFeaturedTagFilter,
  hasAnyTag,
  listFullSpaces,
  listTags as queryTags,
  notSpace,
  ofOrganization,
  queryCards,
  searchCards,
  readSpace,
  readSpaceRow,
  relatedCards,
  resolveSpaceId,
  sameCameraConditions,
  tagIdsFor,
  topCards,
} from './spaces.queries.ts';
import { parseJsonList } from '../featured-tags/featured-tags.queries.ts';
import type * as r from './spaces.routes.ts';

/** GET /space/ */
export const listSpaces: RouteHandler<typeof r.listSpaces, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const ctx = await contentCtx(c);
  const w = resolveWindow(q.seek && q.seek.startsWith('k1.') ? { ...q, seek: undefined } : q, 24);
  const where = [];
  if (q.featuredTag) {
    const ft = await findFeaturedTagFilter(ctx, q.featuredTag);
    if (!ft || (!ft.isActive && !ctx.viewer.isAdmin)) throw notFound('Featured tag');
    const ids = await tagIdsFor(ctx, parseJsonList(ft.tags));
    where.push(hasAnyTag(ctx, [...new Set(ids.values())]));
  }
  if (q.organizationId) where.push(ofOrganization(q.organizationId));
  if (q.excludeId) {
    const ex = await resolveSpaceId(ctx, q.excludeId);
    if (ex) where.push(notSpace(ex));
  }
  const includeUnlisted = q.includeUnlisted === 'true';
  if (includeUnlisted && !isBuildRequest(c.req.header('authorization'), c.get('deps').env.BUILD_TOKEN)) {
    throw forbidden('Only the site build may list unlisted spaces.');
  }
  const page = await listFullSpaces(ctx, { where, text: q.searchText ?? null, order: 'views', includeUnlisted }, w, q.seek);
  return c.json(page, 200);
};

/** GET /space/recommended/ */
export const recommendedSpaces: RouteHandler<typeof r.recommendedSpaces, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const ctx = await contentCtx(c);
  const exclude = await resolveSpaceId(ctx, q.excludeId);
  return c.json(await topCards(ctx, q.number, exclude), 200);
};

/** GET /space/{id}/ */
export const getSpace: RouteHandler<typeof r.getSpace, AppEnv> = async (c) => {
  const ctx = await contentCtx(c);
  return c.json(await readSpace(ctx, c.req.valid('param').id), 200);
};

/** POST /space/search/ */
export const searchSpaces: RouteHandler<typeof r.searchSpaces, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const ctx = await contentCtx(c);
  const w = { offset: (input.page - 1) * input.pageSize, limit: input.pageSize };
  const where = await searchConditionsOf(ctx, input);
  const order = input.sort === 'newest' ? 'recent' : input.sort;
  const page = await searchCards(ctx, { where, text: input.searchText, columns: columnsOf(input.searchBy), order }, w);
  return c.json(page, 200);
};

/** POST /space/searchByCamera/ */
export const searchByCamera: RouteHandler<typeof r.searchByCamera, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const camera = findCameraType(input.cameraModelId);
  if (!camera) throw notFound('Camera');
  const ctx = await contentCtx(c);
  const w = { offset: (input.page - 1) * input.pageSize, limit: input.pageSize };
  const page = await queryCards(
    ctx,
    { where: cameraConditions(ctx, camera.filters), text: input.searchText, order: input.searchText ? 'relevance' : 'views' },
    w,
  );
  return c.json(page, 200);
};

/** POST /space/searchByCamera/related/ */
export const relatedByCamera: RouteHandler<typeof r.relatedByCamera, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const ctx = await contentCtx(c);
  const space = await readSpaceRow(ctx, input.spaceId);
  const w = { offset: (input.page - 1) * input.pageSize, limit: input.pageSize };
  let filters;
  if (input.cameraModelId) {
    const camera = findCameraType(input.cameraModelId);
    if (!camera) throw notFound('Camera');
    filters = cameraConditions(ctx, camera.filters);
  } else {
    filters = await sameCameraConditions(ctx, space.id);
  }
  return c.json(await relatedCards(ctx, space.id, filters, w), 200);
};

/** POST /space/search/related/ */
export const relatedSpaces: RouteHandler<typeof r.relatedSpaces, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const ctx = await contentCtx(c);
  const space = await readSpaceRow(ctx, input.spaceId);
  const w = { offset: (input.page - 1) * input.pageSize, limit: input.pageSize };
  return c.json(await relatedCards(ctx, space.id, [], w), 200);
};

/** GET /tag/ */
export const listTags: RouteHandler<typeof r.listTags, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  return c.json(await queryTags(await contentCtx(c), { offset: q.offset ?? 0, limit: q.limit ?? 1000 }), 200);
};
