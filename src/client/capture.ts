import type { Http } from './http.ts';
import type { AddressInputIn, ContactInput, OrderAttachment, OrderInputIn, Plan, PropertyDetailsInputIn } from '../domain/capture.ts';

/**
 * The capture-services ordering API (`/api/capture/**`, src/server/modules/capture/CONTRACT.md) through the
 * one typed transport (`createHttp`): paths, bodies and answers are typed by the OpenAPI document, so zod
 * stays out of the page until a form validates. Every failure is thrown as the client's `ResponseError`
 * with the spec's body.
 */

/** GET landing/ (public): starting price, limits and served areas. */
export const getLanding = (http: Http) => http('GET', '/api/capture/landing/');

/** GET countries/ (public): about 249 countries, sorted by English name. */
export const listCountries = (http: Http) => http('GET', '/api/capture/countries/');

/** GET countries/{code}/ (public): the fields that country's address uses, in its order. */
export const getAddressFormat = (http: Http, countryCode: string) => http('GET', '/api/capture/countries/{countryCode}/', { params: { countryCode } });

/** POST address/check/: covered (200), or 422 ADDRESS_NOT_FOUND / ADDRESS_NOT_COVERED(_WITHOUT_SIGNUP). */
export const checkAddress = (http: Http, address: AddressInputIn) => http('POST', '/api/capture/address/check/', { body: address });

/** POST notify-me/: asks to be told when the area is covered. */
export const notifyMe = (http: Http, body: { firstName: string; lastName: string; email: string; address: AddressInputIn }) =>
  http('POST', '/api/capture/notify-me/', { body });

/** POST sales-contact/: 'Talk to Sales' for a property over the limit. */
export const contactSales = (
  http: Http,
  body: {
    firstName: string;
    lastName: string;
    email: string;
    phone?: string;
    company?: string;
    message?: string;
    address?: AddressInputIn;
    property?: PropertyDetailsInputIn;
  },
) => http('POST', '/api/capture/sales-contact/', { body });

/** POST property/check/: totals, visit length and starting price, or 422 EXCEEDED_MAX_PROPERTY_SIZE. */
export const checkProperty = (http: Http, property: PropertyDetailsInputIn) => http('POST', '/api/capture/property/check/', { body: property });

/** POST availability/: free starts per day in the property's time zone. */
export const getAvailability = (
  http: Http,
  body: { address: AddressInputIn; property: PropertyDetailsInputIn; from?: string; days?: number; orderId?: string },
) => http('POST', '/api/capture/availability/', { body });

/** POST holds/: holds a start for 10 minutes (a new hold releases the caller's previous one). */
export const holdSlot = (http: Http, body: { address: AddressInputIn; property: PropertyDetailsInputIn; start: string; orderId?: string }) =>
  http('POST', '/api/capture/holds/', { body });

/** DELETE holds/{id}/: gives a held time back. */
export const releaseHold = (http: Http, holdId: string) => http('DELETE', '/api/capture/holds/{holdId}/', { params: { holdId } });

/** POST contact/check/: the site contact checked for the property's country. */
export const checkContact = (http: Http, countryCode: string, contact: ContactInput) =>
  http('POST', '/api/capture/contact/check/', { body: { countryCode, contact } });

/** POST uploads/ (multipart `file`): a floor plan or photo for the technician. */
export function uploadAttachment(http: Http, file: File): Promise<OrderAttachment> {
  const form = new FormData();
  form.append('file', file);
  return http('POST', '/api/capture/uploads/', { body: form });
}

/** GET accounts/: accounts the user may order for, with plan, role and credit. */
export const listAccounts = (http: Http) => http('GET', '/api/capture/accounts/');

/** POST accounts/{id}/plan/: an Owner upgrades a Starter account. */
export const changePlan = (http: Http, accountId: string, plan: Exclude<Plan, 'STARTER'>) =>
  http('POST', '/api/capture/accounts/{accountId}/plan/', { params: { accountId }, body: { plan } });

/** GET accounts/{id}/payment-methods/. */
export const listPaymentMethods = (http: Http, accountId: string) =>
  http('GET', '/api/capture/accounts/{accountId}/payment-methods/', { params: { accountId } });

/** GET accounts/{id}/invoices/ (Owners and Billing Contacts). */
export const listInvoices = (http: Http, accountId: string) => http('GET', '/api/capture/accounts/{accountId}/invoices/', { params: { accountId } });

/** POST quote/: what Confirm will charge. */
export const getQuote = (http: Http, body: { address: AddressInputIn; property: PropertyDetailsInputIn; accountId?: string }) =>
  http('POST', '/api/capture/quote/', { body });

/** POST orders/ (Confirm): books the held time, matches the technician and bills, all or nothing. */
export const placeOrder = (http: Http, body: OrderInputIn) => http('POST', '/api/capture/orders/', { body });

/** GET orders/: the dashboard. */
export const listOrders = (http: Http) => http('GET', '/api/capture/orders/');

/** GET orders/{id}/. */
export const getOrder = (http: Http, orderId: string) => http('GET', '/api/capture/orders/{orderId}/', { params: { orderId } });

/** POST orders/{id}/reschedule/ with a hold made for that order. */
export const rescheduleOrder = (http: Http, orderId: string, body: { holdId?: string; start?: string }) =>
  http('POST', '/api/capture/orders/{orderId}/reschedule/', { params: { orderId }, body });

/** POST orders/{id}/cancel/: full account credit. */
export const cancelOrder = (http: Http, orderId: string) => http('POST', '/api/capture/orders/{orderId}/cancel/', { params: { orderId } });

/** Where the API serves an absolute-path link (calendar file, invoice PDF) for the browser. */
export const apiLink = (base: string, path: string) => (/^https?:\/\//.test(path) ? path : `${base}${path}`);
