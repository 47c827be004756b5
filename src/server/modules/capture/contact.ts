import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { CheckedContact, ContactInput } from '../../../domain/capture.ts';
import { phoneIssue } from '../../../domain/phone-rules.ts';
import { ApiError, fieldError } from '../../platform/errors.ts';

/**
 * The site contact's phone, checked for the property's country with libphonenumber-js (the same
 * rule the form runs): 400 'Please enter Phone', 'Not a valid phone number' or 'Enter a valid
 * Phone' at `<prefix>.phone`. Answers the contact with the number in E.164 and as people write it.
 */
export function checkContact(contact: ContactInput, countryCode: string, prefix: string): CheckedContact {
  const issue = phoneIssue(contact.phone, countryCode);
  if (issue) throw fieldError(`${prefix}.phone`, issue);
  const parsed = parsePhoneNumberFromString(contact.phone, countryCode as CountryCode);
  if (!parsed)
    throw new ApiError('VALIDATION_ERROR', `Invalid ${prefix}.phone`, { fields: [{ path: `${prefix}.phone`, message: 'Not a valid phone number' }] });
  const national = parsed.country === countryCode;
  return { ...contact, phoneE164: parsed.number, phoneDisplay: national ? parsed.formatNational() : parsed.formatInternational() };
}
