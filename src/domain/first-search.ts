import type { SpaceCard } from './space.ts';

/**
 * The search page's first search (issue 25), shared by the page (src/features/search-results/FirstSearch.astro,
 * whose inline script asks the same body) and the server that answers it with the page (src/server/search-page-answer.ts).
 */

/** The id of the JSON block the search page reads its first answer from; the build leaves it empty, our server fills it. */
export const FIRST_ANSWER_ID = 'first-search-answer';
/** The page size of the first search. */
export const FIRST_PAGE_SIZE = 24;
/**
 * The cards the results grid holds places for before any answer (its skeletons), and the fewest the
 * server sends with the page when the whole first page does not fit TCP's first flight: the page
 * draws them at once and asks the rest, which follow below them.
 */
export const FIRST_DRAWN_CARDS = 8;
/** The address parameters of a plain query, the only addresses whose first search is asked before the page's modules. */
const PLAIN_KEYS = new Set(['q', 'sort', 'view']);
const SORTS = new Set(['views', 'newest']);

/**
 * The search body of a search page address's first search, key for key as FirstSearch.astro's
 * script writes it, or null when the address is not a plain query: no `q`, or a parameter other
 * than `q`, `sort`, `view`.
 */
export function firstSearchBody(search: string): string | null {
  const p = new URLSearchParams(search);
  const q = (p.get('q') ?? '').trim();
  if (!q || [...p.keys()].some((k) => !PLAIN_KEYS.has(k))) return null;
  const asked = p.get('sort') ?? '';
  const sort = SORTS.has(asked) ? asked : 'relevance';
  return JSON.stringify({ searchText: q, tags: [], filters: [], sort, page: 1, pageSize: FIRST_PAGE_SIZE });
}

/** A card of the first answer as the page gets it: only what a card is drawn from. */
export type FirstCard = Pick<SpaceCard, 'modelId' | 'name' | 'city' | 'countryName' | 'views'> & {
  images: Pick<SpaceCard['images'], 'cover' | 'width' | 'height'>;
};

/**
 * The first answer with its cards cut to the fields the page draws a card from (ResultsPage.astro's
 * inline drawing and search-page.ts `cardOf`: name, address, place, views badge, picture): in the
 * document, every byte counts toward the first TCP flight (src/server/search-page-answer.ts).
 * Summaries, tags, ids and thumbnails were 40 % of it. With `cards`, only the first ones: the page
 * asks the rest when it has fewer than the page size and the total.
 */
export function slimFirstAnswer<T extends { results: readonly SpaceCard[] }>(
  answer: T,
  cards = FIRST_PAGE_SIZE,
): Omit<T, 'results'> & { results: FirstCard[] } {
  return {
    ...answer,
    results: answer.results.slice(0, cards).map((c) => ({
      modelId: c.modelId,
      name: c.name,
      city: c.city,
      countryName: c.countryName,
      views: c.views,
      images: { cover: c.images.cover, width: c.images.width, height: c.images.height },
    })),
  };
}
