import { z } from 'zod';
import { INSIGHT_DAYS, INSIGHT_SHORT_DAYS, MAX_INSIGHT_IDS } from './insight-rules.ts';
import { pageOf } from './page.ts';

/**
 * Owners' insight (issue 27): a space's page views by day, how many collections include it and the
 * marketplace leads sent for it. Days are UTC calendar days (`YYYY-MM-DD`); series are oldest first.
 */

/** One space's numbers for a list row: totals, the last 30 days and its reach. */
export const SpaceInsightSummary = z
  .object({
    spaceId: z.string(),
    modelId: z.string(),
    name: z.string(),
    /** The last day of the series (UTC, today). */
    to: z.iso.date(),
    views30: z.number().int(),
    views365: z.number().int(),
    /** Page views per day of the last 30 days, oldest first. */
    last30: z.array(z.number().int()).length(INSIGHT_SHORT_DAYS),
    /** Active collections (any visibility, favourites too) that include the space. */
    collections: z.number().int(),
    /** Marketplace access requests (leads) sent to partners for the space. */
    leads: z.number().int(),
  })
  .meta({ id: 'SpaceInsightSummary' });
/** @see SpaceInsightSummary */
export type SpaceInsightSummary = z.infer<typeof SpaceInsightSummary>;

/** One space's insight with the year's daily series, for its chart. */
export const SpaceInsight = SpaceInsightSummary.extend({
  /** The first day of `daily` (UTC). */
  from: z.iso.date(),
  /** Page views per day of the last 365 days, oldest first. */
  daily: z.array(z.number().int()).length(INSIGHT_DAYS),
}).meta({ id: 'SpaceInsight' });
/** @see SpaceInsight */
export type SpaceInsight = z.infer<typeof SpaceInsight>;

/** The summaries of the spaces asked for, in the order asked. */
export const SpaceInsightList = z.object({ results: z.array(SpaceInsightSummary) }).meta({ id: 'SpaceInsightList' });
/** @see SpaceInsightList */
export type SpaceInsightList = z.infer<typeof SpaceInsightList>;

/** A page of an account's spaces with their summaries, by name. */
export const SpaceInsightPage = pageOf(SpaceInsightSummary, 'SpaceInsightPage');
/** @see SpaceInsightPage */
export type SpaceInsightPage = z.infer<typeof SpaceInsightPage>;

/** GET /api/insights/spaces/: the spaces, by id, comma-separated. */
export const SpaceInsightQuery = z.object({
  ids: z
    .string()
    .regex(/^[^,\s]+(,[^,\s]+)*$/, 'Space ids separated by commas.')
    .max(MAX_INSIGHT_IDS * 41)
    .meta({ description: `Space ids, comma-separated (at most ${MAX_INSIGHT_IDS}).`, example: 'spc00000000000000000002' }),
});

/** The distinct ids of a `SpaceInsightQuery`. */
export const insightIds = (ids: string): string[] => [...new Set(ids.split(','))];
