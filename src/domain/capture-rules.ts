/**
 * Constants, texts and plain rules of the capture-services ordering flow (spec 4, 5, 8, 9), without
 * zod: the ordering island uses them to guide its forms without shipping the schema library, and
 * the zod schemas of `capture.ts` and the server build on the same values. Texts quoted from the
 * spec are exact; the others are ours. The phone rule lives in `phone-rules.ts`: it carries
 * libphonenumber-js's metadata (~30 kB gzip), which the ordering flow loads only on the Contact step.
 */

/** Largest property one order may cover, in square feet (spec 5, 9). */
export const MAX_PROPERTY_SQFT = 30_000;
/** Square feet in one square meter. */
export const SQFT_PER_SQM = 10.763_910_4;
/** Minutes a chosen time is held while the customer finishes the order. */
export const HOLD_MINUTES = 10;
/** Cancel and reschedule are allowed until this many hours before the appointment starts (spec 4, 9). */
export const CHANGE_CUTOFF_HOURS = 24;
/** The digital twin is delivered within this many hours of the visit (spec 9). */
export const DELIVERY_HOURS = 24;
/** Most spaces one order lists. */
export const MAX_SPACES = 20;
/** Most days one availability call answers. */
export const MAX_AVAILABILITY_DAYS = 14;
/** Longest access instructions. */
export const MAX_ACCESS_INSTRUCTIONS = 1000;
/** Most floor plans or photos one order carries. */
export const MAX_ORDER_ATTACHMENTS = 10;

/** Address check outcome: covered (spec 8). */
export const COVERED_MESSAGE = 'Congrats, a technician is in your area. Complete your order today.';
/** Address check outcome: the gazetteer knows no such place (spec 8). */
export const ADDRESS_NOT_FOUND_MESSAGE = "We couldn't verify that address, please try again.";
/** Address check outcome: no technician serves the place (spec 8). */
export const ADDRESS_NOT_COVERED_MESSAGE = 'We unfortunately do not cover your area yet...';
/** Answer of the notify-me signup (spec 8). */
export const NOTIFY_ME_MESSAGE = "Thank you! We'll let you know when we're available in your area.";
/** Property over the limit (spec 8). */
export const EXCEEDED_MAX_PROPERTY_SIZE_MESSAGE =
  'Unfortunately, you are over the limit. Try reducing the amount of area you need to be captured or contact us for larger spaces.';
/** Title of the too-large modal (spec 5). */
export const TOO_LARGE_TITLE = 'Oops, the space is too large';
/** Answer of the talk-to-sales form (ours). */
export const SALES_CONTACT_MESSAGE = 'Thank you! Our sales team will contact you within one business day.';
/** A day without any free time (spec 8 says: no available times on this day; select another). */
export const NO_TIMES_DAY_MESSAGE = 'There are no available times on this day. Please select another day.';
/** A week without any free time (spec 8 says: no available times this week; select another). */
export const NO_TIMES_WEEK_MESSAGE = 'There are no available times this week. Please select another week.';
/** Price line of the review step; `{price}` is the formatted amount (spec 9). */
export const STARTING_AT_TEMPLATE = 'Starting at {price}';
/** What the starting price leaves out (spec 9). */
export const EXCLUDES_TAX_NOTE = 'excludes tax and VAT';

/** Order form messages (spec 5). */
export const MSG = {
  country: 'Please enter Country',
  streetAddress: 'Please enter street address',
  suiteUnit: 'Please enter Suite / Unit',
  /** Administrative area and every other address field. */
  generic: 'Please enter',
  firstName: 'Please enter First Name',
  lastName: 'Please enter Last Name',
  phone: 'Please enter Phone',
  phoneNotValid: 'Not a valid phone number',
  phoneInvalidForCountry: 'Enter a valid Phone',
  spaceName: 'Enter a name for this space',
  /** Ours: a space without a positive size. */
  spaceSize: 'Enter the approximate size of this space',
  /** Ours: an email that does not look like one. */
  email: 'Enter an email address like name@example.com.',
  /** Ours: the terms box of the review step. */
  terms: 'Please accept the terms to place your order',
} as const;

/** The message of a postal code that does not match its country's pattern (ours; the label is the country's, e.g. 'ZIP code'). */
export const postalCodeMessage = (label: string) => `Enter a valid ${label}`;

/** Units a property size is given in (spec 3). */
export const SIZE_UNITS = ['SQUARE_FT', 'SQUARE_METER'] as const;
/** @see SIZE_UNITS */
export type SizeUnitValue = (typeof SIZE_UNITS)[number];
/** How each unit is shown: long and short (spec 3: sq. ft. / ft², sq. meters / m²). */
export const SIZE_UNIT_LABELS: Record<SizeUnitValue, { long: string; short: string }> = {
  SQUARE_FT: { long: 'sq. ft.', short: 'ft²' },
  SQUARE_METER: { long: 'sq. meters', short: 'm²' },
};

/** A size in square feet. */
export const toSquareFeet = (size: number, unit: SizeUnitValue): number => (unit === 'SQUARE_METER' ? size * SQFT_PER_SQM : size);

/** Total size of the spaces in their unit, and in square feet (rounded to whole square feet). */
export function propertyTotals(spaces: readonly { size: number }[], unit: SizeUnitValue): { count: number; totalSize: number; totalSquareFeet: number } {
  const totalSize = spaces.reduce((sum, s) => sum + (Number.isFinite(s.size) ? s.size : 0), 0);
  return { count: spaces.length, totalSize, totalSquareFeet: Math.round(toSquareFeet(totalSize, unit)) };
}

/** Whether a property is over the 30,000 sq ft limit. */
export const isOverMaxSize = (totalSquareFeet: number): boolean => totalSquareFeet > MAX_PROPERTY_SQFT;

/** Minutes a technician needs on site for a property of this size: one hour per 3,500 sq ft, in half hours, at least one hour. */
export function visitMinutes(totalSquareFeet: number): number {
  return Math.max(60, Math.ceil(totalSquareFeet / 3500 / 0.5) * 30);
}

/** A duration as people say it: '45 minutes', '1 hour', '2.5 hours' (spec 9: in minutes or hours). */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = minutes / 60;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** Address fields a country's form can show (Google's letters: A street and suite, D, C, S, Z, X). */
export const ADDRESS_FIELD_KEYS = ['streetAddress', 'suiteUnit', 'neighborhood', 'city', 'administrativeArea', 'postalCode', 'sortingCode'] as const;
/** @see ADDRESS_FIELD_KEYS */
export type AddressFieldKeyValue = (typeof ADDRESS_FIELD_KEYS)[number];

/** What the address rule needs of a country's format (the `AddressFormat` answer has it). */
export interface AddressRuleFormat {
  fields: readonly { key: AddressFieldKeyValue; label: string; required: boolean; options?: readonly { value: string }[] | undefined }[];
  postalCodePattern: string | null;
}

/**
 * The problems of an address for its country's format, one per field (path = field key):
 * 'Please enter street address', 'Please enter Suite / Unit' where the format requires it,
 * 'Please enter' for the administrative area and every other required field, and
 * 'Enter a valid {label}' for a postal code outside the country's pattern. Country is checked
 * by the caller ('Please enter Country').
 */
export function addressIssues(
  address: Partial<Record<AddressFieldKeyValue, string | null | undefined>>,
  format: AddressRuleFormat,
): { path: AddressFieldKeyValue; message: string }[] {
  const issues: { path: AddressFieldKeyValue; message: string }[] = [];
  for (const field of format.fields) {
    const value = (address[field.key] ?? '').trim();
    if (!value) {
      if (field.required)
        issues.push({ path: field.key, message: field.key === 'streetAddress' ? MSG.streetAddress : field.key === 'suiteUnit' ? MSG.suiteUnit : MSG.generic });
      continue;
    }
    if (field.options?.length && !field.options.some((o) => o.value.toLowerCase() === value.toLowerCase())) {
      issues.push({ path: field.key, message: MSG.generic });
    } else if (field.key === 'postalCode' && format.postalCodePattern && !new RegExp(`^(?:${format.postalCodePattern})$`, 'i').test(value)) {
      issues.push({ path: field.key, message: postalCodeMessage(field.label) });
    }
  }
  return issues;
}
