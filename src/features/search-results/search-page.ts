import { listApps } from '../../client/marketplace.ts';
import { searchSpaceFacets, searchSpacePoints, searchSpaces } from '../../client/spaces.ts';
import type { CameraFilter } from '../../domain/cameras.ts';
import type { SpaceCard } from '../../domain/space.ts';
import { escapeHtml as esc } from '../../domain/html.ts';
import { localizePath } from '../../i18n/locales.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { cardItem, spaceCardHtml, type CardI18n } from '../../shared/site/cards.ts';
import { href } from '../../site/paths.ts';
import type { MapStrings, ResultsMap } from '../../shared/map/results-map.ts';
import { VIEW_EVENT, type View } from '../../shared/map/view-switch.ts';
import { fill } from '../../shared/site/templates.ts';
import { searchAnswered, trackResultClicks } from '../../shared/site/search-analytics.ts';
import { FIRST_ROW, isRefined, readState, writeState, type Bounds, type SearchState, type Sort } from './search-state.ts';

/** The strings ResultsPage.astro hands over, translated at build time. */
interface Strings {
  resultsFor: string;
  siteName: string;
  count: Record<string, string>;
  views: Record<string, string>;
  none: string;
  loading: string;
  error: string;
  didYouMean: string;
  remove: string;
  area: string;
  facets: Record<Facet, string>;
  apps: string;
  appsAll: string;
  by: string;
}
type Facet = 'tag' | 'country' | 'camera';
type FacetAnswer = Awaited<ReturnType<typeof searchSpaceFacets>>;
type FacetValue = FacetAnswer['tags'][number];

/** The answers the page's inline script asked for while it parsed (ResultsPage.astro), for the body it sent. */
interface FirstSearch {
  body: string;
  /** The inline script drew the answer's cards already (the first ones only, when the server sent only those with the page). */
  drawn: boolean;
  /** The whole first page's answer. */
  answer: Promise<Awaited<ReturnType<typeof searchSpaces>> | null>;
  /** Asked once the first picture is in (null before). */
  facets: Promise<FacetAnswer | null> | null;
}

/** The inline script's answers, once, when they were asked for this body (the facets ignore paging, so they match too). */
function takeFirstSearch(body: string): FirstSearch | null {
  const w = window as unknown as { __firstSearch?: FirstSearch };
  const first = w.__firstSearch;
  delete w.__firstSearch;
  return first && first.body === body ? first : null;
}

/** How many matching apps the search page shows. */
const APPS_SHOWN = 6;
const CROSS = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6 6 18"/></svg>';

/**
 * The results of a search, tag or camera page (ResultsPage.astro), without a framework: reads the
 * address (search-state.ts), asks the API's search (the engine the header preview uses too, typos
 * forgiven) and its facets, and draws the shared card markup, the count, "Did you mean …?", the
 * filter chips, load more, and on the map view the matching spaces with "Search this area".
 */
export function startResultsPage(): void {
  const root = document.querySelector<HTMLElement>('[data-results-page]');
  if (!root || root.dataset['ready'] !== undefined) return;
  root.dataset['ready'] = '';
  const d = root.dataset;
  const mode = (d['mode'] ?? 'search') as 'search' | 'tag' | 'camera';
  const lang = d['lang'] ?? 'en';
  const locale = d['locale'] ?? 'en';
  const pageSize = Number(d['pageSize'] ?? 24);
  const s = JSON.parse(d['strings'] ?? '{}') as Strings;
  const cameras = JSON.parse(d['cameras'] ?? '{}') as Record<string, CameraFilter[]>;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel) as T;
  const grid = $<HTMLUListElement>('[data-results]');
  const summary = $('[data-summary]');
  const suggestion = $('[data-suggestion]');
  const chips = $('[data-chips]');
  const none = $('[data-none]');
  const moreWrap = $('[data-more-wrap]');
  const more = $<HTMLButtonElement>('[data-more]');
  const slot = $('[data-map-slot]');
  const areaButton = $<HTMLButtonElement>('[data-search-area]');
  const apps = $('[data-apps]');
  const empty = root.querySelector<HTMLElement>('[data-empty]');
  const controls = $('[data-controls]');
  const heading = document.querySelector<HTMLElement>('[data-search-heading]');
  const http = browserHttp();
  const cardI18n: CardI18n = {
    t: () => '',
    viewsLabel: (n) => fill(s.views, { count: n }, lang),
    localize: (path) => localizePath(path, locale),
  };

  let state: SearchState = readState(location.search);
  let facets: FacetAnswer | null = null;
  let run = 0;
  let shown = Number(d['built'] ?? 0);
  let total = Number(d['total'] ?? 0);
  let map: Promise<ResultsMap> | null = null;
  let moved: Bounds | null = null;

  const setSort = () => {
    const value: Sort = mode !== 'search' && state.sort === 'relevance' ? 'views' : state.sort;
    for (const r of root.querySelectorAll<HTMLInputElement>('input[name="sort"]')) r.checked = r.value === value;
  };
  const body = (page: number, size: number) => ({
    searchText: state.q,
    tags: [...(mode === 'tag' && d['tag'] ? [d['tag']] : []), ...state.tags],
    ...(state.country ? { countryCode: state.country } : {}),
    filters: [...(mode === 'camera' ? (cameras[d['camera'] ?? ''] ?? []) : []), ...(state.camera ? (cameras[state.camera] ?? []) : [])],
    sort: state.sort,
    ...(state.bounds ? { bounds: state.bounds } : {}),
    page,
    pageSize: size,
  });
  const cardOf = (c: SpaceCard, i: number) =>
    cardItem(
      spaceCardHtml(
        {
          modelId: c.modelId,
          name: c.name,
          place: [c.city, c.countryName].filter(Boolean).join(', '),
          image: c.images.cover,
          width: c.images.width,
          height: c.images.height,
          views: c.views,
        },
        cardI18n,
        { priority: i < FIRST_ROW },
      ),
    );
  const write = () => history.replaceState(history.state, '', `${location.pathname}${writeState(state, location.search)}`);

  // ------------------------------------------------------------------ drawing

  const showHeading = () => {
    if (mode !== 'search' || !heading) return;
    const text = state.q ? s.resultsFor.replace('{q}', state.q) : heading.textContent;
    heading.textContent = text;
    if (state.q) document.title = `${text} | ${s.siteName}`;
  };

  const drawSuggestion = (word: string | null) => {
    if (!word || mode !== 'search') {
      suggestion.hidden = true;
      return;
    }
    const link = `<a href="${esc(`${location.pathname}${writeState({ ...state, q: word, page: 1 }, location.search)}`)}" data-suggest="${esc(word)}">${esc(word)}</a>`;
    suggestion.innerHTML = esc(s.didYouMean).replace(esc('{word}'), link);
    suggestion.hidden = false;
  };

  const chip = (facet: Facet | 'area', value: string, label: string, count: number | null, pressed: boolean) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `chip${pressed ? ' chip--on' : ''}`;
    b.dataset['facet'] = facet;
    b.dataset['value'] = value;
    b.setAttribute('aria-pressed', String(pressed));
    // A pressed chip reads "Remove filter: <value>": the words around the value are for screen readers only.
    const [before = '', after = ''] = pressed ? s.remove.split('{value}') : [];
    const hidden = (text: string) => (text ? `<span class="visually-hidden">${esc(text)}</span>` : '');
    b.innerHTML = `${hidden(before)}<span>${esc(label)}</span>${hidden(after)}${count !== null ? `<span class="chip__count">${esc(new Intl.NumberFormat(lang).format(count))}</span>` : ''}${pressed ? CROSS : ''}`;
    return b;
  };

  /** Chosen filters first (pressed: pressing removes), "Clear all", then each facet's most frequent values. */
  const drawChips = () => {
    const focused = document.activeElement instanceof HTMLElement && chips.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = focused ? `${focused.dataset['facet'] ?? ''}:${focused.dataset['value'] ?? ''}` : null;
    const clear = chips.querySelector<HTMLButtonElement>('[data-clear]') as HTMLButtonElement;
    const out: HTMLElement[] = [];
    const labelOf = (list: FacetValue[] | undefined, v: string) => list?.find((x) => x.value === v)?.label ?? v;
    const countOf = (list: FacetValue[] | undefined, v: string) => list?.find((x) => x.value === v)?.count ?? null;
    for (const t of state.tags) out.push(chip('tag', t, t, countOf(facets?.tags, t), true));
    if (state.country) out.push(chip('country', state.country, labelOf(facets?.countries, state.country), countOf(facets?.countries, state.country), true));
    if (state.camera) out.push(chip('camera', state.camera, labelOf(facets?.cameras, state.camera), countOf(facets?.cameras, state.camera), true));
    if (state.bounds) out.push(chip('area', '', s.area, null, true));
    const chosen = out.length;
    clear.hidden = chosen < 2;
    const groups: [Facet, FacetValue[]][] = [
      [
        'tag',
        (facets?.tags ?? []).filter(
          (v) => !state.tags.some((t) => t.toLowerCase() === v.value.toLowerCase()) && v.value.toLowerCase() !== (d['tag'] ?? '').toLowerCase(),
        ),
      ],
      ['country', state.country ? [] : (facets?.countries ?? [])],
      ['camera', state.camera || mode === 'camera' ? [] : (facets?.cameras ?? [])],
    ];
    for (const [facet, values] of groups) {
      // A value every match has narrows nothing.
      const useful = values.filter((v) => v.count < (facets?.total ?? 0));
      if (!useful.length) continue;
      const group = document.createElement('div');
      group.className = 'facet-bar__group';
      group.setAttribute('role', 'group');
      group.setAttribute('aria-label', s.facets[facet]);
      group.innerHTML = `<span class="facet-bar__label" aria-hidden="true">${esc(s.facets[facet])}</span>`;
      for (const v of useful) group.append(chip(facet, v.value, v.label, v.count, false));
      out.push(group);
    }
    chips.replaceChildren(...out.slice(0, chosen), clear, ...out.slice(chosen));
    if (focusKey) {
      const again = [...chips.querySelectorAll<HTMLElement>('button[data-facet]')].find((b) => `${b.dataset['facet']}:${b.dataset['value']}` === focusKey);
      (again ?? chips.querySelector<HTMLElement>('button:not([hidden])'))?.focus();
    }
  };

  const drawApps = async (id: number) => {
    if (mode !== 'search' || !state.q) {
      apps.hidden = true;
      return;
    }
    try {
      const page = await listApps(http, { q: state.q, limit: APPS_SHOWN });
      if (id !== run) return;
      apps.hidden = page.results.length === 0;
      const all = localizePath(href.marketplace(`?q=${encodeURIComponent(state.q)}`), locale);
      apps.innerHTML =
        `<div class="app-results__head"><h3 id="app-results-label" class="app-results__title">${esc(s.apps)}</h3><a class="app-results__all" href="${esc(all)}">${esc(s.appsAll)}</a></div>` +
        `<ul class="app-results__list">${page.results
          .map((a) => {
            const logo = a.partner.logo?.thumbnail;
            const initials = (a.partner.name || a.name)
              .split(/\s+/)
              .map((w) => w[0] ?? '')
              .join('')
              .slice(0, 2);
            return `<li><a class="app-result" href="${esc(localizePath(href.marketplaceApp(a.slug), locale))}">${
              logo
                ? `<img class="app-result__logo" src="${esc(logo)}" alt="" width="48" height="48" loading="lazy">`
                : `<span class="app-result__logo app-result__logo--text" aria-hidden="true">${esc(initials)}</span>`
            }<span class="app-result__text"><span class="app-result__name">${esc(a.name)}</span><span class="app-result__partner">${esc(
              s.by.replace('{name}', a.partner.name),
            )}</span><span class="app-result__summary">${esc(a.summary)}</span></span></a></li>`;
          })
          .join('')}</ul>`;
    } catch {
      apps.hidden = true;
    }
  };

  // ------------------------------------------------------------------ the map

  const mapPoints = async (id: number) => {
    const view = await map;
    if (!view) return;
    try {
      const answer = await searchSpacePoints(http, body(1, 1));
      if (id !== run) return;
      view.update(
        answer.points.map((p) => ({ ...p, key: p.modelId })),
        state.bounds !== null,
      );
    } catch {
      // The list still shows the results.
    }
  };
  const openMapView = () => {
    if (map) return;
    const strings = JSON.parse(root.querySelector<HTMLElement>('[data-view-switch]')?.dataset['mapStrings'] ?? '{}') as MapStrings;
    const canvas = slot.querySelector<HTMLElement>('[data-map-canvas]') ?? slot;
    map = import('../../shared/map/results-map.ts').then((m) =>
      m.openMap(canvas, [], {
        strings,
        locale,
        lang,
        onMove: (b) => {
          moved = b;
          areaButton.hidden = false;
        },
      }),
    );
    void mapPoints(run);
  };

  // ------------------------------------------------------------------ searching

  /** Asks the API for the results (and facets, the map's points, apps); `append` adds the next page. */
  const search = async (append = false) => {
    const id = ++run;
    if (mode === 'search' && !state.q && !isRefined(state)) {
      // Nothing asked yet: the popular searches.
      grid.hidden = true;
      controls.hidden = true;
      chips.hidden = true;
      summary.textContent = '';
      suggestion.hidden = true;
      none.hidden = true;
      if (empty) empty.hidden = false;
      grid.removeAttribute('aria-busy');
      return;
    }
    if (empty) empty.hidden = true;
    grid.hidden = false;
    controls.hidden = false;
    chips.hidden = false;
    grid.setAttribute('aria-busy', 'true');
    more.disabled = true;
    if (!append) summary.textContent = s.loading;
    const page = append ? state.page : 1;
    // A reload of page N asks for the N pages at once (up to 100 cards).
    const size = append ? pageSize : Math.min(100, pageSize * state.page);
    try {
      const first = append ? null : takeFirstSearch(JSON.stringify(body(1, size)));
      const [answer, f] = await Promise.all([
        first?.answer.then((a) => a ?? searchSpaces(http, body(1, size))) ?? searchSpaces(http, body(append ? page : 1, size)),
        append ? Promise.resolve(facets) : (first?.facets ?? searchSpaceFacets(http, body(1, 1))).catch(() => null),
      ]);
      if (id !== run) return;
      facets = f;
      total = answer.totalResults;
      if (append) {
        const items = answer.results.map((c) => cardOf(c, FIRST_ROW));
        grid.append(...items);
        items[0]?.querySelector('a')?.focus({ preventScroll: true });
      } else if (!first?.drawn) grid.replaceChildren(...answer.results.map(cardOf));
      else if (grid.children.length < answer.results.length) {
        // The server sent the first cards with the page; the rest follow them.
        const drawn = grid.children.length;
        grid.append(...answer.results.slice(drawn).map((c, i) => cardOf(c, drawn + i)));
      }
      shown = grid.children.length;
      summary.textContent = fill(s.count, { count: total }, lang);
      if (mode === 'search' && !append) searchAnswered(state, total);
      none.hidden = total > 0;
      if (total === 0)
        $('[data-none-text]').textContent = s.none.replace('{q}', state.q || [...state.tags, state.country, state.camera].filter(Boolean).join(', '));
      moreWrap.hidden = shown >= total;
      drawSuggestion(answer.suggestion ?? null);
      drawChips();
      if (!append) {
        void drawApps(id);
        if (map) void mapPoints(id);
      }
    } catch {
      if (id !== run) return;
      summary.textContent = s.error;
      if (!append) grid.replaceChildren();
    } finally {
      if (id === run) {
        grid.removeAttribute('aria-busy');
        more.disabled = false;
      }
    }
  };

  /** A change of the visitor's: the address, then the results from the first page. */
  const change = (next: Partial<SearchState>) => {
    state = { ...state, ...next, page: 1 };
    write();
    void search();
  };

  // ------------------------------------------------------------------ wiring

  root.addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement;
    if (input.name === 'sort') change({ sort: input.value as Sort });
  });
  chips.addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button');
    if (!b) return;
    if (b.dataset['clear'] !== undefined) {
      change({ tags: [], country: '', camera: '', bounds: null });
      return;
    }
    const facet = b.dataset['facet'];
    const value = b.dataset['value'] ?? '';
    const on = b.getAttribute('aria-pressed') === 'true';
    if (facet === 'tag') change({ tags: on ? state.tags.filter((t) => t !== value) : [...state.tags, value] });
    else if (facet === 'country') change({ country: on ? '' : value });
    else if (facet === 'camera') change({ camera: on ? '' : value });
    else if (facet === 'area') change({ bounds: null });
  });
  more.addEventListener('click', () => {
    state = { ...state, page: state.page + 1 };
    write();
    void search(true);
  });
  suggestion.addEventListener('click', (e) => {
    const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-suggest]');
    if (!a || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    state = { ...state, q: a.dataset['suggest'] ?? state.q, page: 1 };
    history.pushState(history.state, '', `${location.pathname}${writeState(state, location.search)}`);
    fillSearchBoxes();
    showHeading();
    void search();
  });
  areaButton.addEventListener('click', () => {
    if (!moved) return;
    areaButton.hidden = true;
    change({ bounds: moved });
  });
  root.addEventListener(VIEW_EVENT, (e) => {
    const view = (e as CustomEvent<View>).detail;
    state = { ...state, view };
    if (view === 'map') openMapView();
  });
  // The search insights' "results clicked" (issue 25): from the cards and the map's card.
  const shownQuery = () => (mode === 'search' ? state.q : '');
  trackResultClicks(grid, shownQuery, 'page');
  trackResultClicks(slot, shownQuery, 'map');
  addEventListener('popstate', () => {
    state = readState(location.search);
    setSort();
    fillSearchBoxes();
    showHeading();
    void search();
  });

  /** The header's search box shows the query (its island reads the input's value). */
  const fillSearchBoxes = () => {
    if (mode !== 'search') return;
    for (const input of document.querySelectorAll<HTMLInputElement>('form[data-search-form] input[name="q"]')) {
      input.value = state.q;
      input.dispatchEvent(new Event('input'));
    }
  };

  // A sort the visitor chose before this script ran (the radios are static HTML) is kept, not undone.
  const early = [...root.querySelectorAll<HTMLInputElement>('input[name="sort"]')].find((r) => r.checked && !r.defaultChecked);
  if (early && early.value !== state.sort) {
    state = { ...state, sort: early.value as Sort, page: 1 };
    write();
  }
  setSort();
  showHeading();
  fillSearchBoxes();
  if (state.view === 'map') openMapView();
  if (mode === 'search' || isRefined(state)) void search();
  else {
    // A tag or camera page shows its built first page; the facets fill the chips, load more asks the API.
    void searchSpaceFacets(http, body(1, 1))
      .then((f) => {
        facets = f;
        drawChips();
      })
      .catch(() => undefined);
  }
}
