import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { FeatureFlag } from '../../domain/session.ts';
import { useT } from '../../i18n/island.ts';
import type { StringKey } from '../../i18n/strings.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { useFlags } from '../../shared/flags.ts';
import { parsePoints } from '../../shared/map/points.ts';

// The map's own code loads when a map is shown (MapLibre later still, once it is on screen).
const SpacesMap = lazy(() => import('../../shared/map/SpacesMap.tsx').then((m) => ({ default: m.SpacesMap })));
import '../../shared/map/map.css';

/** The views of a grid of spaces. */
export type View = 'grid' | 'list' | 'map';

/** Props of the Grid / List / Map switch. */
export interface Props {
  locale: string;
  /** The `<ul class="grid">` of cards (by id). */
  gridId: string;
  /** The empty element the map opens in; its `data-points` holds the spaces' points (see `toPointJson`). */
  slotId: string;
  /** The map's accessible name. */
  label: string;
  /** The views offered besides the grid, each behind a flag or (null) for everybody. */
  list?: FeatureFlag | null | undefined;
  map?: FeatureFlag | null | undefined;
}

const LABEL: Record<View, StringKey> = { grid: 'view.grid', list: 'view.list', map: 'view.map' };
const ICON: Record<View, string> = {
  grid: '<rect x="4" y="4" width="7" height="7" rx="1.5"/><rect x="13" y="4" width="7" height="7" rx="1.5"/><rect x="4" y="13" width="7" height="7" rx="1.5"/><rect x="13" y="13" width="7" height="7" rx="1.5"/>',
  list: '<path d="M9 6h11M9 12h11M9 18h11"/><circle cx="4.5" cy="6" r="1"/><circle cx="4.5" cy="12" r="1"/><circle cx="4.5" cy="18" r="1"/>',
  map: '<path d="m9 4-5 2v14l5-2 6 2 5-2V4l-5 2-6-2Z"/><path d="M9 4v14M15 6v14"/>',
};

/** The view in the address (`?view=list|map`), when offered. */
const viewInUrl = (offered: View[]): View => {
  const v = new URLSearchParams(location.search).get('view');
  return offered.includes(v as View) ? (v as View) : 'grid';
};

/** Shows a view: the grid's class, the map slot, and what only the grid needs (load more). */
function applyView(view: View, grid: HTMLElement | null, slot: HTMLElement | null) {
  grid?.classList.toggle('grid--list', view === 'list');
  if (grid) grid.hidden = view === 'map';
  const more = grid?.parentElement?.querySelector<HTMLElement>('[data-load-more]');
  if (more) more.hidden = view === 'map';
  if (slot) slot.hidden = view !== 'map';
}

function ViewSwitchInner({ locale, gridId, slotId, label, list = null, map = null }: Props) {
  const { t } = useT(locale);
  const has = useFlags();
  // A null flag: the view is for everybody; undefined: not offered.
  const listOn = list !== undefined && (list === null || has(list));
  const mapOn = map !== undefined && (map === null || has(map));
  const offered = useMemo(() => ['grid', ...(listOn ? ['list'] : []), ...(mapOn ? ['map'] : [])] as View[], [listOn, mapOn]);
  const [view, setView] = useState<View>('grid');
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const points = useMemo(() => parsePoints(slot?.dataset['points']), [slot]);

  useEffect(() => setSlot(document.getElementById(slotId)), [slotId]);
  // The view in the address applies once the flags are known (a shared link opens in that view).
  useEffect(() => setView(viewInUrl(offered)), [offered]);
  useEffect(() => applyView(view, document.getElementById(gridId), slot), [view, gridId, slot]);

  const choose = (next: View) => {
    setView(next);
    const url = new URL(location.href);
    if (next === 'grid') url.searchParams.delete('view');
    else url.searchParams.set('view', next);
    history.replaceState(history.state, '', url);
  };

  if (offered.length < 2) return null;
  return (
    <>
      <div className="view-switch" role="group" aria-label={t('view.label')}>
        {offered.map((v) => (
          <button key={v} type="button" aria-pressed={view === v} onClick={() => choose(v)}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: ICON[v] }} />
            {t(LABEL[v])}
          </button>
        ))}
      </div>
      {view === 'map' &&
        slot &&
        createPortal(
          <Suspense fallback={null}>
            <SpacesMap points={points} locale={locale} label={label} />
          </Suspense>,
          slot,
        )}
    </>
  );
}

/**
 * Grid, list and map views of a page's spaces, each view behind a flag or for everybody (the map
 * on organization pages). Collection, search, tag and camera pages use the static
 * `shared/map/ViewSwitch.astro` instead, for everybody, so the `discover/collection_list_view`
 * and `discover/collection_map_view` flags no longer gate anything.
 * The static grid stays what everybody gets; the switch appears in a reserved spot once the
 * session is known, and the choice is kept in the address (`?view=`).
 */
export default function ViewSwitch(props: Props) {
  return (
    <IslandBoundary locale={props.locale} name="View switch">
      <ViewSwitchInner {...props} />
    </IslandBoundary>
  );
}
