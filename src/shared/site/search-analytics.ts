import { modelIdOfSpacePath } from '../../domain/insight-rules.ts';
import { track } from './events.ts';

/**
 * The search page's analytics for the console's search insights (issue 25), through the page's
 * one tracker (consent rules unchanged): `search_results` { query, results } once per query the
 * page answers without filters, `search_click` { query, space, position, location } when a result
 * is opened.
 */

/** The query last recorded on this page: paging, sorting and map moves answer it again, not anew. */
let lastAnswered: string | null = null;

/** What of a search's state decides whether its count is the query's own. */
interface Asked {
  q: string;
  tags: readonly string[];
  country: string;
  camera: string;
  bounds: unknown;
}

/** Records how many results a plain query found (filters narrow a query: their count is not its own). */
export function searchAnswered(asked: Asked, results: number): void {
  const query = asked.q.trim();
  if (!query || asked.tags.length || asked.country || asked.camera || asked.bounds) return;
  if (query === lastAnswered) return;
  lastAnswered = query;
  track('search_results', { query, results });
}

/**
 * Records a result opened from `list` (a list of cards, or the map's card): the space of the clicked
 * link, its place in the list, the query shown (`query()`; nothing is recorded without one) and
 * `where` (page, map).
 */
export function trackResultClicks(list: HTMLElement, query: () => string, where: string): void {
  list.addEventListener('click', (e) => {
    const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href]') : null;
    const q = query().trim();
    if (!link || !q) return;
    const space = modelIdOfSpacePath(new URL(link.href, location.href).pathname);
    if (!space) return;
    const item = link.closest('li');
    const position = item && item.parentElement === list ? [...list.children].indexOf(item) + 1 : 1;
    track('search_click', { query: q, space, position, location: where });
  });
}
