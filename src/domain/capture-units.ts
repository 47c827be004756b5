/**
 * The capture flow's units by country (issue 26; the flow stays English, spec 9): square metres
 * wherever the country measures in metres, square feet in the three that do not (the United
 * States, Liberia, Myanmar). Zod-free so the ordering island can use it.
 */

/** Countries that measure floor area in square feet. */
const FEET_COUNTRIES: ReadonlySet<string> = new Set(['US', 'LR', 'MM']);

/** The size unit a property in this country defaults to; square feet when the country is not known yet. */
export function defaultSizeUnit(countryCode: string | null | undefined): 'SQUARE_FT' | 'SQUARE_METER' {
  const code = (countryCode ?? '').toUpperCase();
  return !code || FEET_COUNTRIES.has(code) ? 'SQUARE_FT' : 'SQUARE_METER';
}
