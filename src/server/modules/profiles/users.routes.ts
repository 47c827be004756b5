import { createRoute, z } from '@hono/zod-openapi';
import { PageQuery, pageOf } from '../../../domain/page.ts';
import { FeedPage, FeedQuery } from '../../../domain/following.ts';
import { FollowedAccounts, Profile, UserListItem } from '../../../domain/profile.ts';
import { errorResponses, ok } from '../../platform/content/openapi.ts';
import { CollectionPage } from '../collections/collections.routes.ts';

const tags = ['Users'];
const listQuery = z.object({
  childrenCount: z.coerce.number().int().min(0).max(200).optional().meta({ description: 'Children embedded per collection' }),
  ...PageQuery.pick({ offset: true, limit: true }).shape,
});

/** GET /api/content/user/follow/ */
export const getFollows = createRoute({
  method: 'get',
  path: '/api/content/user/follow/',
  tags,
  summary: 'Accounts I follow',
  responses: { ...ok(FollowedAccounts, 'Followed account ids, and summaries of those still listed'), ...errorResponses(401) },
});

/** GET /api/content/user/follow/feed/ */
export const getFollowFeed = createRoute({
  method: 'get',
  path: '/api/content/user/follow/feed/',
  tags,
  summary: 'What the accounts I follow published',
  description:
    "The signed-in user's Following feed, newest first: listed spaces of the accounts they follow, and listed, non-empty collections of the people among them (favorites left out), dated by creation (`publishedAt`). Only the caller's own follows; guests get 401.",
  request: { query: FeedQuery },
  responses: { ...ok(FeedPage, 'A page of feed items'), ...errorResponses(400, 401) },
});

/** GET /api/content/user/admin/ */
export const getAdminCollections = createRoute({
  method: 'get',
  path: '/api/content/user/admin/',
  tags,
  summary: "The system profile's collections",
  description: "The editors' collections (admin collections without an owner), by priority.",
  request: { query: listQuery },
  responses: { ...ok(CollectionPage, 'A page of collections'), ...errorResponses(400) },
});

/** GET /api/content/user/{userId}/profile/ */
export const getUserProfile = createRoute({
  method: 'get',
  path: '/api/content/user/{userId}/profile/',
  tags,
  summary: 'User profile',
  request: { params: z.object({ userId: z.string().min(1).max(200).meta({ description: "User id or sid; 'me' for the signed-in user" }) }) },
  responses: { ...ok(Profile, 'The profile'), ...errorResponses(400, 401, 404) },
});

/** GET /api/content/user/{userId}/collections/ */
export const getUserCollections = createRoute({
  method: 'get',
  path: '/api/content/user/{userId}/collections/',
  tags,
  summary: "A user's public collections",
  request: { params: z.object({ userId: z.string().min(1).max(200) }), query: listQuery },
  responses: { ...ok(CollectionPage, 'A page of collections'), ...errorResponses(400, 401, 404) },
});

/** A page of listed people. */
export const UserListPage = pageOf(UserListItem, 'UserListPage');

/** GET /api/content/user/: listed people (not in the spec; lets builds enumerate profile pages). */
export const listUsers = createRoute({
  method: 'get',
  path: '/api/content/user/',
  tags,
  summary: 'List public profiles',
  description: 'Active, non-private, unmoderated people by sid, with `updatedAt`.',
  request: { query: PageQuery.pick({ offset: true, limit: true }) },
  responses: { ...ok(UserListPage, 'A page of people'), ...errorResponses(400) },
});
