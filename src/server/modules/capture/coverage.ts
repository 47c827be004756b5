import type { AddressInput, CheckedAddress, NotCoveredExtra, PropertyDetailsInput, PropertySummary, Technician } from '../../../domain/capture.ts';
import {
  ADDRESS_NOT_COVERED_MESSAGE,
  ADDRESS_NOT_FOUND_MESSAGE,
  EXCEEDED_MAX_PROPERTY_SIZE_MESSAGE,
  MAX_PROPERTY_SQFT,
  MSG,
  addressIssues,
  isOverMaxSize,
} from '../../../domain/capture-rules.ts';
import type { FieldIssue } from '../../../domain/api-error.ts';
import type { Deps, SessionUser } from '../../context.ts';
import { ApiError } from '../../platform/errors.ts';
import { addressFormat, areaName, formatLines, countryName } from './address-formats.ts';
import { captureServices } from './services.ts';
import { activeTechnicians, covering, ensureTechnicians } from './technicians.ts';
import { timeZoneAt } from './time.ts';
import { summarizeProperty } from './pricing.ts';

/**
 * The address and size checks every step re-runs on the server (spec 4, 8): the country's form
 * rules, the geocoder, coverage by a technician's service area, and the 30,000 sq ft limit.
 */

/** A 400 with field problems under a body path ('json' or 'json.address'). */
const fieldsError = (prefix: string, issues: { path: string; message: string }[]) => {
  const fields: FieldIssue[] = issues.map((i) => ({ path: `${prefix}.${i.path}`, message: i.message }));
  return new ApiError('VALIDATION_ERROR', `Invalid ${fields[0]?.path ?? prefix}: ${fields[0]?.message ?? 'invalid'}`, { fields });
};

/** An address that passed the country's rules and was found, with the technicians covering it (nearest first; maybe none). */
export interface LocatedAddress {
  address: CheckedAddress;
  technicians: Technician[];
}

/** Checks an address against its country's form and finds it; 400 for form problems, 422 ADDRESS_NOT_FOUND when the geocoder cannot. */
export async function locateAddress(deps: Deps, input: AddressInput, prefix: string): Promise<LocatedAddress> {
  const format = addressFormat(input.countryCode);
  if (!format) throw fieldsError(prefix, [{ path: 'countryCode', message: MSG.country }]);
  const issues = addressIssues(input, format);
  if (issues.length) throw fieldsError(prefix, issues);
  // Keep only the fields the country's form has; normalise the area to its key when it has a list.
  const has = new Set(format.fields.map((f) => f.key));
  const area = format.fields
    .find((f) => f.key === 'administrativeArea')
    ?.options?.find((o) => o.value.toLowerCase() === input.administrativeArea.toLowerCase());
  const clean: AddressInput = {
    countryCode: format.countryCode,
    streetAddress: input.streetAddress,
    suiteUnit: has.has('suiteUnit') ? input.suiteUnit : '',
    neighborhood: has.has('neighborhood') ? input.neighborhood : '',
    city: has.has('city') ? input.city : '',
    administrativeArea: has.has('administrativeArea') ? (area?.value ?? input.administrativeArea) : '',
    postalCode: has.has('postalCode') ? input.postalCode.toUpperCase() : '',
    sortingCode: has.has('sortingCode') ? input.sortingCode : '',
    isResidence: input.isResidence,
  };
  const areaLabel = clean.administrativeArea ? areaName(clean.countryCode, clean.administrativeArea) : '';
  const locality = clean.city || areaLabel || clean.streetAddress.split(',').at(-1)?.trim() || '';
  const { geocoder, clock } = captureServices(deps);
  const found = await geocoder.geocode({
    countryCode: clean.countryCode,
    city: locality,
    administrativeArea: clean.administrativeArea,
    neighborhood: clean.neighborhood,
    postalCode: clean.postalCode,
    streetAddress: clean.streetAddress,
  });
  if (!found) throw new ApiError('ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND_MESSAGE);
  const db = deps.db.kysely;
  await ensureTechnicians(deps.db.kysely, clock.now());
  const technicians = covering(await activeTechnicians(db), found);
  return {
    address: {
      ...clean,
      countryName: countryName(clean.countryCode),
      formatted: formatLines(clean),
      place: found.place,
      location: { lat: found.lat, long: found.long },
      timeZone: timeZoneAt(found.lat, found.long),
    },
    technicians,
  };
}

/** The 422 of an address no technician covers: ADDRESS_NOT_COVERED with the person prefilled, or …_WITHOUT_SIGNUP for a guest. */
export function notCovered(address: CheckedAddress, user: SessionUser | null): ApiError {
  const extra: NotCoveredExtra = { address, notifyMe: user ? { firstName: user.firstName, lastName: user.lastName, email: user.email } : null };
  return new ApiError(user ? 'ADDRESS_NOT_COVERED' : 'ADDRESS_NOT_COVERED_WITHOUT_SIGNUP', ADDRESS_NOT_COVERED_MESSAGE, extra);
}

/** A covered address (422 otherwise) with its technicians. */
export async function coveredAddress(deps: Deps, user: SessionUser | null, input: AddressInput, prefix: string): Promise<LocatedAddress> {
  const located = await locateAddress(deps, input, prefix);
  if (!located.technicians.length) throw notCovered(located.address, user);
  return located;
}

/** Property details with totals; 422 EXCEEDED_MAX_PROPERTY_SIZE over 30,000 sq ft. */
export function checkProperty(input: PropertyDetailsInput): PropertySummary {
  const summary = summarizeProperty(input);
  if (isOverMaxSize(summary.totalSquareFeet)) {
    throw new ApiError('EXCEEDED_MAX_PROPERTY_SIZE', EXCEEDED_MAX_PROPERTY_SIZE_MESSAGE, {
      totalSquareFeet: summary.totalSquareFeet,
      maxSquareFeet: MAX_PROPERTY_SQFT,
    });
  }
  return summary;
}
