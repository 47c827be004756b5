import { createRoute, z } from '@hono/zod-openapi';
import {
  AddressCheckResult,
  AddressFormat,
  AddressInput,
  Availability,
  AvailabilityInput,
  CaptureLanding,
  CheckedContact,
  ContactCheckInput,
  CountryList,
  Hold,
  HoldInput,
  MessageResult,
  NotifyMeInput,
  OrderAttachment,
  PropertyDetailsInput,
  PropertySummary,
  SalesContactInput,
} from '../../../domain/capture.ts';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import { MAX_UPLOAD_MB } from '../../../domain/user-rules.ts';
import { signedIn } from '../auth/guards.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';
import { uploadLimit } from '../profiles/users-write.routes.ts';

const tags = ['Capture services'];
const error = (description: string) => ({ description, content: { 'application/json': { schema: ApiErrorBody } } });
/** The 422 answers of the address and size checks. */
export const addressErrors = {
  422: error(
    "ADDRESS_NOT_FOUND ('We couldn't verify that address, please try again.'), ADDRESS_NOT_COVERED / ADDRESS_NOT_COVERED_WITHOUT_SIGNUP ('We unfortunately do not cover your area yet...', `extra` = CaptureNotCoveredExtra) or EXCEEDED_MAX_PROPERTY_SIZE",
  ),
};
/** The 409 answers of time claims. */
export const slotErrors = { 409: error('SLOT_UNAVAILABLE (the time was taken or is not offered) or HOLD_EXPIRED') };

/** GET /api/capture/landing/ */
export const getLanding = createRoute({
  method: 'get',
  path: '/api/capture/landing/',
  tags,
  summary: 'Capture services landing data',
  description:
    "Public. The starting price ('Starting at {price}', excludes tax and VAT), price by size, limits, plans with capture services and the served areas.",
  responses: { ...ok(CaptureLanding, 'Landing data') },
});

/** GET /api/capture/countries/ */
export const getCountries = createRoute({
  method: 'get',
  path: '/api/capture/countries/',
  tags,
  summary: 'Countries of the address form',
  description: "Public. About 250 countries (Google's address metadata), English names from Intl.DisplayNames, sorted by name.",
  responses: { ...ok(CountryList, 'Countries') },
});

/** GET /api/capture/countries/{countryCode}/ */
export const getAddressFormat = createRoute({
  method: 'get',
  path: '/api/capture/countries/{countryCode}/',
  tags,
  summary: "A country's address form",
  description:
    "Public. The fields that country uses in its order, their labels ('State', 'ZIP code', 'Prefecture', 'Eircode', …), required fields, administrative areas and the postal-code pattern.",
  request: { params: z.object({ countryCode: z.string().length(2).meta({ example: 'US' }) }) },
  responses: { ...ok(AddressFormat, 'The address form'), ...errorResponses(404) },
});

/** POST /api/capture/address/check/ */
export const postAddressCheck = createRoute({
  method: 'post',
  path: '/api/capture/address/check/',
  tags,
  summary: 'Check a property address',
  description:
    "Public. Checks the address against its country's form (400 with 'Please enter …' field messages), finds it with the geocoder and answers whether a technician covers it: 200 'Congrats, a technician is in your area. Complete your order today.', or 422 ADDRESS_NOT_FOUND / ADDRESS_NOT_COVERED (signed in, person prefilled) / ADDRESS_NOT_COVERED_WITHOUT_SIGNUP (guest).",
  request: jsonBody(AddressInput),
  responses: { ...ok(AddressCheckResult, 'A technician covers the address'), ...errorResponses(400), ...addressErrors },
});

/** POST /api/capture/notify-me/ */
export const postNotifyMe = createRoute({
  method: 'post',
  path: '/api/capture/notify-me/',
  tags,
  summary: 'Be told when the area is covered',
  description: "Public. Stores first name, last name, email and the address; when a technician's area later covers it, the person is emailed once.",
  request: jsonBody(NotifyMeInput),
  responses: { ...ok(MessageResult, "'Thank you! We'll let you know when we're available in your area.'"), ...errorResponses(400), ...addressErrors },
});

/** POST /api/capture/sales-contact/ */
export const postSalesContact = createRoute({
  method: 'post',
  path: '/api/capture/sales-contact/',
  tags,
  summary: 'Talk to Sales',
  description: 'Public. Stores a request for the sales team (larger spaces and anything else), with the address and property given.',
  request: jsonBody(SalesContactInput),
  responses: { ...ok(MessageResult, 'Stored'), ...errorResponses(400) },
});

/** POST /api/capture/property/check/ */
export const postPropertyCheck = createRoute({
  method: 'post',
  path: '/api/capture/property/check/',
  tags,
  summary: 'Check property details',
  description:
    "Totals, visit length and the starting price; 422 EXCEEDED_MAX_PROPERTY_SIZE over 30,000 sq ft in total (m² converted). 'Enter a name for this space' for every space after the first.",
  middleware: [signedIn] as const,
  request: jsonBody(PropertyDetailsInput),
  responses: { ...ok(PropertySummary, 'The property'), ...errorResponses(400, 401), ...addressErrors },
});

/** POST /api/capture/availability/ */
export const postAvailability = createRoute({
  method: 'post',
  path: '/api/capture/availability/',
  tags,
  summary: 'Free times',
  description:
    "Every day of the range (default 7 from today in the property's time zone) with its free starts, from technicians' working hours, travel buffers and what is held or booked. A day without slots shows the no-times message; `nextAvailableDate` names the next day with one.",
  middleware: [signedIn] as const,
  request: jsonBody(AvailabilityInput),
  responses: { ...ok(Availability, 'Free times'), ...errorResponses(400, 401), ...addressErrors },
});

/** POST /api/capture/holds/ */
export const postHold = createRoute({
  method: 'post',
  path: '/api/capture/holds/',
  tags,
  summary: 'Hold a time for 10 minutes',
  description:
    "Claims the start for a covering technician for 10 minutes (the user's previous hold is released). Two customers can never hold or book the same technician time.",
  middleware: [signedIn] as const,
  request: jsonBody(HoldInput),
  responses: {
    ...ok(Hold, 'The hold'),
    ...errorResponses(400, 401),
    ...addressErrors,
    409: error('SLOT_UNAVAILABLE, or ORDER_LIMIT_REACHED: a hold for a new order by someone who already has CAPTURE_MAX_OPEN_ORDERS upcoming orders'),
    429: error('HOLD_LIMIT_REACHED: the people of the account already hold CAPTURE_MAX_HOLDS times (`retry: true`, `Retry-After` until the first ends)'),
  },
});

/** DELETE /api/capture/holds/{holdId}/ */
export const deleteHold = createRoute({
  method: 'delete',
  path: '/api/capture/holds/{holdId}/',
  tags,
  summary: 'Release a hold',
  middleware: [signedIn] as const,
  request: { params: z.object({ holdId: z.string().min(1).max(64) }) },
  responses: { 204: { description: 'Released' }, ...errorResponses(401, 404) },
});

/** POST /api/capture/contact/check/ */
export const postContactCheck = createRoute({
  method: 'post',
  path: '/api/capture/contact/check/',
  tags,
  summary: 'Check the site contact',
  description:
    "Names, email and the phone for the property's country (libphonenumber-js): 'Please enter Phone', 'Not a valid phone number', 'Enter a valid Phone'.",
  middleware: [signedIn] as const,
  request: jsonBody(ContactCheckInput),
  responses: { ...ok(CheckedContact, 'The contact with the phone in E.164'), ...errorResponses(400, 401) },
});

/** Multipart body of an upload. */
const FloorPlanUpload = z.object({ file: z.instanceof(File).meta({ type: 'string', format: 'binary' }) }).meta({ id: 'CaptureUpload' });

/** POST /api/capture/uploads/ */
export const postUpload = createRoute({
  method: 'post',
  path: '/api/capture/uploads/',
  tags,
  summary: 'Upload a floor plan or photo',
  description: `Through the site's safe upload path: checked by content, re-encoded (metadata dropped), at most ${MAX_UPLOAD_MB} MB ('Your file is too large. The maximum size allowed is ${MAX_UPLOAD_MB} MB.'). Send the id in the order's attachmentIds.`,
  middleware: [signedIn, uploadLimit] as const,
  request: { body: { content: { 'multipart/form-data': { schema: FloorPlanUpload } }, required: true } },
  responses: {
    ...ok(OrderAttachment, 'Stored'),
    ...errorResponses(400, 401),
    413: error('File over the size limit'),
    415: error('Not a JPEG, PNG, WebP, AVIF or GIF image'),
  },
});
