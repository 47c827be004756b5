import { MAX_PROPERTY_SQFT } from '../../../domain/capture-rules.ts';

/**
 * Capture price lists per currency (issue 26): a property is priced in its country's currency from
 * that currency's list, by total size, in minor units (cents; whole yen for JPY). A country without
 * a list of its own is priced in US dollars. The lists are local prices, not conversions: they
 * change here, one row per currency.
 */

/** The size bands (square feet, inclusive) every list prices, smallest first. */
export const SIZE_BANDS: readonly number[] = [1_000, 2_500, 5_000, 10_000, 20_000, MAX_PROPERTY_SQFT];

/** Prices per band, in minor units, by ISO 4217 currency. */
export const PRICE_LISTS: Readonly<Record<string, readonly number[]>> = {
  USD: [149_00, 249_00, 399_00, 649_00, 999_00, 1_499_00],
  EUR: [139_00, 229_00, 369_00, 599_00, 919_00, 1_379_00],
  GBP: [119_00, 199_00, 319_00, 519_00, 799_00, 1_199_00],
  CHF: [135_00, 225_00, 359_00, 585_00, 899_00, 1_349_00],
  SEK: [1_590_00, 2_690_00, 4_290_00, 6_990_00, 10_790_00, 16_190_00],
  NOK: [1_590_00, 2_690_00, 4_290_00, 6_990_00, 10_790_00, 16_190_00],
  DKK: [1_049_00, 1_749_00, 2_799_00, 4_549_00, 6_999_00, 10_499_00],
  JPY: [22_000, 37_000, 59_000, 96_000, 148_000, 222_000],
  CAD: [199_00, 339_00, 539_00, 879_00, 1_349_00, 1_999_00],
  AUD: [229_00, 379_00, 609_00, 989_00, 1_519_00, 2_279_00],
  NZD: [249_00, 419_00, 669_00, 1_089_00, 1_679_00, 2_519_00],
  SGD: [199_00, 339_00, 539_00, 879_00, 1_349_00, 1_999_00],
};

/** The currency of the countries that have a price list; every other country pays in USD. */
const CURRENCY_OF_COUNTRY: Readonly<Record<string, string>> = {
  US: 'USD',
  ...Object.fromEntries(
    ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK'].map((c) => [c, 'EUR']),
  ),
  GB: 'GBP',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  JP: 'JPY',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SG: 'SGD',
};

/** The currency a property in this country is priced and invoiced in. */
export const currencyFor = (countryCode: string | null | undefined): string => CURRENCY_OF_COUNTRY[(countryCode ?? '').toUpperCase()] ?? 'USD';

/** The price, in minor units of `currency`, of a property of this total size in square feet. */
export function listPrice(currency: string, totalSquareFeet: number): number {
  const list: readonly number[] = PRICE_LISTS[currency] ?? PRICE_LISTS['USD'] ?? [];
  const band = SIZE_BANDS.findIndex((upTo) => totalSquareFeet <= upTo);
  return list[band === -1 ? list.length - 1 : band] as number;
}

/** How many decimals a currency's minor unit has (2 for cents, 0 for yen), from Intl. */
export const minorDigits = (currency: string): number =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
