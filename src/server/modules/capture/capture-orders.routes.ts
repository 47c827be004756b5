import { createRoute, z } from '@hono/zod-openapi';
import {
  CancelResult,
  CaptureAccount,
  CaptureAccountList,
  Invoice,
  InvoiceList,
  Order,
  OrderInput,
  OrderList,
  PaymentMethodList,
  PlanChangeInput,
  Quote,
  QuoteInput,
  RescheduleInput,
  RescheduleResult,
} from '../../../domain/capture.ts';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import { signedIn } from '../auth/guards.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';
import { addressErrors } from './capture.routes.ts';

const tags = ['Capture services'];
const error = (description: string) => ({ description, content: { 'application/json': { schema: ApiErrorBody } } });
const accountParams = z.object({ accountId: z.string().min(1).max(64) });
const orderParams = z.object({ orderId: z.string().min(1).max(64) });
const invoiceParams = z.object({ invoiceId: z.string().min(1).max(64) });
const changeClosed = { 409: error('CHANGE_WINDOW_CLOSED (less than 24 hours before the start, or the order is final), SLOT_UNAVAILABLE or HOLD_EXPIRED') };

/** GET /api/capture/accounts/ */
export const getAccounts = createRoute({
  method: 'get',
  path: '/api/capture/accounts/',
  tags,
  summary: 'Accounts I can order for',
  description: 'The personal account and every organization of the user, with role, plan, credit balance and what the user may do there.',
  middleware: [signedIn] as const,
  responses: { ...ok(CaptureAccountList, 'Accounts'), ...errorResponses(401) },
});

/** POST /api/capture/accounts/{accountId}/plan/ */
export const postPlan = createRoute({
  method: 'post',
  path: '/api/capture/accounts/{accountId}/plan/',
  tags,
  summary: "Change an account's plan",
  description: 'Owners only. Capture services need the Professional or Business plan; accounts start on Starter.',
  middleware: [signedIn] as const,
  request: { params: accountParams, ...jsonBody(PlanChangeInput) },
  responses: { ...ok(CaptureAccount, 'The account on its new plan'), ...errorResponses(400, 401, 403, 404) },
});

/** GET /api/capture/accounts/{accountId}/payment-methods/ */
export const getPaymentMethods = createRoute({
  method: 'get',
  path: '/api/capture/accounts/{accountId}/payment-methods/',
  tags,
  summary: 'Payment methods of an account',
  description: 'The embedded default is invoice billing to the account.',
  middleware: [signedIn] as const,
  request: { params: accountParams },
  responses: { ...ok(PaymentMethodList, 'Methods'), ...errorResponses(401, 404) },
});

/** GET /api/capture/accounts/{accountId}/invoices/ */
export const getInvoices = createRoute({
  method: 'get',
  path: '/api/capture/accounts/{accountId}/invoices/',
  tags,
  summary: 'Invoices and credit notes of an account',
  description: 'Owners and Billing Contacts only (403 for a member, 404 for someone outside the account).',
  middleware: [signedIn] as const,
  request: { params: accountParams },
  responses: { ...ok(InvoiceList, 'Invoices, newest first'), ...errorResponses(401, 403, 404) },
});

/** POST /api/capture/quote/ */
export const postQuote = createRoute({
  method: 'post',
  path: '/api/capture/quote/',
  tags,
  summary: 'What Confirm will charge',
  description: "Lines, tax by the property's country, total, account credit used first and the amount due, for the account and plan.",
  middleware: [signedIn] as const,
  request: jsonBody(QuoteInput),
  responses: { ...ok(Quote, 'The quote'), ...errorResponses(400, 401, 404), ...addressErrors },
});

/** POST /api/capture/orders/ */
export const postOrder = createRoute({
  method: 'post',
  path: '/api/capture/orders/',
  tags,
  summary: 'Confirm an order',
  description:
    'Re-checks address, size, contact and plan, then books the held (or given) time, matches the technician and bills the account, all in one transaction, and queues the confirmation emails.',
  middleware: [signedIn] as const,
  request: jsonBody(OrderInput),
  responses: {
    ...ok(Order, 'Order received'),
    ...errorResponses(400, 401, 404),
    403: error('PLAN_UPGRADE_REQUIRED'),
    ...addressErrors,
    409: error(
      'SLOT_UNAVAILABLE, HOLD_EXPIRED, or ORDER_LIMIT_REACHED: the person or the account already has CAPTURE_MAX_OPEN_ORDERS upcoming orders (`extra.scope` PERSON or ACCOUNT)',
    ),
  },
});

/** GET /api/capture/orders/ */
export const getOrders = createRoute({
  method: 'get',
  path: '/api/capture/orders/',
  tags,
  summary: 'My orders (dashboard)',
  middleware: [signedIn] as const,
  responses: { ...ok(OrderList, 'Orders of my accounts, newest first, and the accounts with their credit'), ...errorResponses(401) },
});

/** GET /api/capture/orders/{orderId}/ */
export const getOrder = createRoute({
  method: 'get',
  path: '/api/capture/orders/{orderId}/',
  tags,
  summary: 'Order details',
  description: 'Any member of the ordering account; invoices only for Owners and Billing Contacts.',
  middleware: [signedIn] as const,
  request: { params: orderParams },
  responses: { ...ok(Order, 'The order'), ...errorResponses(401, 404) },
});

/** POST /api/capture/orders/{orderId}/reschedule/ */
export const postReschedule = createRoute({
  method: 'post',
  path: '/api/capture/orders/{orderId}/reschedule/',
  tags,
  summary: 'Reschedule the visit',
  description: 'Until 24 hours before the start; to a hold made with this orderId, or to a start. Answers the prior and the new appointment.',
  middleware: [signedIn] as const,
  request: { params: orderParams, ...jsonBody(RescheduleInput) },
  responses: { ...ok(RescheduleResult, 'Rescheduled'), ...errorResponses(400, 401, 403, 404), ...changeClosed },
});

/** POST /api/capture/orders/{orderId}/cancel/ */
export const postCancel = createRoute({
  method: 'post',
  path: '/api/capture/orders/{orderId}/cancel/',
  tags,
  summary: 'Cancel the order',
  description: 'Until 24 hours before the start. The whole order becomes account credit (a credit note against its invoice), used first on the next order.',
  middleware: [signedIn] as const,
  request: { params: orderParams },
  responses: { ...ok(CancelResult, 'Cancelled'), ...errorResponses(401, 403, 404), ...changeClosed },
});

/** GET /api/capture/orders/{orderId}/appointment.ics */
export const getOrderCalendar = createRoute({
  method: 'get',
  path: '/api/capture/orders/{orderId}/appointment.ics',
  tags,
  summary: 'The appointment as a calendar file',
  middleware: [signedIn] as const,
  request: { params: orderParams },
  responses: { 200: { description: 'iCalendar', content: { 'text/calendar': { schema: z.string() } } }, ...errorResponses(401, 404) },
});

/** GET /api/capture/invoices/{invoiceId}/ */
export const getInvoice = createRoute({
  method: 'get',
  path: '/api/capture/invoices/{invoiceId}/',
  tags,
  summary: 'An invoice or credit note',
  description: 'Owners and Billing Contacts of its account only.',
  middleware: [signedIn] as const,
  request: { params: invoiceParams },
  responses: { ...ok(Invoice, 'The invoice'), ...errorResponses(401, 403, 404) },
});

/** GET /api/capture/invoices/{invoiceId}/pdf/ */
export const getInvoicePdf = createRoute({
  method: 'get',
  path: '/api/capture/invoices/{invoiceId}/pdf/',
  tags,
  summary: 'An invoice as PDF',
  description: 'Owners and Billing Contacts of its account only.',
  middleware: [signedIn] as const,
  request: { params: invoiceParams },
  responses: {
    200: { description: 'PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
    ...errorResponses(401, 403, 404),
  },
});
