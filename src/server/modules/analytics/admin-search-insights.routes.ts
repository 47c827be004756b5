import { createRoute } from '@hono/zod-openapi';
import { SearchInsights, SearchInsightsQuery } from '../../../domain/search-insights.ts';
import { ok } from '../../platform/content/openapi.ts';
import { adminErrors, adminMiddleware } from '../../platform/admin/openapi.ts';

/** GET /admin/api/search-insights/ */
export const getSearchInsights = createRoute({
  method: 'get',
  path: '/admin/api/search-insights/',
  tags: ['Admin search insights'],
  summary: 'Search insights',
  description:
    'What visitors searched for over a period (UTC days `from`–`to`, both counted; default the last 30 days; at most 366), from the consented analytics events: ' +
    'the top queries (`search` events, accents, case and spaces ignored, named by their most used spelling, with the result count the search page found last), ' +
    'the queries the search page answered with no results (`search_results` with `results: 0`), and the spaces opened from results (`search_click`) with the queries that led there. 50 rows each.',
  middleware: adminMiddleware,
  request: { query: SearchInsightsQuery },
  responses: { ...ok(SearchInsights, 'The insights of the period'), ...adminErrors() },
});
