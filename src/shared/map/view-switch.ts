import { parsePoints } from './points.ts';
import type { MapStrings, ResultsMap } from './results-map.ts';

/** The views of a list of spaces. */
export type View = 'grid' | 'list' | 'map';
const VIEWS: readonly View[] = ['grid', 'list', 'map'];

/** Sent (bubbling, on the switch) when the view changes; a results page listens to draw its own map. */
export const VIEW_EVENT = 'discover:view';

/** The view the address asks for (`?view=list|map`), grid otherwise. */
export const viewInUrl = (): View => {
  const v = new URLSearchParams(location.search).get('view') as View;
  return VIEWS.includes(v) ? v : 'grid';
};

/**
 * Wires every Grid / List / Map switch of the page (ViewSwitch.astro): the pressed button, the
 * grid's list class, the map's slot, and `?view=` in the address (replaced, so Back leaves the page).
 * A slot with `data-points` gets its map here (MapLibre loads when the map opens); a slot without is
 * the results page's (search-page.ts), which hears {@link VIEW_EVENT}.
 */
export function startViewSwitches(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-view-switch]:not([data-ready])')) {
    root.dataset['ready'] = '';
    const grid = document.getElementById(root.dataset['grid'] ?? '');
    const slot = document.getElementById(root.dataset['slot'] ?? '');
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-view]')];
    let map: Promise<ResultsMap> | null = null;
    const apply = (view: View, write: boolean) => {
      for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset['view'] === view));
      grid?.classList.toggle('grid--list', view === 'list');
      if (slot) slot.hidden = view !== 'map';
      if (write) {
        const url = new URL(location.href);
        if (view === 'grid') url.searchParams.delete('view');
        else url.searchParams.set('view', view);
        history.replaceState(history.state, '', url);
      }
      root.dispatchEvent(new CustomEvent<View>(VIEW_EVENT, { detail: view, bubbles: true }));
      if (view === 'map' && slot?.dataset['points'] !== undefined && !map) {
        const strings = JSON.parse(root.dataset['mapStrings'] ?? '{}') as MapStrings;
        map = import('./results-map.ts').then((m) =>
          m.openMap(slot, parsePoints(slot.dataset['points']), { strings, locale: root.dataset['locale'] ?? 'en', lang: root.dataset['lang'] ?? 'en' }),
        );
      }
    };
    for (const b of buttons) b.addEventListener('click', () => apply((b.dataset['view'] as View) ?? 'grid', true));
    const initial = viewInUrl();
    if (initial !== 'grid') apply(initial, false);
  }
}
