import type { Kysely, Transaction } from 'kysely';
import type { Availability, Slot, Technician } from '../../../domain/capture.ts';
import { HOLD_MINUTES } from '../../../domain/capture-rules.ts';
import type { WorkingHours } from './technicians.ts';
import { addDays, addMinutes, isoWeekday, localDate, zonedTime } from './time.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../platform/ids.ts';

/**
 * Free times from technicians' working hours (wall-clock, their zone), their travel buffer and
 * what is already held or booked, shown in the property's zone. Starts fall on the half hour; a
 * visit plus its travel buffer claims 15-minute cells of the technician's time, and the cells'
 * primary key is what makes a double booking impossible (see migration 006).
 */

/** Granularity of starts. */
export const SLOT_STEP_MINUTES = 30;
/** Granularity of the claimed cells. */
export const CELL_MINUTES = 15;
/** The earliest start is this many hours from now (the 24-hour change window starts closed otherwise). */
export const LEAD_HOURS = 24;

/** The 15-minute cells an appointment from `start` lasting `minutes` (+ buffer after it) claims. */
export function cellsOf(start: Date, minutes: number, bufferMinutes: number): string[] {
  const cells: string[] = [];
  const total = minutes + bufferMinutes;
  for (let m = 0; m < total; m += CELL_MINUTES) cells.push(addMinutes(start, m).toISOString());
  return cells;
}

/** Claimed cells of some technicians within a time range: technicianId → set of cell starts. Lapsed holds do not count. */
export async function claimedCells(
  db: Kysely<Database>,
  technicianIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
  ignoreAppointmentId?: string,
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>(technicianIds.map((id) => [id, new Set<string>()]));
  if (!technicianIds.length) return out;
  let q = db
    .selectFrom('capture_technician_cells as c')
    .innerJoin('capture_appointments as a', 'a.id', 'c.appointmentId')
    .select(['c.technicianId', 'c.cellStart'])
    .where('c.technicianId', 'in', technicianIds)
    .where('c.cellStart', '>=', from.toISOString())
    .where('c.cellStart', '<', to.toISOString())
    .where((eb) => eb.or([eb('a.status', '=', 'BOOKED'), eb.and([eb('a.status', '=', 'HOLD'), eb('a.expiresAt', '>', now.toISOString())])]));
  if (ignoreAppointmentId) q = q.where('c.appointmentId', '!=', ignoreAppointmentId);
  for (const row of await q.execute()) out.get(row.technicianId)?.add(row.cellStart);
  return out;
}

/** Whether a visit from `start` lasting `minutes` falls into the technician's time off. */
export function inTimeOff(tech: Technician, start: Date, minutes: number): boolean {
  const from = start.getTime();
  const to = from + minutes * 60_000;
  return (tech.timeOff ?? []).some((o) => Date.parse(o.start) < to && Date.parse(o.end) > from);
}

/** Whether a start is one the technician offers: on the grid, inside working hours of that day, not on time off, after the lead time. */
export function isOffered(tech: Technician, start: Date, minutes: number, now: Date): boolean {
  if (start.getTime() < now.getTime() + LEAD_HOURS * 3_600_000) return false;
  if (inTimeOff(tech, start, minutes)) return false;
  if (start.getUTCSeconds() !== 0 || start.getUTCMilliseconds() !== 0) return false;
  const day = localDate(start, tech.timeZone);
  const hours = tech.workingHours[String(isoWeekday(day)) as keyof WorkingHours];
  if (!hours) return false;
  const open = zonedTime(day, hours[0], tech.timeZone);
  const close = zonedTime(day, hours[1], tech.timeZone);
  const offset = (start.getTime() - open.getTime()) / 60_000;
  return offset >= 0 && offset % SLOT_STEP_MINUTES === 0 && addMinutes(start, minutes).getTime() <= close.getTime();
}

/** Candidate starts of one technician on one of their days. */
function startsOn(tech: Technician, day: string, minutes: number, now: Date): Date[] {
  const hours = tech.workingHours[String(isoWeekday(day)) as keyof WorkingHours];
  if (!hours) return [];
  const open = zonedTime(day, hours[0], tech.timeZone);
  const close = zonedTime(day, hours[1], tech.timeZone);
  const earliest = now.getTime() + LEAD_HOURS * 3_600_000;
  const out: Date[] = [];
  for (let t = open; addMinutes(t, minutes).getTime() <= close.getTime(); t = addMinutes(t, SLOT_STEP_MINUTES)) {
    if (t.getTime() >= earliest && !inTimeOff(tech, t, minutes)) out.push(t);
  }
  return out;
}

/** Whether the cells an appointment needs are all free. */
const isFree = (taken: Set<string> | undefined, start: Date, minutes: number, buffer: number) => cellsOf(start, minutes, buffer).every((c) => !taken?.has(c));

/** Free starts per property-zone day over a range of days, merged over technicians. */
async function freeSlots(
  db: Kysely<Database>,
  techs: readonly Technician[],
  timeZone: string,
  from: string,
  days: number,
  minutes: number,
  now: Date,
  ignoreAppointmentId?: string,
): Promise<Map<string, Slot[]>> {
  const to = addDays(from, days);
  // Technicians' days around the range (their zone may differ from the property's).
  const rangeStart = zonedTime(addDays(from, -1), '00:00', timeZone);
  const rangeEnd = zonedTime(addDays(to, 1), '00:00', timeZone);
  const taken = await claimedCells(
    db,
    techs.map((t) => t.id),
    addMinutes(rangeStart, -24 * 60),
    addMinutes(rangeEnd, 24 * 60),
    now,
    ignoreAppointmentId,
  );
  const byDay = new Map<string, Map<number, Slot>>();
  for (let i = 0; i < days; i++) byDay.set(addDays(from, i), new Map());
  for (const tech of techs) {
    for (let i = -1; i <= days; i++) {
      for (const start of startsOn(tech, addDays(from, i), minutes, now)) {
        const day = byDay.get(localDate(start, timeZone));
        if (!day || day.has(start.getTime())) continue;
        if (isFree(taken.get(tech.id), start, minutes, tech.travelBufferMinutes))
          day.set(start.getTime(), { start: start.toISOString(), end: addMinutes(start, minutes).toISOString() });
      }
    }
  }
  return new Map([...byDay].map(([d, slots]) => [d, [...slots.values()].sort((a, b) => a.start.localeCompare(b.start))]));
}

/** The availability answer: every day of the range with its free starts, and the next day with one after it. */
export async function availability(
  db: Kysely<Database>,
  techs: readonly Technician[],
  opts: { timeZone: string; from?: string | undefined; days: number; minutes: number; now: Date; ignoreAppointmentId?: string | undefined },
): Promise<Availability> {
  const today = localDate(opts.now, opts.timeZone);
  const from = opts.from && opts.from > today ? opts.from : today;
  const slots = await freeSlots(db, techs, opts.timeZone, from, opts.days, opts.minutes, opts.now, opts.ignoreAppointmentId);
  const to = addDays(from, opts.days - 1);
  let nextAvailableDate: string | null = null;
  // Look ahead up to four weeks, a week at a time, for 'select another'.
  for (let week = 0; week < 4 && !nextAvailableDate && techs.length; week++) {
    const start = addDays(to, 1 + week * 7);
    const ahead = await freeSlots(db, techs, opts.timeZone, start, 7, opts.minutes, opts.now, opts.ignoreAppointmentId);
    nextAvailableDate = [...ahead].find(([, s]) => s.length)?.[0] ?? null;
  }
  return {
    timeZone: opts.timeZone,
    visitMinutes: opts.minutes,
    from,
    to,
    days: [...slots].map(([date, s]) => ({ date, slots: s })),
    nextAvailableDate,
  };
}

/** Marks lapsed holds released and frees their cells (run inside the transaction that claims time). */
export async function releaseLapsedHolds(tx: Transaction<Database>, now: Date): Promise<void> {
  const lapsed = tx.selectFrom('capture_appointments').select('id').where('status', '=', 'HOLD').where('expiresAt', '<=', now.toISOString());
  await tx.deleteFrom('capture_technician_cells').where('appointmentId', 'in', lapsed).execute();
  await tx
    .updateTable('capture_appointments')
    .set({ status: 'RELEASED', updatedAt: now.toISOString() })
    .where('status', '=', 'HOLD')
    .where('expiresAt', '<=', now.toISOString())
    .execute();
}

/**
 * Makes sure a booked appointment owns all its cells (a reschedule hold left those it shared with
 * the order's old time, which the caller has just released); false when another claim has one.
 */
export async function completeCells(
  tx: Transaction<Database>,
  appointmentId: string,
  technicianId: string,
  start: Date,
  minutes: number,
  bufferMinutes: number,
): Promise<boolean> {
  const cells = cellsOf(start, minutes, bufferMinutes);
  await tx
    .insertInto('capture_technician_cells')
    .values(cells.map((cellStart) => ({ technicianId, cellStart, appointmentId })))
    .onConflict((oc) => oc.columns(['technicianId', 'cellStart']).doNothing())
    .execute();
  const owned = await tx
    .selectFrom('capture_technician_cells')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('appointmentId', '=', appointmentId)
    .executeTakeFirst();
  return Number(owned?.n ?? 0) === cells.length;
}

/** Frees an appointment's time (a released hold, a cancelled or moved visit). */
export async function releaseAppointment(tx: Transaction<Database>, appointmentId: string, now: Date): Promise<void> {
  await tx.deleteFrom('capture_technician_cells').where('appointmentId', '=', appointmentId).execute();
  await tx
    .updateTable('capture_appointments')
    .set({ status: 'RELEASED', expiresAt: null, updatedAt: now.toISOString() })
    .where('id', '=', appointmentId)
    .execute();
}

/** What a claim made. */
export interface Claim {
  appointmentId: string;
  technician: Technician;
  start: Date;
  end: Date;
  expiresAt: Date | null;
}

/**
 * Claims a start for the first of the technicians (nearest first) who offers it and is free, in
 * the caller's transaction: the appointment row, then its cells with ON CONFLICT DO NOTHING; if
 * any cell was taken meanwhile (by a concurrent transaction that committed first), this
 * technician's rows are removed and the next one is tried. Null when nobody can take it.
 */
export async function claim(
  tx: Transaction<Database>,
  techs: readonly Technician[],
  opts: {
    start: Date;
    minutes: number;
    userId: string;
    now: Date;
    status: 'HOLD' | 'BOOKED';
    orderId?: string | null;
    request: unknown;
    /** An appointment whose cells this claim may overlap without taking them (the order being rescheduled). */
    sharedAppointmentId?: string | undefined;
  },
): Promise<Claim | null> {
  await releaseLapsedHolds(tx, opts.now);
  for (const tech of techs) {
    if (!isOffered(tech, opts.start, opts.minutes, opts.now)) continue;
    const id = newId();
    const end = addMinutes(opts.start, opts.minutes);
    const expiresAt = opts.status === 'HOLD' ? addMinutes(opts.now, HOLD_MINUTES) : null;
    const stamp = opts.now.toISOString();
    await tx
      .insertInto('capture_appointments')
      .values({
        id,
        technicianId: tech.id,
        userId: opts.userId,
        status: opts.status,
        orderId: opts.orderId ?? null,
        start: opts.start.toISOString(),
        end: end.toISOString(),
        expiresAt: expiresAt?.toISOString() ?? null,
        request: JSON.stringify(opts.request),
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    const shared = opts.sharedAppointmentId
      ? new Set(
          (
            await tx
              .selectFrom('capture_technician_cells')
              .select('cellStart')
              .where('appointmentId', '=', opts.sharedAppointmentId)
              .where('technicianId', '=', tech.id)
              .execute()
          ).map((r) => r.cellStart),
        )
      : new Set<string>();
    const cells = cellsOf(opts.start, opts.minutes, tech.travelBufferMinutes).filter((c) => !shared.has(c));
    if (!cells.length) return { appointmentId: id, technician: tech, start: opts.start, end, expiresAt };
    const result = await tx
      .insertInto('capture_technician_cells')
      .values(cells.map((cellStart) => ({ technicianId: tech.id, cellStart, appointmentId: id })))
      .onConflict((oc) => oc.columns(['technicianId', 'cellStart']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === cells.length) return { appointmentId: id, technician: tech, start: opts.start, end, expiresAt };
    await tx.deleteFrom('capture_technician_cells').where('appointmentId', '=', id).execute();
    await tx.deleteFrom('capture_appointments').where('id', '=', id).execute();
  }
  return null;
}
