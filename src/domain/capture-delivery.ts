import { z } from 'zod';
import { CheckedAddress, CheckedContact, OrderAttachment, OrderDelivery, OrderStatus, PropertySummary } from './capture.ts';

/**
 * The capture service delivers (issue 24): a technician's jobs (`/admin/api/capture/jobs/**`) and
 * the administrators' orders screen (`/admin/api/capture/orders/**`).
 */

/** The role flag (users.flags) of people who sign in as a technician: the console shows them only their jobs. */
export const TECHNICIAN_FLAG = 'TECHNICIAN';

/** The console path prefix of the technicians' API (the admin gate lets technicians through here only). */
export const JOBS_API_PREFIX = '/admin/api/capture/jobs/';

const Instant = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 instant', example: '2026-11-26T14:00:00.000Z' });

/** One entry of an order's statuses' history. */
export const OrderHistoryEntry = z.object({ status: OrderStatus, at: Instant, note: z.string().optional() }).meta({ id: 'CaptureOrderHistoryEntry' });
/** @see OrderHistoryEntry */
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntry>;

/** A visit as the technician sees it: where, who lets them in, what the customer sent. */
export const Job = z
  .object({
    orderId: z.string(),
    number: z.string(),
    status: OrderStatus,
    start: Instant,
    end: Instant,
    /** The property's time zone: every time of the job is shown in it. */
    timeZone: z.string(),
    visitMinutes: z.number().int(),
    technicianId: z.string(),
    technicianName: z.string(),
    customerName: z.string(),
    address: CheckedAddress,
    property: PropertySummary,
    /** The site contact, with the access instructions. */
    contact: CheckedContact,
    attachments: z.array(OrderAttachment),
    delivery: OrderDelivery,
    /** The capture upload being processed for this order, and what became of it. */
    upload: z.object({ id: z.string(), status: z.string(), error: z.string().nullable() }).nullable(),
    canArrive: z.boolean(),
    canCapture: z.boolean(),
    canUpload: z.boolean(),
  })
  .meta({ id: 'CaptureJob' });
/** @see Job */
export type Job = z.infer<typeof Job>;

/** Query of GET /admin/api/capture/jobs/: the week (or day) from `from` (a date in YYYY-MM-DD), `days` long. */
export const JobQuery = z
  .object({
    from: z.iso.date().optional(),
    days: z.coerce.number().int().min(1).max(31).default(7),
    /** Administrators: one technician's jobs (default: every technician's). Ignored for a technician. */
    technicianId: z.string().max(64).optional(),
  })
  .meta({ id: 'CaptureJobQuery' });
/** @see JobQuery */
export type JobQuery = z.infer<typeof JobQuery>;

/** Answer of GET /admin/api/capture/jobs/. */
export const JobList = z
  .object({
    /** The signed-in technician; null for an administrator. */
    technician: z.object({ id: z.string(), name: z.string(), timeZone: z.string(), areaName: z.string() }).nullable(),
    from: Instant,
    to: Instant,
    jobs: z.array(Job),
  })
  .meta({ id: 'CaptureJobList' });
/** @see JobList */
export type JobList = z.infer<typeof JobList>;

/** Body of POST /admin/api/capture/jobs/{orderId}/upload/: the technician's capture upload (its tus id) for this order. */
export const AttachUploadInput = z.object({ uploadId: z.string().min(1).max(64) }).meta({ id: 'CaptureAttachUploadInput' });
/** @see AttachUploadInput */
export type AttachUploadInput = z.infer<typeof AttachUploadInput>;

/** An order as administrators see it on the orders screen. */
export const AdminOrder = z
  .object({
    id: z.string(),
    number: z.string(),
    status: OrderStatus,
    accountId: z.string(),
    accountName: z.string(),
    customerEmail: z.string(),
    areaName: z.string(),
    technicianId: z.string(),
    technicianName: z.string(),
    start: Instant,
    end: Instant,
    timeZone: z.string(),
    address: z.string(),
    total: z.object({ amount: z.number().int(), currency: z.string() }),
    delivery: OrderDelivery,
    history: z.array(OrderHistoryEntry),
    createdAt: Instant,
  })
  .meta({ id: 'CaptureAdminOrder' });
/** @see AdminOrder */
export type AdminOrder = z.infer<typeof AdminOrder>;

/** Filters of GET /admin/api/capture/orders/. */
export const AdminOrderQuery = z
  .object({
    status: OrderStatus.optional(),
    /** A technician's area name. */
    area: z.string().max(100).optional(),
    technicianId: z.string().max(64).optional(),
    /** Visits on or after this date (YYYY-MM-DD, UTC). */
    from: z.iso.date().optional(),
    /** Visits on or before this date. */
    to: z.iso.date().optional(),
    /** Only late deliveries. */
    overdue: z.enum(['true', 'false']).optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .meta({ id: 'CaptureAdminOrderQuery' });
/** @see AdminOrderQuery */
export type AdminOrderQuery = z.infer<typeof AdminOrderQuery>;

/** Answer of GET /admin/api/capture/orders/. */
export const AdminOrderList = z
  .object({
    orders: z.array(AdminOrder),
    total: z.number().int(),
    /** Late deliveries among every order (not only this page): what administrators are flagged. */
    overdueCount: z.number().int(),
    /** The filters' choices. */
    areas: z.array(z.string()),
    technicians: z.array(z.object({ id: z.string(), name: z.string(), areaName: z.string() })),
  })
  .meta({ id: 'CaptureAdminOrderList' });
/** @see AdminOrderList */
export type AdminOrderList = z.infer<typeof AdminOrderList>;

/** Body of POST /admin/api/capture/orders/{orderId}/technician/: who does the visit now. */
export const ReassignInput = z.object({ technicianId: z.string().min(1).max(64) }).meta({ id: 'CaptureReassignInput' });
/** @see ReassignInput */
export type ReassignInput = z.infer<typeof ReassignInput>;
