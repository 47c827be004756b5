import { createRoute, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';

const Primitive = z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]);

/**
 * One analytics event as the browser sends it (spec 7: page views, search, error; issue 25's search insights:
 * `search_results` { query, results } when the search page answers a query, `search_click` { query, space, position,
 * location } when a result is opened from the search page or the header's preview).
 */
export const AnalyticsEventInput = z
  .object({
    name: z.enum(['page_view', 'search', 'search_results', 'search_click', 'error']),
    props: z
      .record(z.string().max(64), Primitive)
      .refine((p) => Object.keys(p).length <= 24, 'At most 24 properties.')
      .default({}),
    /** When it happened in the browser (ISO 8601). */
    at: z.iso.datetime({ offset: true }),
    path: z.string().max(500),
    locale: z.string().max(16),
    sessionId: z.string().min(8).max(64),
  })
  .meta({ id: 'AnalyticsEventInput' });

/** A batch of events. */
export const AnalyticsBatch = z.object({ events: z.array(AnalyticsEventInput).min(1).max(20) }).meta({ id: 'AnalyticsBatch' });

/** What the collector did with a batch. */
export const AnalyticsReceipt = z.object({ stored: z.number().int() }).meta({ id: 'AnalyticsReceipt' });

const error = (description: string) => ({ description, content: { 'application/json': { schema: ApiErrorBody } } });

/** POST /api/analytics/events: the first-party analytics collector. */
export const collectEvents = createRoute({
  method: 'post',
  path: '/api/analytics/events',
  tags: ['Analytics'],
  summary: 'Record analytics events',
  description:
    'Stores page_view, search, search_results, search_click and error events, but only when the request carries a `cookie_consent_v3` cookie allowing ' +
    'performance cookies (otherwise nothing is stored: `stored: 0`). The IP address is stored only with targeting consent; ' +
    'without it the literal `{ip}` is stored. The user agent is cut to 255 characters; the role comes from the session.',
  request: { body: { content: { 'application/json': { schema: AnalyticsBatch } }, required: true } },
  responses: {
    202: { description: 'Accepted', content: { 'application/json': { schema: AnalyticsReceipt } } },
    400: error('Invalid events'),
    429: error('Too many events from this address'),
  },
});
