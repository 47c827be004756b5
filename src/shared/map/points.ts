import type { CardData } from '../site/cards.ts';

/** A space on a map: its card and where it is. */
export interface MapPoint extends CardData {
  /** A stable key (the modelId, or the page URL). */
  key: string;
  lat: number;
  lon: number;
}

/** The compact form pages embed (`data-points`): short keys keep a collection's page small. */
export interface PointJson {
  /** modelId */
  m: string;
  /** name */
  n: string;
  /** place ("city, country") */
  p: string;
  /** cover image URL */
  i: string;
  w: number;
  h: number;
  /** views, or null when hidden */
  v: number | null;
  /** latitude, longitude (5 decimals: about a metre) */
  a: number;
  o: number;
}

/** A stored space as its compact map point, or null when it has no location. */
export function toPointJson(s: {
  modelId: string;
  name: string;
  city: string;
  countryName: string;
  views: number | null;
  images: { cover: string; width: number; height: number };
  geolocation: { lat: number; long: number } | null;
}): PointJson | null {
  if (!s.geolocation) return null;
  const round = (x: number) => Math.round(x * 1e5) / 1e5;
  return {
    m: s.modelId,
    n: s.name,
    p: [s.city, s.countryName].filter(Boolean).join(', '),
    i: s.images.cover,
    w: s.images.width,
    h: s.images.height,
    v: s.views,
    a: round(s.geolocation.lat),
    o: round(s.geolocation.long),
  };
}

/** The points of a page's `data-points` attribute (anything malformed is skipped). */
export function parsePoints(json: string | null | undefined): MapPoint[] {
  if (!json) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const out: MapPoint[] = [];
  for (const r of raw as Partial<PointJson>[]) {
    if (typeof r.m !== 'string' || typeof r.a !== 'number' || typeof r.o !== 'number') continue;
    out.push({
      key: r.m,
      modelId: r.m,
      name: r.n ?? '',
      place: r.p ?? '',
      image: r.i ?? '',
      width: r.w,
      height: r.h,
      views: r.v ?? null,
      lat: r.a,
      lon: r.o,
    });
  }
  return out;
}
