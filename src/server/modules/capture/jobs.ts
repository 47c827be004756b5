import type { Kysely } from 'kysely';
import type { CheckedAddress, CheckedContact, OrderStatus, PropertySummary, Technician } from '../../../domain/capture.ts';
import type { Job, JobList, JobQuery } from '../../../domain/capture-delivery.ts';
import type { Deps, SessionUser } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { CaptureOrdersTable } from '../../db/schema/capture.ts';
import { ApiError, forbidden, notFound } from '../../platform/errors.ts';
import { deliveryView } from './delivery-view.ts';
import { deliverOrder } from './delivery.ts';
import { attachmentsOf } from './order-attachments.ts';
import { withStatus } from './orders.ts';
import { captureServices } from './services.ts';
import { parseJson } from './store.ts';
import { technicianOfUser } from './technicians.ts';
import { addDays, localDate, zonedTime } from './time.ts';

/**
 * A technician's jobs (issue 24): the visits of the technician a person signs in as, by day and
 * week, each with the address, the site contact, the access instructions and the customer's
 * attachments; "Arrived" and "Captured". Another technician's job answers 404, as if it did not
 * exist. Administrators see every technician's jobs.
 */

/** Who asks: a technician (their own jobs) or an administrator (everyone's); 403 for anyone else. */
export interface JobViewer {
  user: SessionUser;
  technician: Technician | null;
}

/** The viewer of the jobs routes: the technician the person signs in as, or an administrator. */
export async function jobViewer(db: Kysely<Database>, user: SessionUser): Promise<JobViewer> {
  const technician = (await technicianOfUser(db, user.id)) ?? null;
  if (!technician && !user.isPrivileged) throw forbidden('Only technicians and administrators can see jobs.');
  return { user, technician };
}

/** Statuses a visit can still be started in. */
const OPEN: readonly OrderStatus[] = ['RECEIVED', 'TECHNICIAN_ASSIGNED', 'SCHEDULED'];
/** A technician may say "Arrived" from this long before the start (early is fine, a day early is a mistake). */
const ARRIVE_EARLY_HOURS = 12;

const canArrive = (row: CaptureOrdersTable, now: Date) =>
  OPEN.includes(row.status as OrderStatus) && !row.arrivedAt && now.getTime() >= Date.parse(row.start) - ARRIVE_EARLY_HOURS * 3_600_000;
const canCapture = (row: CaptureOrdersTable) => OPEN.includes(row.status as OrderStatus) && Boolean(row.arrivedAt);
/** The capture is uploaded after "Captured", and again after a failed processing. */
const canUpload = (row: CaptureOrdersTable, uploadStatus: string | null) => row.status === 'CAPTURED' && (uploadStatus === null || uploadStatus === 'failed');

/** The capture upload of an order and what became of it (the upload pipeline's table). */
async function uploadOf(db: Kysely<Database>, uploadId: string | null): Promise<Job['upload']> {
  if (!uploadId) return null;
  const u = await db.selectFrom('capture_uploads').select(['id', 'status', 'error']).where('id', '=', uploadId).executeTakeFirst();
  return u ? { id: u.id, status: u.status, error: u.error } : null;
}

/** A job as the technician sees it. */
export async function jobView(db: Kysely<Database>, row: CaptureOrdersTable, now: Date): Promise<Job> {
  const tech = await db.selectFrom('capture_technicians').select(['firstName', 'lastName']).where('id', '=', row.technicianId).executeTakeFirst();
  const account = await db.selectFrom('accounts').select('name').where('id', '=', row.accountId).executeTakeFirst();
  const upload = await uploadOf(db, row.uploadId);
  return {
    orderId: row.id,
    number: row.number,
    status: row.status as OrderStatus,
    start: row.start,
    end: row.end,
    timeZone: row.timeZone,
    visitMinutes: Number(row.visitMinutes),
    technicianId: row.technicianId,
    technicianName: tech ? `${tech.firstName} ${tech.lastName}` : '',
    customerName: account?.name ?? '',
    address: parseJson<CheckedAddress>(row.address),
    property: parseJson<PropertySummary>(row.property),
    contact: parseJson<CheckedContact>(row.contact),
    attachments: await attachmentsOf(db, parseJson<string[]>(row.attachmentIds)),
    delivery: await deliveryView(db, row, now),
    upload,
    canArrive: canArrive(row, now),
    canCapture: canCapture(row),
    canUpload: canUpload(row, upload?.status ?? null),
  };
}

/** The viewer's jobs from a day (in the technician's zone; UTC for administrators), `days` long, by start. */
export async function listJobs(deps: Deps, viewer: JobViewer, query: JobQuery): Promise<JobList> {
  const db = deps.db.kysely;
  const now = captureServices(deps).clock.now();
  const zone = viewer.technician?.timeZone ?? 'UTC';
  const day = query.from ?? localDate(now, zone);
  const from = zonedTime(day, '00:00', zone);
  const to = zonedTime(addDays(day, query.days), '00:00', zone);
  let q = db
    .selectFrom('capture_orders')
    .selectAll()
    .where('start', '>=', from.toISOString())
    .where('start', '<', to.toISOString())
    .where('status', '!=', 'CANCELLED');
  const technicianId = viewer.technician?.id ?? query.technicianId;
  if (technicianId) q = q.where('technicianId', '=', technicianId);
  const rows = await q.orderBy('start').orderBy('id').execute();
  const t = viewer.technician;
  return {
    technician: t ? { id: t.id, name: `${t.firstName} ${t.lastName}`, timeZone: t.timeZone, areaName: t.areaName } : null,
    from: from.toISOString(),
    to: to.toISOString(),
    jobs: await Promise.all(rows.map((r) => jobView(db, r, now))),
  };
}

/** One job of the viewer's: 404 when it is another technician's (or no order at all). */
export async function jobRow(db: Kysely<Database>, viewer: JobViewer, orderId: string): Promise<CaptureOrdersTable> {
  const row = await db.selectFrom('capture_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row || (viewer.technician && row.technicianId !== viewer.technician.id)) throw notFound('Job');
  return row;
}

/** One job of the viewer's. */
export async function getJob(deps: Deps, viewer: JobViewer, orderId: string): Promise<Job> {
  const db = deps.db.kysely;
  return jobView(db, await jobRow(db, viewer, orderId), captureServices(deps).clock.now());
}

/** "Arrived": the technician is at the property (the order is SCHEDULED, the history says so). */
export async function markArrived(deps: Deps, viewer: JobViewer, orderId: string): Promise<Job> {
  const db = deps.db.kysely;
  const now = captureServices(deps).clock.now();
  return db.transaction().execute(async (tx) => {
    const row = await jobRow(tx, viewer, orderId);
    if (!canArrive(row, now))
      throw new ApiError(
        'CONFLICT',
        row.arrivedAt
          ? 'You already said you arrived.'
          : OPEN.includes(row.status as OrderStatus)
            ? 'This visit is more than 12 hours away.'
            : 'This visit is over or cancelled.',
      );
    const stamp = now.toISOString();
    const next = { ...row, status: 'SCHEDULED', arrivedAt: stamp, statusHistory: withStatus(row, 'SCHEDULED', stamp, 'Technician arrived'), updatedAt: stamp };
    await tx
      .updateTable('capture_orders')
      .set({ status: next.status, arrivedAt: stamp, statusHistory: next.statusHistory, updatedAt: stamp })
      .where('id', '=', orderId)
      .execute();
    return jobView(tx, next, now);
  });
}

/** "Captured": the scan is done; the order waits for its upload to be processed (DELIVERED). */
export async function markCaptured(deps: Deps, viewer: JobViewer, orderId: string): Promise<Job> {
  const db = deps.db.kysely;
  const now = captureServices(deps).clock.now();
  return db.transaction().execute(async (tx) => {
    const row = await jobRow(tx, viewer, orderId);
    if (!canCapture(row)) throw new ApiError('CONFLICT', row.arrivedAt ? 'This visit is already captured or cancelled.' : 'Say "Arrived" first.');
    const stamp = now.toISOString();
    const next = { ...row, status: 'CAPTURED', capturedAt: stamp, statusHistory: withStatus(row, 'CAPTURED', stamp), updatedAt: stamp };
    await tx
      .updateTable('capture_orders')
      .set({ status: 'CAPTURED', capturedAt: stamp, statusHistory: next.statusHistory, updatedAt: stamp })
      .where('id', '=', orderId)
      .execute();
    return jobView(tx, next, now);
  });
}

/**
 * "Upload capture": binds the technician's own upload (made through the upload pipeline,
 * CAPTURE_UPLOAD_PATH) to the captured order, so processing it delivers the order. An upload that
 * is already processed delivers at once. 404 for an upload of someone else; 409 when the order
 * takes no upload (not captured, or its capture is on its way).
 */
export async function attachUpload(deps: Deps, viewer: JobViewer, orderId: string, uploadId: string): Promise<Job> {
  const db = deps.db.kysely;
  const clock = captureServices(deps).clock;
  return db.transaction().execute(async (tx) => {
    const row = await jobRow(tx, viewer, orderId);
    const upload = await tx.selectFrom('capture_uploads').selectAll().where('id', '=', uploadId).executeTakeFirst();
    if (!upload || upload.ownerUserId !== viewer.user.id) throw notFound('Upload');
    const current = await uploadOf(tx, row.uploadId);
    if (row.uploadId !== uploadId && !canUpload(row, current?.status ?? null))
      throw new ApiError('CONFLICT', row.status === 'CAPTURED' ? 'A capture of this visit is already being processed.' : 'Say "Captured" first.');
    const stamp = clock.now().toISOString();
    await tx.updateTable('capture_orders').set({ uploadId, updatedAt: stamp }).where('id', '=', orderId).execute();
    if (upload.status === 'ready' && upload.spaceId) await deliverOrder(tx, { env: deps.env, clock }, { orderId, spaceId: upload.spaceId });
    const next = await tx.selectFrom('capture_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    return jobView(tx, next, clock.now());
  });
}
