/**
 * The marketplace landing's filters as plain data: text search plus any number of industries and
 * features, read from and written to the page's query (`?q=plans&industry=real-estate&feature=floor-plans`)
 * so a filtered view can be shared and reloads the same. Pure, so the island and tests share it.
 */

/** What a card needs to be filtered. */
export interface FilterableApp {
  name: string;
  partnerName: string;
  summary: string;
  /** Industry slugs. */
  industries: readonly string[];
  /** Feature slugs. */
  features: readonly string[];
  /** Extra words the search matches (industry and feature names). */
  keywords?: readonly string[];
}

/** The landing's filter state. */
export interface AppFilter {
  q: string;
  industries: string[];
  features: string[];
}

/** No filter at all. */
export const NO_FILTER: AppFilter = { q: '', industries: [], features: [] };

/** The query parameter names (repeated for several values). */
export const FILTER_PARAMS = { q: 'q', industry: 'industry', feature: 'feature' } as const;

const uniq = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** The filter a query string describes; unknown slugs are dropped when `known` is given. */
export function parseFilter(search: string, known?: { industries: readonly string[]; features: readonly string[] }): AppFilter {
  const params = new URLSearchParams(search);
  const pick = (name: string, allowed?: readonly string[]) => uniq(params.getAll(name)).filter((v) => !allowed || allowed.includes(v));
  return {
    q: (params.get(FILTER_PARAMS.q) ?? '').trim().slice(0, 100),
    industries: pick(FILTER_PARAMS.industry, known?.industries),
    features: pick(FILTER_PARAMS.feature, known?.features),
  };
}

/** The query string of a filter ('' when empty), in a stable order so equal filters give equal URLs. */
export function filterQuery(f: AppFilter): string {
  const params = new URLSearchParams();
  if (f.q.trim()) params.set(FILTER_PARAMS.q, f.q.trim());
  for (const i of [...f.industries].sort()) params.append(FILTER_PARAMS.industry, i);
  for (const x of [...f.features].sort()) params.append(FILTER_PARAMS.feature, x);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Whether a filter narrows anything. */
export const isFiltered = (f: AppFilter) => f.q.trim() !== '' || f.industries.length > 0 || f.features.length > 0;

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Whether an app passes: any of the chosen industries (an app serving real estate or insurance
 * shows for either), all of the chosen features (each feature narrows), and every word of the
 * search in its name, partner, summary or keywords.
 */
export function matches(app: FilterableApp, f: AppFilter): boolean {
  if (f.industries.length && !f.industries.some((i) => app.industries.includes(i))) return false;
  if (f.features.length && !f.features.every((x) => app.features.includes(x))) return false;
  const words = fold(f.q).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = fold([app.name, app.partnerName, app.summary, ...(app.keywords ?? [])].join(' '));
  return words.every((w) => text.includes(w));
}

/** Toggles one value in a list (a checkbox). */
export const toggle = (list: readonly string[], value: string): string[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
