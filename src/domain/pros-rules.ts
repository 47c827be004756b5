/**
 * Plain rules of Find a 3D Pro, without zod: the page's search script uses them in the browser
 * (importing `pros.ts` would ship the schema library with it).
 */

/** What a pro captures; the site names each in the page's language (`pros.capture.<id>`). */
export const CAPTURE_KINDS = ['HOMES', 'APARTMENTS', 'OFFICES', 'RETAIL', 'HOSPITALITY', 'VENUES', 'CONSTRUCTION', 'INDUSTRIAL', 'HERITAGE'] as const;

/** The ordering flow's address for a pro's area: `?country=&city=` prefills its first step (src/features/capture-order/OrderFlow.tsx). */
export const orderQueryFor = (area: { city: string; countryCode: string }): string =>
  `?${new URLSearchParams({ country: area.countryCode, city: area.city }).toString()}`;

/** Text a place search matches: lower case, without accents. */
export const placeKey = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim();
