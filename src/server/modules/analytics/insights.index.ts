import { createRouter } from '../../router.ts';
import * as h from './insights.handlers.ts';
import * as r from './insights.routes.ts';

/** Owners' insight (/api/insights/**): views per day, collections and leads of the spaces a person manages. */
export const insightsRouter = () =>
  createRouter()
    .openapi(r.getSpaceInsight, h.getSpaceInsight)
    .openapi(r.getSpaceInsights, h.getSpaceInsights)
    .openapi(r.getAccountInsights, h.getAccountInsights);
