import { createRouter } from '../../router.ts';
import * as h from './users.handlers.ts';
import * as r from './users.routes.ts';
import { usersWriteRouter } from './users-write.index.ts';

/** Public user reads under /api/content/user. Static paths come before /{userId}/. */
export const usersRouter = () =>
  createRouter()
    .openapi(r.listUsers, h.listUsers)
    .openapi(r.getFollows, h.getFollows)
    .openapi(r.getFollowFeed, h.getFollowFeed)
    .openapi(r.getAdminCollections, h.getAdminCollections)
    .openapi(r.getUserProfile, h.getUserProfile)
    .openapi(r.getUserCollections, h.getUserCollections)
    .route('/', usersWriteRouter());
