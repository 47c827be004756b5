import { createRoute, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import {
  App,
  AppCollection,
  AppCollectionList,
  AppPage,
  AppQuery,
  AuthorizedSpacePage,
  AuthorizedSpaceQuery,
  LeadInput,
  LeadReceipt,
  MyLeads,
  Vocabularies,
} from '../../../domain/marketplace.ts';
import { signedIn } from '../auth/guards.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';

const tags = ['Marketplace'];
const slugParam = z.object({ slug: z.string().min(1).max(80) });
const error = (description: string) => ({ description, content: { 'application/json': { schema: ApiErrorBody } } });

/** GET /api/marketplace/apps/ */
export const getApps = createRoute({
  method: 'get',
  path: '/api/marketplace/apps/',
  tags,
  summary: 'Apps',
  description:
    'Active apps in display order (or in the collection order with `collection`). Any of the `industry` values, every `feature` value, every word of `q` (in the name, summary, description, partner, industry and feature names, any case and accents), and `collection`: all combine with AND.',
  request: { query: AppQuery },
  responses: { ...ok(AppPage, 'A page of app cards'), ...errorResponses(400) },
});

/** GET /api/marketplace/apps/{slug}/ */
export const getApp = createRoute({
  method: 'get',
  path: '/api/marketplace/apps/{slug}/',
  tags,
  summary: 'An app',
  request: { params: slugParam },
  responses: { ...ok(App, 'The app with its partner, screenshots, links and collections'), ...errorResponses(404) },
});

/** GET /api/marketplace/collections/ */
export const getCollections = createRoute({
  method: 'get',
  path: '/api/marketplace/collections/',
  tags,
  summary: 'Collections of apps',
  responses: { ...ok(AppCollectionList, 'Active collections, featured first, each with its active apps in order') },
});

/** GET /api/marketplace/collections/{slug}/ */
export const getCollection = createRoute({
  method: 'get',
  path: '/api/marketplace/collections/{slug}/',
  tags,
  summary: 'A collection of apps',
  request: { params: slugParam },
  responses: { ...ok(AppCollection, 'The collection with its active apps in order'), ...errorResponses(404) },
});

/** GET /api/marketplace/vocabularies/ */
export const getVocabularies = createRoute({
  method: 'get',
  path: '/api/marketplace/vocabularies/',
  tags,
  summary: 'Industries and features',
  responses: { ...ok(Vocabularies, 'Every filter term with its English label and live app count') },
});

/** GET /api/marketplace/spaces/ */
export const getSpaces = createRoute({
  method: 'get',
  path: '/api/marketplace/spaces/',
  tags,
  summary: 'Spaces the user may request access for',
  description:
    "The user's own spaces and those of organizations they are an OWNER of, by name (spec 6). Empty for a user with none: the selector shows 'You are not authorized to access any Spaces.'",
  middleware: [signedIn] as const,
  request: { query: AuthorizedSpaceQuery },
  responses: { ...ok(AuthorizedSpacePage, 'A page of authorized spaces'), ...errorResponses(400, 401) },
});

/** POST /api/marketplace/apps/{slug}/leads/ */
export const postLead = createRoute({
  method: 'post',
  path: '/api/marketplace/apps/{slug}/leads/',
  tags,
  summary: 'Request access (a lead for the partner)',
  description:
    "Stores the lead and, in the same transaction, queues its signed webhook to the partner's lead endpoint and an email to the partner's contact: `SENT` means stored and handed over; the outbox delivers with retries. At most 3 per user and app per hour, 20 per user per day.",
  middleware: [signedIn] as const,
  request: { params: slugParam, ...jsonBody(LeadInput) },
  responses: {
    201: { description: 'Stored and handed over to the partner', content: { 'application/json': { schema: LeadReceipt } } },
    ...errorResponses(400, 401, 403, 404),
    429: error('RATE_LIMITED: too many requests; `extra.retryAfterSeconds`, `Retry-After` header'),
  },
});

/** GET /api/marketplace/apps/{slug}/leads/ */
export const getMyLeads = createRoute({
  method: 'get',
  path: '/api/marketplace/apps/{slug}/leads/',
  tags,
  summary: "The caller's requests for an app",
  middleware: [signedIn] as const,
  request: { params: slugParam },
  responses: { ...ok(MyLeads, "`requested` once the user asked (the page shows 'Access Requested')"), ...errorResponses(401, 404) },
});
