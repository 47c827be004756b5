import { z } from 'zod';
import { MAX_SEARCH_INSIGHT_DAYS, periodDays } from './search-insight-rules.ts';

const Day = z.iso.date().meta({ description: 'A UTC calendar day, YYYY-MM-DD' });

/** GET /admin/api/search-insights/ query: the period, both days counted (default: the last 30 days). */
export const SearchInsightsQuery = z
  .object({ from: Day.optional(), to: Day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '`from` must not be after `to`.', path: ['from'] })
  .refine((q) => !q.from || !q.to || periodDays(q.from, q.to) <= MAX_SEARCH_INSIGHT_DAYS, {
    message: `At most ${MAX_SEARCH_INSIGHT_DAYS} days.`,
    path: ['from'],
  });
/** @see SearchInsightsQuery */
export type SearchInsightsQuery = z.infer<typeof SearchInsightsQuery>;

const Count = z.number().int().min(0);

/** A query people searched for, as most of them spelled it, with how often (all spellings together). */
export const TopQuery = z
  .object({
    query: z.string(),
    searches: Count,
    results: Count.nullable().meta({ description: 'Results the search page found for it last, in the period (null: never opened there)' }),
  })
  .meta({ id: 'SearchInsightTopQuery' });

/** A query the search page answered with nothing. */
export const NoResultQuery = z
  .object({ query: z.string(), searches: Count, lastAt: z.string().meta({ description: 'When it was last searched (ISO)' }) })
  .meta({ id: 'SearchInsightNoResultQuery' });

/** A space people opened from search results, and the queries that led there. */
export const ClickedResult = z
  .object({
    modelId: z.string(),
    name: z.string().nullable().meta({ description: 'null: the space no longer exists' }),
    url: z.string().meta({ description: "The space page's path" }),
    clicks: Count,
    queries: z.array(z.object({ query: z.string(), clicks: Count })),
  })
  .meta({ id: 'SearchInsightClickedResult' });

/** What people searched for over a period (consented analytics events), for curators. */
export const SearchInsights = z
  .object({
    from: z.string(),
    to: z.string(),
    totals: z.object({ searches: Count, noResults: Count, clicks: Count }),
    topQueries: z.array(TopQuery),
    noResults: z.array(NoResultQuery),
    clicked: z.array(ClickedResult),
  })
  .meta({ id: 'SearchInsights' });
/** @see SearchInsights */
export type SearchInsights = z.infer<typeof SearchInsights>;
