import { createRoute, z } from '@hono/zod-openapi';
import { PageQuery, pageOf } from '../../../domain/page.ts';
import { AccountListItem, Profile } from '../../../domain/profile.ts';
import { SpaceCard } from '../../../domain/space.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';

const tags = ['Accounts'];
/** A page of an account's spaces. */
export const AccountSpacesPage = pageOf(SpaceCard, 'AccountSpacesPage');

/** Body of POST /api/content/account/spaces/; accountId is checked by the handler for the spec's message. */
export const AccountSpacesInput = z
  .object({
    accountId: z.string().max(200).optional(),
    offset: z.number().int().min(0).max(1_000_000).optional(),
    page: z.number().int().min(1).max(100_000).optional(),
    pageSize: z.number().int().min(1).max(200).default(12),
  })
  .meta({ id: 'AccountSpacesInput' });

/** GET /api/content/account/{accountId}/profile/ */
export const getAccountProfile = createRoute({
  method: 'get',
  path: '/api/content/account/{accountId}/profile/',
  tags,
  summary: 'Account profile',
  request: { params: z.object({ accountId: z.string().min(1).max(200).meta({ description: 'Account id or sid' }) }) },
  responses: { ...ok(Profile, 'The profile'), ...errorResponses(400, 404) },
});

/** POST /api/content/account/spaces/ */
export const postAccountSpaces = createRoute({
  method: 'post',
  path: '/api/content/account/spaces/',
  tags,
  summary: "An account's spaces",
  description:
    'Public spaces of the account (members and administrators also see its unlisted and private ones), most recent first. Pages of 12 by default; `page` wins over `offset`.',
  request: jsonBody(AccountSpacesInput),
  responses: { ...ok(AccountSpacesPage, 'A page of spaces'), ...errorResponses(400, 404) },
});

/** GET /api/content/account/{accountId}/spaces */
export const getAccountSpaces = createRoute({
  method: 'get',
  path: '/api/content/account/{accountId}/spaces',
  tags,
  summary: "An account's spaces (offset paging)",
  request: {
    params: z.object({ accountId: z.string().min(1).max(200) }),
    query: PageQuery.pick({ offset: true, limit: true }),
  },
  responses: { ...ok(AccountSpacesPage, 'A page of spaces'), ...errorResponses(400, 404) },
});

/** A page of listed organizations. */
export const AccountListPage = pageOf(AccountListItem, 'AccountListPage');

/** GET /api/content/account/: listed organizations, by name (not in the spec; lets builds and directories enumerate account pages). */
export const listAccounts = createRoute({
  method: 'get',
  path: '/api/content/account/',
  tags,
  summary: 'List organizations',
  description: 'Active, non-private, unmoderated organizations by name, with their public space count and `updatedAt`.',
  request: { query: PageQuery.pick({ offset: true, limit: true }) },
  responses: { ...ok(AccountListPage, 'A page of organizations'), ...errorResponses(400) },
});
