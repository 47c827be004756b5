import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { createRouter } from '../../router.ts';
import * as ah from './capture-admin.handlers.ts';
import * as ar from './capture-admin.routes.ts';
import * as oh from './capture-orders.handlers.ts';
import * as or from './capture-orders.routes.ts';
import * as jh from './capture-jobs.handlers.ts';
import * as jr from './capture-jobs.routes.ts';
import * as h from './capture.handlers.ts';
import * as r from './capture.routes.ts';

/** Capture-services ordering: the public landing data and address checks, the ordering steps, orders and invoices (/api/capture/**). */
export const captureRouter = () =>
  createRouter()
    .openapi(r.getLanding, h.getLanding)
    .openapi(r.getCountries, h.getCountries)
    .openapi(r.getAddressFormat, h.getAddressFormat)
    .openapi(r.postAddressCheck, h.postAddressCheck)
    .openapi(r.postNotifyMe, h.postNotifyMe)
    .openapi(r.postSalesContact, h.postSalesContact)
    .openapi(r.postPropertyCheck, h.postPropertyCheck)
    .openapi(r.postAvailability, h.postAvailability)
    .openapi(r.postHold, h.postHold)
    .openapi(r.deleteHold, h.deleteHold)
    .openapi(r.postContactCheck, h.postContactCheck)
    .openapi(r.postUpload, h.postUpload);

/** Accounts, quote, orders and invoices of the ordering flow. */
export const captureOrdersRouter = () =>
  createRouter()
    .openapi(or.getAccounts, oh.getAccounts)
    .openapi(or.postPlan, oh.postPlan)
    .openapi(or.getPaymentMethods, oh.getPaymentMethods)
    .openapi(or.getInvoices, oh.getInvoices)
    .openapi(or.postQuote, oh.postQuote)
    .openapi(or.postOrder, oh.postOrder)
    .openapi(or.getOrders, oh.getOrders)
    .openapi(or.getOrder, oh.getOrder)
    .openapi(or.postReschedule, oh.postReschedule)
    .openapi(or.postCancel, oh.postCancel)
    .openapi(or.getOrderCalendar, oh.getOrderCalendar)
    .openapi(or.getInvoice, oh.getInvoice)
    .openapi(or.getInvoicePdf, oh.getInvoicePdf);

/** Administration of technicians and order status (/admin/api/capture/**). */
export const captureAdminRouter = () =>
  createRouter()
    .openapi(ar.getTechnicians, ah.getTechnicians)
    .openapi(ar.postTechnician, ah.postTechnician)
    .openapi(ar.putTechnician, ah.putTechnician)
    .openapi(ar.postOrderStatus, ah.postOrderStatus)
    .openapi(ar.getAdminOrders, ah.getAdminOrders)
    .openapi(ar.getAdminOrder, ah.getAdminOrder)
    .openapi(ar.postReassign, ah.postReassign);

/** A technician's jobs (/admin/api/capture/jobs/**): technicians (their own) and administrators; the app-wide admin gate lets technicians through here only. */
export const captureJobsRouter = () =>
  createRouter()
    .openapi(jr.getJobs, jh.getJobs)
    .openapi(jr.getJob, jh.getJob)
    .openapi(jr.postArrived, jh.postArrived)
    .openapi(jr.postCaptured, jh.postCaptured)
    .openapi(jr.postUpload, jh.postUpload);

/** Every capture router, for `routers()`. */
export const captureRouters = (): OpenAPIHono<AppEnv>[] => [captureRouter(), captureOrdersRouter(), captureAdminRouter(), captureJobsRouter()];
