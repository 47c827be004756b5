import { createRoute, z } from '@hono/zod-openapi';
import { SpaceInsight, SpaceInsightList, SpaceInsightPage, SpaceInsightQuery } from '../../../domain/insight.ts';
import { PageQuery } from '../../../domain/page.ts';
import { signedIn } from '../auth/guards.ts';
import { errorResponses, ok } from '../../platform/content/openapi.ts';

const tags = ['Insights'];
const WHO =
  'Its owner, the OWNERs and MEMBERs of its organization (not billing contacts) and administrators; 401 for a guest, 404 for a space the caller cannot see, 403 for one they can see but not manage.';

/** GET /api/insights/space/{id}/ */
export const getSpaceInsight = createRoute({
  method: 'get',
  path: '/api/insights/space/{id}/',
  tags,
  summary: "A space's insight",
  description: `Page views of the space's page per UTC day over the last 365 days (oldest first), the totals of the last 30 and 365 days, how many active collections include it and the marketplace leads sent for it. Views are the consented first-party page views (POST /api/analytics/events). ${WHO}`,
  middleware: [signedIn] as const,
  request: { params: z.object({ id: z.string().min(1).max(200).meta({ description: 'Space id, model id or slug' }) }) },
  responses: { ...ok(SpaceInsight, 'The insight'), ...errorResponses(401, 403, 404) },
});

/** GET /api/insights/spaces/ */
export const getSpaceInsights = createRoute({
  method: 'get',
  path: '/api/insights/spaces/',
  tags,
  summary: 'Insight summaries of several spaces',
  description: `For a list: each space's totals, its last 30 days (the sparkline), collections and leads, in the order asked. Every space must be one the caller may read: ${WHO}`,
  middleware: [signedIn] as const,
  request: { query: SpaceInsightQuery },
  responses: { ...ok(SpaceInsightList, 'The summaries'), ...errorResponses(400, 401, 403, 404) },
});

/** GET /api/insights/account/{accountId}/ */
export const getAccountInsights = createRoute({
  method: 'get',
  path: '/api/insights/account/{accountId}/',
  tags,
  summary: "Insight summaries of an account's spaces",
  description:
    "The spaces of an account (an organization's, or a person's own for their personal account), by name, each with its summary. The account's person, its organization's OWNERs and MEMBERs, and administrators; 401 for a guest, 403 for anyone else, 404 for an unknown account.",
  middleware: [signedIn] as const,
  request: { params: z.object({ accountId: z.string().min(1).max(200) }), query: PageQuery.pick({ offset: true, limit: true }) },
  responses: { ...ok(SpaceInsightPage, 'A page of summaries'), ...errorResponses(400, 401, 403, 404) },
});
