/**
 * The search page's state as its address says it (`?q=&sort=&tag=&tag=&country=&camera=&view=&page=&area=`):
 * read when the page opens, written on every change, so a reload or a shared link shows the same results.
 * No dependency: this runs before anything else on the page.
 */

/** Orders a visitor can choose (the API's `sort`). */
export const SORTS = ['relevance', 'views', 'newest'] as const;
/** @see SORTS */
export type Sort = (typeof SORTS)[number];
/** Cards of the first row (four at the widest layout) load eagerly: the first is the page's LCP. */
export const FIRST_ROW = 4;
/** The Grid / List / Map views. */
export const VIEWS = ['grid', 'list', 'map'] as const;
/** @see VIEWS */
export type View = (typeof VIEWS)[number];

/** A part of the map in degrees ("Search this area"). */
export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Everything the address holds. */
export interface SearchState {
  q: string;
  sort: Sort;
  /** Tag names, all required. */
  tags: string[];
  /** ISO country code, or ''. */
  country: string;
  /** Camera type id (as in /camera/{id}), or ''. */
  camera: string;
  view: View;
  /** Pages of results shown (load more). */
  page: number;
  bounds: Bounds | null;
}

const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);

/** `west,south,east,north` with up to 4 decimals; null when malformed or out of range. */
export function parseBounds(v: string | null): Bounds | null {
  if (!v) return null;
  const n = v.split(',').map(Number);
  if (n.length !== 4 || n.some((x) => !Number.isFinite(x))) return null;
  const [west, south, east, north] = n as [number, number, number, number];
  if (Math.abs(west) > 180 || Math.abs(east) > 180 || Math.abs(south) > 90 || Math.abs(north) > 90 || south > north) return null;
  return { west, south, east, north };
}

/** The address form of bounds (about 10 m precision). */
export const boundsParam = (b: Bounds): string => [b.west, b.south, b.east, b.north].map((x) => String(Math.round(x * 1e4) / 1e4)).join(',');

/** Reads the state from a query string (`location.search`). */
export function readState(search: string): SearchState {
  const p = new URLSearchParams(search);
  const page = Math.trunc(Number(p.get('page') ?? 1));
  return {
    q: (p.get('q') ?? '').trim(),
    sort: oneOf(SORTS, p.get('sort'), 'relevance'),
    tags: [
      ...new Set(
        p
          .getAll('tag')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ].slice(0, 10),
    country: (p.get('country') ?? '').trim().toUpperCase().slice(0, 2),
    camera: (p.get('camera') ?? '').trim(),
    view: oneOf(VIEWS, p.get('view'), 'grid'),
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 20) : 1,
    bounds: parseBounds(p.get('area')),
  };
}

/** The query string of a state; defaults are left out, other parameters of the address are kept. */
export function writeState(s: SearchState, current = ''): string {
  const p = new URLSearchParams(current);
  for (const k of ['q', 'sort', 'tag', 'country', 'camera', 'view', 'page', 'area']) p.delete(k);
  if (s.q) p.set('q', s.q);
  if (s.sort !== 'relevance') p.set('sort', s.sort);
  for (const t of s.tags) p.append('tag', t);
  if (s.country) p.set('country', s.country);
  if (s.camera) p.set('camera', s.camera);
  if (s.view !== 'grid') p.set('view', s.view);
  if (s.page > 1) p.set('page', String(s.page));
  if (s.bounds) p.set('area', boundsParam(s.bounds));
  const out = p.toString();
  return out ? `?${out}` : '';
}

/** Whether the visitor narrowed or reordered the list (a tag or camera page then asks the API instead of showing its built first page). */
export const isRefined = (s: SearchState): boolean => s.sort !== 'relevance' || s.tags.length > 0 || !!s.country || !!s.camera || s.page > 1 || !!s.bounds;
