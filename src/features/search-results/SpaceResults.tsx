import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { spaceCardHtml, type CardData } from '../../shared/site/cards.ts';
import { href } from '../../site/paths.ts';
import { english } from '../../i18n/i18n.ts';
import type { StringKey } from '../../i18n/strings.ts';
import { POPULAR_SEARCHES } from '../../site/links.ts';
import { useT } from '../../i18n/island.ts';
import { localizePath } from '../../i18n/locales.ts';
import type { MapPoint } from '../../shared/map/points.ts';
import { AppResults } from './AppResults.tsx';
import {
  APPS_SHOWN,
  BY_VIEWS,
  loadPagefind,
  NOT_APPS,
  ONLY_APPS,
  type PagefindFilters,
  type PagefindResult,
  type PagefindResultData,
} from './pagefind-client.ts';

/** The filters a visitor can set (spec: tag, country, camera). */
const FILTERS = [
  { key: 'tag', label: 'search.filter.tag' },
  { key: 'country', label: 'search.filter.country' },
  { key: 'camera', label: 'search.filter.camera' },
] as const satisfies readonly { key: string; label: StringKey }[];
type FilterKey = (typeof FILTERS)[number]['key'];
type Chosen = Partial<Record<FilterKey, string>>;

/** Props of the results island. */
export interface Props {
  /** 'search' reads ?q= and searches; 'browse' lists one tag's or camera's spaces. */
  mode: 'search' | 'browse';
  /** Filters fixed by the page (the tag of a tag page, the camera of a camera page). */
  fixed?: Chosen;
  /** Where pagefind's bundle lives (`${BASE_URL}pagefind/`) and the site base for result URLs. */
  bundlePath: string;
  baseUrl: string;
  /** Browse mode: how many cards the static page shows, and how many match in all. */
  initialCount?: number;
  total?: number;
  pageSize?: number;
  /** Static cards (browse) or the empty-query block (search), shown until the island has results. */
  children?: ReactNode;
  /** The page's locale (its strings and links). */
  locale?: string;
}

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; results: PagefindResult[]; options: Record<string, Record<string, number>> };

/** Cards of the first row (four at the widest layout) load eagerly at high priority: the first is the page's LCP. */
const FIRST_ROW = 4;

function ResultCard({ data, locale, priority }: { data: PagefindResultData; locale: string | undefined; priority: boolean }) {
  const tr = useT(locale);
  const views = Number(data.meta['views'] ?? 0);
  const card: CardData = {
    url: data.url,
    name: data.meta['name'] ?? data.meta['title'] ?? '',
    place: data.meta['place'] ?? data.meta['country'] ?? '',
    image: data.meta['image'] ?? '',
    views,
  };
  return <li dangerouslySetInnerHTML={{ __html: spaceCardHtml(card, { ...tr, localize: (path) => localizePath(path, locale ?? 'en') }, { priority }) }} />;
}

// The map and MapLibre load only when a visitor opens the map.
const SpacesMap = lazy(() => import('../../shared/map/SpacesMap.tsx').then((m) => ({ default: m.SpacesMap })));

/** The results on screen that have a location (their pages' `geo` meta), as map points. */
function toMapPoints(data: PagefindResultData[]): MapPoint[] {
  const out: MapPoint[] = [];
  for (const d of data) {
    const [lat, lon] = (d.meta['geo'] ?? '').split(',').map(Number);
    if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon) || !d.meta['geo']) continue;
    out.push({
      key: d.url,
      url: d.url,
      name: d.meta['name'] ?? d.meta['title'] ?? '',
      place: d.meta['place'] ?? d.meta['country'] ?? '',
      image: d.meta['image'] ?? '',
      views: Number(d.meta['views'] ?? 0),
      lat,
      lon,
    });
  }
  return out;
}

function Skeletons({ n }: { n: number }) {
  return (
    <ul className="grid" aria-hidden="true">
      {Array.from({ length: n }, (_, i) => (
        <li key={i}>
          {/* The same box as a card (picture, name, place), so results replace it without moving the page (CLS). */}
          <div className="card">
            <div className="card__media skeleton" />
            <div className="card__body">
              <p className="card__title">&nbsp;</p>
              <p className="card__meta">&nbsp;</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

const readQuery = () => (typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('q') ?? '').trim());
const readChosen = (): Chosen => {
  if (typeof location === 'undefined') return {};
  const p = new URLSearchParams(location.search);
  const out: Chosen = {};
  for (const f of FILTERS) {
    const v = p.get(f.key);
    if (v) out[f.key] = v;
  }
  return out;
};

/** Search results, tag and camera listings over the pagefind index, with tag/country/camera filters. */
export default function SpaceResults({ mode, fixed = {}, bundlePath, baseUrl, initialCount = 0, total = 0, pageSize = 24, children, locale }: Props) {
  const { t, formatCount, locale: current } = useT(locale);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Chosen>({});
  const [state, setState] = useState<State>({ status: mode === 'search' ? 'loading' : 'idle' });
  const [shown, setShown] = useState(pageSize);
  const [cards, setCards] = useState<{ for: PagefindResult[] | null; data: PagefindResultData[] }>({ for: null, data: [] });
  const [mounted, setMounted] = useState(false);
  const [mapOpen, setMapOpen] = useState(false);
  const [apps, setApps] = useState<PagefindResultData[]>([]);
  const run = useRef(0);
  const fixedKey = JSON.stringify(fixed);

  // The URL is only known in the browser: read it once mounted.
  useEffect(() => {
    setQuery(readQuery());
    setChosen(readChosen());
    setMounted(true);
  }, []);

  const active = mode === 'search' ? query !== '' : Object.keys(chosen).length > 0 || shown > pageSize;

  const search = useCallback(async () => {
    const id = ++run.current;
    setState({ status: 'loading' });
    try {
      const pagefind = await loadPagefind(bundlePath, baseUrl);
      const filters: PagefindFilters = { ...(JSON.parse(fixedKey) as Chosen), ...chosen, ...NOT_APPS };
      const term = mode === 'search' ? query : null;
      const sort = mode === 'search' ? undefined : BY_VIEWS;
      // Marketplace apps matching the words, shown as their own group (search page only).
      const appsFound =
        mode === 'search' && term
          ? pagefind
              .search(term, { filters: ONLY_APPS })
              .then((r) => Promise.all((r?.results ?? []).slice(0, APPS_SHOWN).map((x) => x.data())))
              .catch(() => [])
          : Promise.resolve([]);
      // Choices come from the search without the visitor's own filters, so each select offers
      // only values that exist among this page's spaces, with their counts.
      const found = await pagefind.search(term, { filters, ...(sort ? { sort } : {}) });
      if (id !== run.current || !found) return;
      let options = found.filters;
      if (Object.keys(chosen).length > 0) {
        // `totalFilters` counts the search term alone; pages with a fixed filter search again without the visitor's.
        const fixedOnly = JSON.parse(fixedKey) as PagefindFilters;
        const base = Object.keys(fixedOnly).length ? await pagefind.search(term, { filters: { ...fixedOnly, ...NOT_APPS } }) : null;
        if (id !== run.current) return;
        options = base ? base.filters : found.totalFilters;
      }
      const appData = await appsFound;
      if (id !== run.current) return;
      setApps(appData);
      setState({ status: 'ready', results: found.results, options });
    } catch {
      if (id === run.current) setState({ status: 'error' });
    }
  }, [bundlePath, baseUrl, fixedKey, chosen, mode, query]);

  useEffect(() => {
    if (!mounted) return;
    if (mode === 'search' && query === '') {
      setState({ status: 'idle' });
      return;
    }
    // Browse pages search right away too: the filter choices and counts come from the index.
    void search();
  }, [mounted, mode, query, search]);

  // Load the data of the results on screen (each is a small fragment file).
  useEffect(() => {
    if (state.status !== 'ready') return;
    let live = true;
    const results = state.results;
    void Promise.all(results.slice(0, shown).map((r) => r.data())).then((data) => {
      if (live) setCards({ for: results, data });
    });
    return () => {
      live = false;
    };
  }, [state, shown]);

  const choose = (key: FilterKey, value: string) => {
    const next = { ...chosen };
    if (value) next[key] = value;
    else delete next[key];
    setChosen(next);
    setShown(pageSize);
    const url = new URL(location.href);
    for (const f of FILTERS) url.searchParams.delete(f.key);
    for (const [k, v] of Object.entries(next)) url.searchParams.set(k, v);
    history.replaceState(null, '', url);
  };

  // The results on screen with a location, for the map.
  const mapPoints = useMemo(() => toMapPoints(cards.data), [cards.data]);

  // Filter choices: every value pagefind knows, minus those the page fixes.
  const options = useMemo(() => (state.status === 'ready' ? state.options : {}), [state]);
  const freeFilters = FILTERS.filter((f) => !(f.key in fixed));
  const count = state.status === 'ready' ? state.results.length : mode === 'browse' ? total : 0;
  const errorInBrowse = mode === 'browse' && state.status === 'error';

  // Rendered before mount too (the server does not know the query): its place is kept, so results do not move when it fills (CLS).
  const filterBar =
    mode === 'search' && mounted && query === '' ? null : (
      <div className="filters" role="group" aria-label={t('search.filters')}>
        {freeFilters.map((f) => {
          const counts = options[f.key] ?? {};
          const values = Object.keys(counts)
            .filter((v) => (counts[v] ?? 0) > 0)
            .sort((a, b) => a.localeCompare(b));
          const current = chosen[f.key] ?? '';
          return (
            <label key={f.key}>
              {t(f.label)}
              <select value={current} onChange={(e) => choose(f.key, e.target.value)}>
                <option value="">{t('search.filter.any')}</option>
                {current && !values.includes(current) && <option value={current}>{current}</option>}
                {values.map((v) => (
                  <option key={v} value={v}>
                    {v} ({formatCount(counts[v] ?? 0)})
                  </option>
                ))}
              </select>
            </label>
          );
        })}
        {Object.keys(chosen).length > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => freeFilters.forEach((f) => chosen[f.key] && choose(f.key, ''))}>
            {t('search.filter.clear')}
          </button>
        )}
      </div>
    );

  if (mode === 'search' && mounted && query === '') return <>{children}</>;

  const ready = state.status === 'ready';
  const cardsCurrent = ready && cards.for === state.results && cards.data.length >= Math.min(shown, state.results.length);
  let body: ReactNode;
  if (mode === 'browse' && !active) body = children;
  else if (state.status === 'error') body = mode === 'browse' ? children : null;
  else if (state.status === 'loading' || state.status === 'idle' || (ready && state.results.length > 0 && !cardsCurrent)) body = <Skeletons n={8} />;
  else if (ready && state.results.length === 0) {
    body = (
      <div className="empty-state">
        <p>
          <strong>{t('search.none', { q: mode === 'search' ? query : Object.values({ ...fixed, ...chosen }).join(', ') })}</strong>
        </p>
        <p className="muted">{t('search.none.hint')}</p>
        <ul className="chip-list">
          {POPULAR_SEARCHES.map((k) => (
            <li key={k}>
              <a className="chip" href={localizePath(href.search(english(k)), current)}>
                {t(k)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  } else {
    body = (
      <ul className="grid">
        {cards.data.map((d, i) => (
          <ResultCard key={d.url} data={d} locale={locale} priority={i < FIRST_ROW} />
        ))}
      </ul>
    );
  }
  const offerMap = ready && state.results.length > 0 && (mode === 'search' || active);
  const canShowMore = ready ? shown < state.results.length : mode === 'browse' && !active && initialCount < total;

  return (
    <div className="search-layout">
      {filterBar}
      <div className="results-bar">
        {/* Only the count is announced; the Map button sits beside it, outside the live region. */}
        <div className="results-summary" aria-live="polite">
          {state.status === 'loading' && (mode === 'search' || active) ? (
            <span>{t('search.loading')}</span>
          ) : state.status === 'error' && !errorInBrowse ? (
            <span>{t('search.error')}</span>
          ) : (
            <span>{t('search.count', { count })}</span>
          )}
        </div>
        {offerMap && (
          <button type="button" className="btn btn-ghost btn-sm results-map-toggle" aria-pressed={mapOpen} onClick={() => setMapOpen((v) => !v)}>
            {t('view.map')}
          </button>
        )}
      </div>
      {offerMap && mapOpen && (
        <div className="results-map">
          <Suspense fallback={<div className="results-map__placeholder" />}>
            <SpacesMap points={mapPoints} locale={locale} label={t('map.results')} />
          </Suspense>
        </div>
      )}
      {body}
      {canShowMore && (
        <div className="load-more">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              if (!ready) setShown(initialCount + pageSize);
              else setShown((n) => n + pageSize);
            }}
          >
            {t('search.more')}
          </button>
        </div>
      )}
      {/* Matching apps come after the spaces: they arrive with the search, and above the list they pushed it down (CLS 0.24). */}
      {ready && <AppResults apps={apps} query={query} locale={locale} />}
    </div>
  );
}
