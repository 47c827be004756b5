import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { listCollections } from '../collections/collections.queries.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { followingFeed } from './following.ts';
import { FEED_PAGE_SIZE } from '../../../domain/following.ts';
import { followedAccounts, listUsers as queryUsers, readUserProfile, readUserRow } from './profiles.queries.ts';
import type * as r from './users.routes.ts';

const LIST_LIMIT = 24;

/** GET /user/follow/ */
export const getFollows: RouteHandler<typeof r.getFollows, AppEnv> = async (c) => {
  if (!c.get('user')) throw unauthorized();
  return c.json(await followedAccounts(await contentCtx(c)), 200);
};

/** GET /user/follow/feed/ */
export const getFollowFeed: RouteHandler<typeof r.getFollowFeed, AppEnv> = async (c) => {
  if (!c.get('user')) throw unauthorized();
  const q = c.req.valid('query');
  return c.json(await followingFeed(await contentCtx(c), { offset: q.offset ?? 0, limit: q.limit ?? FEED_PAGE_SIZE }), 200);
};

/** GET /user/admin/ */
export const getAdminCollections: RouteHandler<typeof r.getAdminCollections, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const cw = { offset: 0, limit: q.childrenCount ?? 0 };
  const page = await listCollections(
    await contentCtx(c),
    { system: true },
    { offset: q.offset ?? 0, limit: q.limit ?? LIST_LIMIT },
    {
      window: () => cw,
      subchildrenCount: 0,
      selectedSpaceId: null,
    },
  );
  return c.json(page, 200);
};

/** GET /user/{userId}/profile/ */
export const getUserProfile: RouteHandler<typeof r.getUserProfile, AppEnv> = async (c) =>
  c.json(await readUserProfile(await contentCtx(c), c.req.valid('param').userId), 200);

/** GET /user/{userId}/collections/ */
export const getUserCollections: RouteHandler<typeof r.getUserCollections, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  const ctx = await contentCtx(c);
  const user = await readUserRow(ctx, c.req.valid('param').userId);
  const cw = { offset: 0, limit: q.childrenCount ?? 0 };
  const page = await listCollections(
    ctx,
    { ownerUserId: user.id },
    { offset: q.offset ?? 0, limit: q.limit ?? LIST_LIMIT },
    {
      window: () => cw,
      subchildrenCount: 0,
      selectedSpaceId: null,
    },
  );
  return c.json(page, 200);
};

/** GET /user/ */
export const listUsers: RouteHandler<typeof r.listUsers, AppEnv> = async (c) => {
  const q = c.req.valid('query');
  return c.json(await queryUsers(await contentCtx(c), { offset: q.offset ?? 0, limit: q.limit ?? 100 }), 200);
};
