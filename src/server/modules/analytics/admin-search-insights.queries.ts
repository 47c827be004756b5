import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Dialect } from '../../db/dialect.ts';

/** The analytics events the search insights read (see analytics.routes.ts). */
export const SEARCH_EVENT_NAMES = ['search', 'search_results', 'search_click'] as const;
/** One of {@link SEARCH_EVENT_NAMES}. */
export type SearchEventName = (typeof SEARCH_EVENT_NAMES)[number];

/** Events of one name with the same query, result count and space, counted. */
export interface SearchEventGroup {
  name: SearchEventName;
  query: string | null;
  results: number | null;
  space: string | null;
  count: number;
  /** When the last of them arrived (ISO). */
  lastAt: string;
}

/** One property of an event's JSON `props`, as text or number as stored; the key is a literal so GROUP BY sees the same expression. */
function prop(dialect: Dialect, key: 'query' | 'results' | 'space'): RawBuilder<string | number | null> {
  return dialect === 'postgres' ? sql`(props::jsonb ->> ${sql.lit(key)})` : sql`json_extract(props, ${sql.lit(`$.${key}`)})`;
}

/**
 * The search events received in [from, to) grouped by name, raw query, result count and space: the
 * database counts, the caller merges spellings (normalizing accents is not portable SQL).
 */
export async function searchEventGroups(db: Kysely<Database>, dialect: Dialect, from: string, to: string): Promise<SearchEventGroup[]> {
  const query = prop(dialect, 'query');
  const results = prop(dialect, 'results');
  const space = prop(dialect, 'space');
  const rows = await db
    .selectFrom('analytics_events')
    .select((eb) => [
      'name',
      query.as('query'),
      results.as('results'),
      space.as('space'),
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('receivedAt').as('lastAt'),
    ])
    .where('name', 'in', [...SEARCH_EVENT_NAMES])
    .where('receivedAt', '>=', from)
    .where('receivedAt', '<', to)
    .groupBy(['name', query, results, space])
    .execute();
  return rows.map((r) => {
    const n = r.results === null ? null : Number(r.results);
    return {
      name: r.name as SearchEventName,
      query: r.query === null ? null : String(r.query),
      results: n !== null && Number.isFinite(n) ? n : null,
      space: r.space === null ? null : String(r.space),
      count: Number(r.count),
      lastAt: r.lastAt,
    };
  });
}

/** The names of the spaces with these model ids, by model id. */
export async function spaceNames(db: Kysely<Database>, modelIds: readonly string[]): Promise<Map<string, string>> {
  if (!modelIds.length) return new Map();
  const rows = await db
    .selectFrom('spaces')
    .select(['modelId', 'name'])
    .where('modelId', 'in', [...modelIds])
    .execute();
  return new Map(rows.map((r) => [r.modelId, r.name]));
}
