import { createRouter } from '../../router.ts';
import { getSearchInsights } from './admin-search-insights.handlers.ts';
import * as r from './admin-search-insights.routes.ts';

/** The console's search insights under /admin/api/search-insights. */
export const adminSearchInsightsRouter = () => createRouter().openapi(r.getSearchInsights, getSearchInsights);
