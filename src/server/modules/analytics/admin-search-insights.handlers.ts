import type { RouteHandler } from '@hono/zod-openapi';
import { DEFAULT_SEARCH_INSIGHT_DAYS, periodStart } from '../../../domain/search-insight-rules.ts';
import type { AppEnv } from '../../context.ts';
import { clockOf } from '../../platform/clock.ts';
import { searchEventGroups, spaceNames } from './admin-search-insights.queries.ts';
import { searchInsightReport } from './search-insight-report.ts';
import type * as r from './admin-search-insights.routes.ts';

/** The day after a UTC day, at midnight (ISO): the period's exclusive end. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** GET /admin/api/search-insights/ */
export const getSearchInsights: RouteHandler<typeof r.getSearchInsights, AppEnv> = async (c) => {
  const deps = c.get('deps');
  const q = c.req.valid('query');
  const to = q.to ?? clockOf(deps).now().toISOString().slice(0, 10);
  const from = q.from ?? periodStart(to, DEFAULT_SEARCH_INSIGHT_DAYS);
  const groups = await searchEventGroups(deps.db.kysely, deps.db.dialect, `${from}T00:00:00.000Z`, dayAfter(to));
  const clicked = [...new Set(groups.flatMap((g) => (g.name === 'search_click' && g.space ? [g.space] : [])))];
  const report = searchInsightReport(groups, await spaceNames(deps.db.kysely, clicked), { from, to });
  c.header('Cache-Control', 'private, no-store');
  return c.json(report, 200);
};
