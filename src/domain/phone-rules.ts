import { parsePhoneNumberFromString, type CountryCode as PhoneCountry } from 'libphonenumber-js';
import { MSG } from './capture-rules.ts';

/**
 * The phone rule of the ordering flow (spec 5), apart from `capture-rules.ts` because
 * libphonenumber-js and its metadata weigh about 30 kB gzip: the server imports this module
 * statically, the ordering island only when the Contact step renders.
 */

/**
 * The problem with a phone number for the property's country, or null when it is fine:
 * empty → 'Please enter Phone'; not a phone number at all → 'Not a valid phone number'; a number
 * that cannot exist in that country → 'Enter a valid Phone'.
 */
export function phoneIssue(phone: string | null | undefined, countryCode: string): string | null {
  const value = (phone ?? '').trim();
  if (!value) return MSG.phone;
  if (!/^[+\d\s().\-/]+$/.test(value) || value.replace(/\D/g, '').length < 3) return MSG.phoneNotValid;
  const parsed = parsePhoneNumberFromString(value, countryCode as PhoneCountry);
  if (!parsed) return MSG.phoneNotValid;
  return parsed.isValid() ? null : MSG.phoneInvalidForCountry;
}

/** A phone number in E.164 form (+14155550123) for a valid number, else null. */
export function phoneE164(phone: string, countryCode: string): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim(), countryCode as PhoneCountry);
  return parsed?.isValid() ? parsed.number : null;
}
