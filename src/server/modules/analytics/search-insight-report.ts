import { sitePath } from '../../../domain/page-types.ts';
import { normalizeQuery, QUERIES_PER_RESULT, SEARCH_INSIGHT_ROWS } from '../../../domain/search-insight-rules.ts';
import type { SearchInsights } from '../../../domain/search-insights.ts';
import type { SearchEventGroup } from './admin-search-insights.queries.ts';

/** Counts per spelling of one normalized query; the most used spelling names it (a tie: the lower-case one, as typed most often). */
class Spellings {
  private readonly counts = new Map<string, number>();
  total = 0;
  add(raw: string, n: number): void {
    this.counts.set(raw, (this.counts.get(raw) ?? 0) + n);
    this.total += n;
  }
  get label(): string {
    let best = '';
    let most = -1;
    for (const [raw, n] of this.counts) if (n > most || (n === most && raw > best)) [best, most] = [raw, n];
    return best;
  }
}

/** The value under a key, created on first use. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}

const byCount = <T extends { n: number; key: string }>(a: T, b: T) => b.n - a.n || a.key.localeCompare(b.key);

/**
 * The search insights of a period from its grouped events: top queries (submitted `search` events,
 * spellings merged), queries the search page answered with no results (`search_results` with 0),
 * and the spaces opened from results (`search_click`) with the queries that led there.
 * `names` gives each clicked space's name (missing: deleted).
 */
export function searchInsightReport(
  groups: readonly SearchEventGroup[],
  names: ReadonlyMap<string, string>,
  period: { from: string; to: string },
): SearchInsights {
  const searched = new Map<string, Spellings>();
  const lastCount = new Map<string, { results: number; at: string }>();
  const empty = new Map<string, { spellings: Spellings; lastAt: string }>();
  const clicks = new Map<string, { n: number; queries: Map<string, Spellings> }>();
  let clickTotal = 0;
  for (const g of groups) {
    const raw = g.query?.replace(/\s+/g, ' ').trim() ?? '';
    const key = normalizeQuery(raw);
    if (g.name === 'search' && key) entry(searched, key, () => new Spellings()).add(raw, g.count);
    else if (g.name === 'search_results' && key && g.results !== null) {
      const known = lastCount.get(key);
      if (!known || g.lastAt > known.at) lastCount.set(key, { results: g.results, at: g.lastAt });
      if (g.results === 0) {
        const e = entry(empty, key, () => ({ spellings: new Spellings(), lastAt: g.lastAt }));
        e.spellings.add(raw, g.count);
        if (g.lastAt > e.lastAt) e.lastAt = g.lastAt;
      }
    } else if (g.name === 'search_click' && g.space) {
      const c = entry(clicks, g.space, () => ({ n: 0, queries: new Map<string, Spellings>() }));
      c.n += g.count;
      clickTotal += g.count;
      if (key) entry(c.queries, key, () => new Spellings()).add(raw, g.count);
    }
  }
  const sum = (values: Iterable<{ total: number }>) => [...values].reduce((s, v) => s + v.total, 0);
  return {
    ...period,
    totals: { searches: sum(searched.values()), noResults: sum([...empty.values()].map((e) => e.spellings)), clicks: clickTotal },
    topQueries: [...searched]
      .map(([key, s]) => ({ key, n: s.total, s }))
      .sort(byCount)
      .slice(0, SEARCH_INSIGHT_ROWS)
      .map(({ key, s }) => ({ query: s.label, searches: s.total, results: lastCount.get(key)?.results ?? null })),
    noResults: [...empty]
      .map(([key, e]) => ({ key, n: e.spellings.total, e }))
      .sort(byCount)
      .slice(0, SEARCH_INSIGHT_ROWS)
      .map(({ e }) => ({ query: e.spellings.label, searches: e.spellings.total, lastAt: e.lastAt })),
    clicked: [...clicks]
      .map(([key, c]) => ({ key, n: c.n, c }))
      .sort(byCount)
      .slice(0, SEARCH_INSIGHT_ROWS)
      .map(({ key, c }) => ({
        modelId: key,
        name: names.get(key) ?? null,
        url: sitePath('space', { modelId: key }),
        clicks: c.n,
        queries: [...c.queries]
          .map(([k, s]) => ({ key: k, n: s.total, s }))
          .sort(byCount)
          .slice(0, QUERIES_PER_RESULT)
          .map(({ s }) => ({ query: s.label, clicks: s.total })),
      })),
  };
}
