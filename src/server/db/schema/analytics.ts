/**
 * First-party analytics (migration 004) and the owners' insight aggregate built from it (migration
 * 012). ISO-8601 UTC text times.
 */

/** One stored analytics event (spec 7). */
export interface AnalyticsEventsTable {
  id: string;
  /** page_view, search, search_results, search_click or error. */
  name: string;
  /** The event's properties as JSON (search: query, location, override; search_results: query, results;
   * search_click: query, space, position, location; error: error_* and session_start). */
  props: string;
  path: string;
  locale: string;
  sessionId: string;
  /** When it happened in the browser. */
  occurredAt: string;
  receivedAt: string;
  /** The client address with targeting consent, else the literal '{ip}'. */
  ip: string;
  /** At most 255 characters (spec 9). */
  userAgent: string;
  /** guest, user, admin or staff (spec 6). */
  role: string;
}

/** Page views of one space on one UTC day (owners' insight, issue 27). */
export interface SpaceViewsDailyTable {
  spaceId: string;
  /** `YYYY-MM-DD`, UTC, of when the collector received the views. */
  day: string;
  views: number;
}

/** The analytics tables by name. */
export type AnalyticsTables = { analytics_events: AnalyticsEventsTable; space_views_daily: SpaceViewsDailyTable };
