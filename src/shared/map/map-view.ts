import {
  AttributionControl,
  type GeoJSONSource,
  LngLatBounds,
  Map as MapLibre,
  Marker,
  NavigationControl,
  setWorkerUrl,
  type StyleSpecification,
} from 'maplibre-gl';
import stylesUrl from 'maplibre-gl/dist/maplibre-gl.css?url';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import countriesUrl from 'world-atlas/countries-110m.json?url';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MapPoint } from './points.ts';

/**
 * The map itself, loaded only when a map is opened (MapLibre GL is about 250 kB gzip): an offline
 * basemap (Natural Earth countries from `world-atlas`, served by this site as a static file; no
 * tile server, no glyphs: nothing is fetched from anywhere else), the spaces as a clustered
 * GeoJSON source, and HTML markers: every cluster and space is a focusable button, so the map
 * works with a keyboard and a screen reader announces each marker by its name.
 */

/** What the map needs from the page. */
export interface MapViewOptions {
  /** The accessible name of a cluster of `count` spaces (it zooms in). */
  clusterLabel: (count: number) => string;
  /** A space marker was activated (click, Enter, Space): show its card. */
  onOpen: (point: MapPoint, marker: HTMLButtonElement) => void;
  /** Zoom for a single space (a space page); several spaces are fitted. */
  singleZoom?: number;
  /** The page's words for the map (its region name) and the zoom buttons. */
  title: string;
  zoomIn: string;
  zoomOut: string;
  /** The visitor moved or zoomed the map (not the map framing its spaces): its bounds in degrees ("Search this area"). */
  onMove?: (bounds: { west: number; south: number; east: number; north: number }) => void;
}

/** A mounted map: `update` swaps its spaces (`keepView`: without framing them again), `destroy` removes it. */
export interface MapView {
  update: (points: MapPoint[], keepView?: boolean) => void;
  destroy: () => void;
}

setWorkerUrl(workerUrl);

let basemap: Promise<{ land: GeoJSON.FeatureCollection | GeoJSON.Feature; borders: GeoJSON.MultiLineString }> | null = null;
/** The countries as land polygons and shared borders (computed once per tab). */
function loadBasemap() {
  basemap ??= fetch(countriesUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`The basemap could not be loaded (${r.status}).`);
      return r.json() as Promise<Topology<{ countries: GeometryCollection }>>;
    })
    .then((topology) => ({
      land: unwrapFeatures(feature(topology, topology.objects.countries)),
      borders: unwrapLines(mesh(topology, topology.objects.countries, (a, b) => a !== b)),
    }));
  return basemap;
}

/**
 * Natural Earth rings that cross the antimeridian (Russia's far east, Fiji) jump from 180° to
 * -180°: drawn flat, that is a line across the whole world. Their western points move east by 360°
 * (MapLibre draws longitudes above 180). Jumps at the poles (Antarctica's ring) are the map's edge.
 */
function unwrapRing(ring: GeoJSON.Position[]): GeoJSON.Position[] {
  const crosses = ring.some((p, i) => i > 0 && Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180 && Math.abs(p[1] ?? 0) < 85);
  return crosses ? ring.map(([lon = 0, lat = 0]) => [lon < 0 ? lon + 360 : lon, lat]) : ring;
}
function unwrapFeatures(land: GeoJSON.FeatureCollection | GeoJSON.Feature): GeoJSON.FeatureCollection | GeoJSON.Feature {
  const fix = (g: GeoJSON.Geometry | null): GeoJSON.Geometry | null => {
    if (g?.type === 'Polygon') return { ...g, coordinates: g.coordinates.map(unwrapRing) };
    if (g?.type === 'MultiPolygon') return { ...g, coordinates: g.coordinates.map((poly) => poly.map(unwrapRing)) };
    return g;
  };
  if (land.type === 'Feature') return { ...land, geometry: fix(land.geometry) as GeoJSON.Geometry };
  return { ...land, features: land.features.map((f) => ({ ...f, geometry: fix(f.geometry) as GeoJSON.Geometry })) };
}
function unwrapLines(lines: GeoJSON.MultiLineString): GeoJSON.MultiLineString {
  return { ...lines, coordinates: lines.coordinates.map(unwrapRing) };
}

const WATER = '#cfe2ee';
const LAND = '#f4f1ea';
const BORDER = '#b6ab97';
const COAST = '#9fb8c8';

const toFeatures = (points: MapPoint[]): GeoJSON.FeatureCollection<GeoJSON.Point, { key: string }> => ({
  type: 'FeatureCollection',
  features: points.map((p) => ({ type: 'Feature', properties: { key: p.key }, geometry: { type: 'Point', coordinates: [p.lon, p.lat] } })),
});

let styles: Promise<void> | null = null;
/**
 * MapLibre's stylesheet, linked when the first map mounts: imported by this module, the build would
 * make it a render-blocking stylesheet of every page that can open a map (search, tag, camera).
 */
function loadStyles(): Promise<void> {
  styles ??= new Promise((done) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesUrl });
    link.addEventListener('load', () => done(), { once: true });
    link.addEventListener('error', () => done(), { once: true });
    document.head.append(link);
  });
  return styles;
}

/** Mounts a map of `points` into `container` (which must have a size). */
export async function mountMap(container: HTMLElement, initial: MapPoint[], options: MapViewOptions): Promise<MapView> {
  const [{ land, borders }] = await Promise.all([loadBasemap(), loadStyles()]);
  let points = initial;
  let byKey = new Map(points.map((p) => [p.key, p]));
  const style: StyleSpecification = {
    version: 8,
    sources: {
      land: { type: 'geojson', data: land, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: borders },
      spaces: { type: 'geojson', data: toFeatures(points), cluster: true, clusterRadius: 44, clusterMaxZoom: 13 },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': WATER } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND, 'fill-outline-color': COAST } },
      { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': BORDER, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.4] } },
      // Invisible: it makes the clustered source load, so its features can be turned into HTML markers.
      { id: 'spaces', type: 'circle', source: 'spaces', paint: { 'circle-radius': 1, 'circle-opacity': 0 } },
    ],
  };
  const map = new MapLibre({
    container,
    style,
    attributionControl: false,
    renderWorldCopies: false,
    maxZoom: 16,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    cooperativeGestures: false,
    locale: { 'Map.Title': options.title, 'NavigationControl.ZoomIn': options.zoomIn, 'NavigationControl.ZoomOut': options.zoomOut },
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.addControl(new AttributionControl({ compact: true }), 'bottom-right');

  const frame = () => {
    if (points.length === 0) map.jumpTo({ center: [10, 25], zoom: 0.6 });
    else if (points.length === 1) {
      const p = points[0] as MapPoint;
      map.jumpTo({ center: [p.lon, p.lat], zoom: options.singleZoom ?? 4 });
    } else {
      const bounds = new LngLatBounds();
      for (const p of points) bounds.extend([p.lon, p.lat]);
      map.fitBounds(bounds, { padding: 48, maxZoom: 9, animate: false });
    }
  };
  frame();

  const markers = new Map<string, Marker>();
  const source = () => map.getSource<GeoJSONSource>('spaces');

  const clusterButton = (id: number, count: number, lngLat: [number, number]) => {
    const el = document.createElement('button');
    el.type = 'button';
    el.className = 'map-marker map-marker--cluster';
    el.textContent = count >= 1000 ? `${Math.round(count / 100) / 10}k` : String(count);
    el.setAttribute('aria-label', options.clusterLabel(count));
    el.style.setProperty('--size', `${Math.min(56, 30 + Math.log2(count) * 4)}px`);
    el.addEventListener('click', (e) => {
      e.stopPropagation();
      void source()
        ?.getClusterExpansionZoom(id)
        .then((zoom) => map.easeTo({ center: lngLat, zoom: Math.min(zoom + 0.2, 16) }));
    });
    return el;
  };
  const pointButton = (p: MapPoint) => {
    const el = document.createElement('button');
    el.type = 'button';
    el.className = 'map-marker map-marker--space';
    el.setAttribute('aria-label', p.name);
    el.title = p.name;
    el.innerHTML =
      '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12Z"/><circle cx="12" cy="10" r="2.6"/></svg>';
    el.addEventListener('click', (e) => {
      e.stopPropagation();
      options.onOpen(p, el);
    });
    return el;
  };

  // The markers on screen follow the clustered source: one HTML marker per cluster or space.
  const sync = () => {
    if (!map.isSourceLoaded('spaces')) return;
    const seen = new Set<string>();
    for (const f of map.querySourceFeatures('spaces')) {
      const props = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; key?: string };
      const [lon, lat] = (f.geometry as GeoJSON.Point).coordinates as [number, number];
      const id = props.cluster ? `c${props.cluster_id}` : `p${props.key}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (markers.has(id)) continue;
      let el: HTMLButtonElement;
      if (props.cluster) el = clusterButton(props.cluster_id ?? 0, props.point_count ?? 0, [lon, lat]);
      else {
        const p = byKey.get(props.key ?? '');
        if (!p) continue;
        el = pointButton(p);
      }
      const marker = new Marker({ element: el, anchor: props.cluster ? 'center' : 'bottom' }).setLngLat([lon, lat]).addTo(map);
      markers.set(id, marker);
    }
    for (const [id, marker] of markers) {
      if (seen.has(id)) continue;
      // Keep the marker a keyboard user is on until they leave it.
      if (marker.getElement().contains(document.activeElement)) continue;
      marker.remove();
      markers.delete(id);
    }
  };
  map.on('sourcedata', (e) => {
    if (e.sourceId === 'spaces' && e.isSourceLoaded) sync();
  });
  map.on('moveend', sync);
  // Moves the visitor made carry their input event; the map's own framing has none.
  map.on('moveend', (e: { originalEvent?: unknown }) => {
    if (!options.onMove || !e.originalEvent) return;
    const b = map.getBounds();
    const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
    const whole = b.getEast() - b.getWest() >= 360;
    const [west, east] = whole ? [-180, 180] : [wrap(b.getWest()), wrap(b.getEast())];
    options.onMove({ west, south: Math.max(-90, b.getSouth()), east, north: Math.min(90, b.getNorth()) });
  });
  await new Promise<void>((resolve) => map.once('load', () => resolve()));
  sync();

  return {
    update(next, keepView = false) {
      points = next;
      byKey = new Map(points.map((p) => [p.key, p]));
      for (const m of markers.values()) m.remove();
      markers.clear();
      void source()?.setData(toFeatures(points));
      if (!keepView) frame();
    },
    destroy() {
      markers.clear();
      map.remove();
    },
  };
}
