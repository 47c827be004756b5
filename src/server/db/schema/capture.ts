/**
 * Capture-services ordering (migration 006, issue 12). Text ids, ISO-8601 UTC text times (which sort
 * as time), JSON as text, money as integer minor units.
 */

/** A technician: where they are based, how far they travel, when they work. */
export interface CaptureTechniciansTable {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  areaName: string;
  countryCode: string;
  continent: string;
  lat: number;
  long: number;
  radiusKm: number;
  timeZone: string;
  /** JSON: { "1": ["08:00", "18:00"], … } ISO weekday → wall-clock hours in `timeZone`. */
  workingHours: string;
  travelBufferMinutes: number;
  isActive: number;
  /** users.id of the person who signs in as this technician (migration 017); null: nobody yet. */
  userId: string | null;
  /** JSON [{ start, end, note }]: instants when the technician takes no visits (migration 017). */
  timeOff: string;
  createdAt: string;
  updatedAt: string;
}

/** A hold (10 minutes) or a booked visit of a technician. */
export interface CaptureAppointmentsTable {
  id: string;
  technicianId: string;
  userId: string;
  /** HOLD, BOOKED or RELEASED (lapsed hold, cancelled or moved visit). */
  status: string;
  orderId: string | null;
  start: string;
  end: string;
  /** When a hold lapses; null once booked. */
  expiresAt: string | null;
  /** JSON of what the hold was made for: { address, property } (re-checked on Confirm). */
  request: string;
  createdAt: string;
  updatedAt: string;
}

/** One 15-minute cell of a technician's time claimed by an appointment (visit plus travel buffer). */
export interface CaptureTechnicianCellsTable {
  technicianId: string;
  cellStart: string;
  appointmentId: string;
}

/** An order. Address, property and contact are stored as the customer confirmed them (JSON). */
export interface CaptureOrdersTable {
  id: string;
  number: string;
  accountId: string;
  userId: string;
  status: string;
  /** JSON [{ status, at }]. */
  statusHistory: string;
  address: string;
  property: string;
  contact: string;
  /** JSON array of capture attachment ids. */
  attachmentIds: string;
  plan: string;
  appointmentId: string;
  technicianId: string;
  start: string;
  end: string;
  timeZone: string;
  visitMinutes: number;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  creditApplied: number;
  amountDue: number;
  paymentMethodId: string;
  cancelledAt: string | null;
  /** When the technician said "Arrived" (migration 017). */
  arrivedAt: string | null;
  /** When the technician said "Captured". */
  capturedAt: string | null;
  /** When processing the capture made the customer's space (status DELIVERED). */
  deliveredAt: string | null;
  /** spaces.id of the delivered digital twin. */
  spaceId: string | null;
  /** capture_uploads.id of the technician's capture being processed. */
  uploadId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The ledger: numbered invoices and credit notes. */
export interface CaptureInvoicesTable {
  id: string;
  number: string;
  /** INVOICE or CREDIT_NOTE. */
  kind: string;
  /** OPEN, PAID, CREDITED, VOID. */
  status: string;
  accountId: string;
  orderId: string;
  creditsInvoiceId: string | null;
  currency: string;
  /** JSON [{ description, amount }] in minor units. */
  lines: string;
  /** JSON [{ label, rate, amount }]. */
  taxLines: string;
  subtotal: number;
  taxTotal: number;
  total: number;
  creditApplied: number;
  amountDue: number;
  issuedAt: string;
  dueAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Account credit movements: + from credit notes, − when used on an order. The balance is the sum. */
export interface CaptureCreditEntriesTable {
  id: string;
  accountId: string;
  amount: number;
  currency: string;
  reason: string;
  invoiceId: string | null;
  orderId: string | null;
  createdAt: string;
}

/** Sequences (invoice and order numbers), incremented inside the transaction that uses them. */
export interface CaptureCountersTable {
  name: string;
  value: number;
}

/** An account's plan; an account without a row is on Starter. */
export interface CaptureAccountPlansTable {
  accountId: string;
  plan: string;
  updatedBy: string | null;
  updatedAt: string;
}

/** A notify-me signup for an address no technician covers yet. */
export interface CaptureNotifyRequestsTable {
  id: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  /** JSON CheckedAddress. */
  address: string;
  countryCode: string;
  lat: number;
  long: number;
  notifiedAt: string | null;
  notifiedTechnicianId: string | null;
  createdAt: string;
}

/** A 'Talk to Sales' request. */
export interface CaptureSalesContactsTable {
  id: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  /** JSON of the address and property given, if any. */
  details: string;
  totalSquareFeet: number | null;
  createdAt: string;
}

/** A floor plan or photo uploaded for an order (re-encoded like every upload). */
export interface CaptureAttachmentsTable {
  id: string;
  userId: string;
  orderId: string | null;
  fileName: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
  /** JSON { [width]: path under /media }. */
  variants: string;
  createdAt: string;
}

/** The capture tables by name. */
export type CaptureTables = {
  capture_technicians: CaptureTechniciansTable;
  capture_appointments: CaptureAppointmentsTable;
  capture_technician_cells: CaptureTechnicianCellsTable;
  capture_orders: CaptureOrdersTable;
  capture_invoices: CaptureInvoicesTable;
  capture_credit_entries: CaptureCreditEntriesTable;
  capture_counters: CaptureCountersTable;
  capture_account_plans: CaptureAccountPlansTable;
  capture_notify_requests: CaptureNotifyRequestsTable;
  capture_sales_contacts: CaptureSalesContactsTable;
  capture_attachments: CaptureAttachmentsTable;
};
