import { lazy, Suspense, useMemo } from 'react';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { useFlag } from '../../shared/flags.ts';
import { parsePoints, type PointJson } from '../../shared/map/points.ts';

// The map's own code loads when a map is shown (MapLibre later still, once it is on screen).
const SpacesMap = lazy(() => import('../../shared/map/SpacesMap.tsx').then((m) => ({ default: m.SpacesMap })));

/** Props of the space page's map. */
export interface Props {
  locale: string;
  /** The space as a map point (the page only renders the island when it has a location). */
  point: PointJson;
}

function SpaceMapInner({ locale, point }: Props) {
  const { t } = useT(locale);
  const enabled = useFlag('space_geocoding');
  const points = useMemo(() => parsePoints(JSON.stringify([point])), [point]);
  if (!enabled) return null;
  return (
    <div className="space-map">
      <Suspense fallback={<div className="map map--compact" />}>
        <SpacesMap points={points} locale={locale} compact label={t('map.space', { name: point.n })} />
      </Suspense>
    </div>
  );
}

/** `discover/space_geocoding`: the space page shows where the space is on a map (below the details). */
export default function SpaceMap(props: Props) {
  return (
    <IslandBoundary locale={props.locale} name="Space map">
      <SpaceMapInner {...props} />
    </IslandBoundary>
  );
}
