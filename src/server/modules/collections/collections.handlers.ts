import type { RouteHandler } from '@hono/zod-openapi';
import type { PageWindow } from '../../../domain/page.ts';
import type { AppEnv } from '../../context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { favoriteCollection as readFavorite, listCollections as queryCollections, myCollections as queryMine, readCollection } from './collections.queries.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { resolveSpaceId } from '../spaces/spaces.queries.ts';
import type * as r from './collections.routes.ts';

/** Default page size of collection lists. */
const LIST_LIMIT = 24;

/** The window of children: `childrenPage` (1-based) wins over `childrenOffset`. */
export function childrenWindow(
  q: { childrenCount?: number | undefined; childrenPage?: number | undefined; childrenOffset?: number | undefined },
  defaultCount: number,
): PageWindow {
  const limit = q.childrenCount ?? defaultCount;
  if (q.childrenPage !== undefined) return { offset: (q.childrenPage - 1) * limit, limit };
  return { offset: q.childrenOffset ?? 0, limit };
}

/** GET /collection/ */
export const listCollections: RouteHandler<typeof r.listCollections, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const ctx = await contentCtx(c);
  const spaceId = q.spaceId === undefined ? undefined : await resolveSpaceId(ctx, q.spaceId);
  const cw = childrenWindow(q, 0);
  const page = await queryCollections(
    ctx,
    { type: q.type, spaceId },
    { offset: q.offset ?? 0, limit: q.limit ?? LIST_LIMIT },
    {
      window: () => cw,
      subchildrenCount: q.subchildrenCount ?? 0,
      selectedSpaceId: spaceId === undefined ? null : (spaceId ?? ''),
      locale: q.locale,
    },
  );
  return c.json(page, 200);
};

/** GET /collection/featured */
export const featuredCollections: RouteHandler<typeof r.featuredCollections, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const ctx = await contentCtx(c);
  const childrenCount = q.childrenCount ?? 6;
  const spacesCount = q.spacesCount ?? childrenCount;
  const page = await queryCollections(
    ctx,
    { featured: true },
    { offset: q.offset ?? 0, limit: q.limit ?? LIST_LIMIT },
    {
      window: (row) => ({ offset: 0, limit: row.type === 'SPACE' ? spacesCount : childrenCount }),
      subchildrenCount: 0,
      selectedSpaceId: null,
      locale: q.locale,
    },
  );
  return c.json(page, 200);
};

/** GET /collection/favorite/ */
export const favoriteCollection: RouteHandler<typeof r.favoriteCollection, AppEnv> = async (c) => {
  if (!c.get('user')) throw unauthorized();
  const q = c.req.valid('query');
  const ctx = await contentCtx(c);
  const spaceId = q.spaceId === undefined ? null : ((await resolveSpaceId(ctx, q.spaceId)) ?? '');
  const cw = childrenWindow(q, 24);
  return c.json(await readFavorite(ctx, { window: () => cw, subchildrenCount: 0, selectedSpaceId: spaceId }), 200);
};

/** GET /collection/my/ */
export const myCollections: RouteHandler<typeof r.myCollections, AppEnv> = async (c) => {
  if (!c.get('user')) throw unauthorized();
  const q = c.req.valid('query');
  const ctx = await contentCtx(c);
  const spaceId = q.spaceId === undefined ? null : ((await resolveSpaceId(ctx, q.spaceId)) ?? '');
  const cw = childrenWindow(q, 0);
  const page = await queryMine(ctx, { offset: q.offset ?? 0, limit: q.limit ?? 100 }, { window: () => cw, subchildrenCount: 0, selectedSpaceId: spaceId });
  return c.json(page, 200);
};

/** GET /collection/{id}/ */
export const getCollection: RouteHandler<typeof r.getCollection, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const ctx = await contentCtx(c);
  const cw = childrenWindow(q, 24);
  return c.json(
    await readCollection(ctx, c.req.valid('param').id, {
      window: () => cw,
      subchildrenCount: q.subchildrenCount ?? 0,
      selectedSpaceId: null,
      locale: q.locale,
    }),
    200,
  );
};
