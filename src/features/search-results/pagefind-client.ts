/** The part of pagefind's browser API the site uses (pagefind.js ships no types). */
export interface PagefindResultData {
  url: string;
  meta: Record<string, string | undefined>;
  filters: Record<string, string[]>;
}
/** One hit; its data (a fragment file) loads on demand. */
export interface PagefindResult {
  id: string;
  data: () => Promise<PagefindResultData>;
}
/** A search answer: hits, and the filter counts over them. */
export interface PagefindSearch {
  results: PagefindResult[];
  unfilteredResultCount: number;
  filters: Record<string, Record<string, number>>;
  totalFilters: Record<string, Record<string, number>>;
}
/** Filters as pagefind takes them: one value, or any of several; `not` excludes pages matching its filters. */
export type PagefindFilters = Record<string, string | { any: string[] } | Record<string, string>>;

/** App pages carry `data-pagefind-filter="type:app"`: space results leave them out, the "Apps" group asks for them alone. */
export const NOT_APPS = { not: { type: 'app' } } as const;
export const ONLY_APPS = { type: 'app' } as const;
/** How many matching apps the search page shows. */
export const APPS_SHOWN = 6;
interface PagefindApi {
  options: (o: { baseUrl?: string; bundlePath?: string }) => Promise<void>;
  init: () => Promise<void>;
  search: (term: string | null, o?: { filters?: PagefindFilters; sort?: Record<string, 'asc' | 'desc'> }) => Promise<PagefindSearch | null>;
  filters: () => Promise<Record<string, Record<string, number>>>;
}

let loading: Promise<PagefindApi> | undefined;

/**
 * Loads the pagefind bundle once. `bundlePath` comes from `import.meta.env.BASE_URL` (never a
 * hard-coded '/'), and result URLs get the same base.
 */
export function loadPagefind(bundlePath: string, baseUrl: string): Promise<PagefindApi> {
  loading ??= (async () => {
    const api = (await import(/* @vite-ignore */ `${bundlePath}pagefind.js`)) as PagefindApi;
    await api.options({ baseUrl, bundlePath });
    await api.init();
    // Searches only count the filters whose index is loaded; load them all once so every select gets its counts.
    await api.filters();
    return api;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Sorted by views, most viewed first (space pages carry `data-pagefind-sort="views:…"`, zero-padded). */
export const BY_VIEWS = { views: 'desc' } as const;
