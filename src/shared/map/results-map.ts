import { localizePath } from '../../i18n/locales.ts';
import { spaceCardHtml, type CardI18n } from '../site/cards.ts';
import { escapeHtml as esc } from '../../domain/html.ts';
import { href } from '../../site/paths.ts';
import type { MapView } from './map-view.ts';
import type { MapPoint } from './points.ts';
import { fill } from '../site/templates.ts';

/** The map's strings, translated at build time (see page-strings.ts). */
export interface MapStrings {
  label: string;
  zoomIn: string;
  zoomOut: string;
  /** Plural templates: a cluster's name, a card's views. */
  cluster: Record<string, string>;
  views: Record<string, string>;
  loading: string;
  error: string;
  close: string;
  listHeading: string;
}

/** What the map tells its page. */
export interface ResultsMapOptions {
  strings: MapStrings;
  /** The page's locale (links) and language (numbers, plurals). */
  locale: string;
  lang: string;
  /** The visitor moved the map: its bounds ("Search this area"). */
  onMove?: (bounds: { west: number; south: number; east: number; north: number }) => void;
}

/** A mounted map of results: swap its spaces (optionally keeping the visitor's view), or remove it. */
export interface ResultsMap {
  update: (points: MapPoint[], keepView?: boolean) => void;
  destroy: () => void;
}

const CLOSE = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6 6 18" /></svg>';

/**
 * A map of spaces without a framework (the framework-free counterpart of SpacesMap.tsx): MapLibre
 * and the basemap load when it opens; a marker opens the space's card (the grid's markup), Escape or
 * the close button gives the focus back to the marker; a hidden list gives screen readers the spaces.
 */
export async function openMap(slot: HTMLElement, initial: MapPoint[], o: ResultsMapOptions): Promise<ResultsMap> {
  const { strings, lang } = o;
  const i18n = {
    t: (() => '') as unknown as CardI18n['t'],
    viewsLabel: (n: number) => fill(strings.views, { count: n }, lang),
    localize: (path: string) => localizePath(path, o.locale),
  } satisfies CardI18n;
  slot.innerHTML = `<div class="map"><div class="map__canvas"></div><p class="map__status" role="status">${esc(strings.loading)}</p>
    <div class="map__card" role="group" hidden></div><div class="visually-hidden"><h3>${esc(strings.listHeading)}</h3><ul data-map-list></ul></div></div>`;
  const canvas = slot.querySelector<HTMLElement>('.map__canvas') as HTMLElement;
  const status = slot.querySelector<HTMLElement>('.map__status') as HTMLElement;
  const card = slot.querySelector<HTMLElement>('.map__card') as HTMLElement;
  const list = slot.querySelector<HTMLElement>('[data-map-list]') as HTMLElement;
  let opener: HTMLButtonElement | null = null;

  const close = (focus = true) => {
    card.hidden = true;
    card.innerHTML = '';
    if (focus) opener?.focus();
  };
  card.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });
  const listPoints = (points: MapPoint[]) => {
    list.innerHTML = points
      .map((p) => `<li><a href="${esc(i18n.localize(p.url ?? href.space(p.modelId ?? '')))}">${esc(p.place ? `${p.name}, ${p.place}` : p.name)}</a></li>`)
      .join('');
  };
  listPoints(initial);

  let view: MapView;
  try {
    const mod = await import('./map-view.ts');
    view = await mod.mountMap(canvas, initial, {
      title: strings.label,
      zoomIn: strings.zoomIn,
      zoomOut: strings.zoomOut,
      clusterLabel: (count) => fill(strings.cluster, { count }, lang),
      onOpen: (point, marker) => {
        opener = marker;
        card.setAttribute('aria-label', point.name);
        card.innerHTML = `<button type="button" class="map__close" aria-label="${esc(strings.close)}">${CLOSE}</button>${spaceCardHtml(point, i18n)}`;
        card.hidden = false;
        card.querySelector('.map__close')?.addEventListener('click', () => close());
        card.querySelector<HTMLElement>('a')?.focus();
      },
      ...(o.onMove ? { onMove: o.onMove } : {}),
    });
    status.remove();
  } catch (error) {
    console.warn('The map could not be loaded.', error);
    status.setAttribute('role', 'alert');
    status.textContent = strings.error;
    return { update: listPoints, destroy: () => (slot.innerHTML = '') as unknown as void };
  }
  return {
    update(points, keepView = false) {
      close(false);
      listPoints(points);
      view.update(points, keepView);
    },
    destroy() {
      view.destroy();
      slot.innerHTML = '';
    },
  };
}
