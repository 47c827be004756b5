import { SIZE_UNIT_LABELS, type SizeUnitValue } from '../../domain/capture-rules.ts';

/**
 * How the ordering flow writes money, sizes and times. English only (spec 9: the ordering flow
 * text is English only); every time is shown in the property's time zone (spec 9), with Intl.
 */

const LOCALE = 'en-US';

/** An amount in minor units as money: '$349.00', '€1,200.00', '-$349.00'; `whole` drops '.00' from round amounts ('$349', as prices from are written). */
export function formatMoney(money: { amount: number; currency: string }, { whole = false }: { whole?: boolean } = {}): string {
  const round = whole && money.amount % 100 === 0;
  return new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: money.currency,
    ...(round ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(money.amount / 100);
}

/** A size with its short unit: '1,200 ft²', '85.5 m²'. */
export function formatSize(size: number, unit: SizeUnitValue, form: 'short' | 'long' = 'short'): string {
  return `${new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 }).format(size)} ${SIZE_UNIT_LABELS[unit][form]}`;
}

/** Formats an instant in a time zone with the given fields. */
const inZone = (iso: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(LOCALE, { timeZone, ...options }).format(new Date(iso));

/** 'Thursday, November 26, 2026'. */
export const formatDay = (iso: string, timeZone: string) => inZone(iso, timeZone, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

/** '2:00 PM'. */
export const formatTime = (iso: string, timeZone: string) => inZone(iso, timeZone, { hour: 'numeric', minute: '2-digit' });

/** The time zone's short name at that instant: 'PST', 'GMT+1'. */
export function zoneName(iso: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** An appointment as one line: 'Thursday, November 26, 2026, 2:00 PM – 4:00 PM PST'. */
export function formatAppointment(a: { start: string; end: string; timeZone: string }): string {
  return `${formatDay(a.start, a.timeZone)}, ${formatTime(a.start, a.timeZone)} – ${formatTime(a.end, a.timeZone)} ${zoneName(a.start, a.timeZone)}`;
}

/** A calendar day ('YYYY-MM-DD', already in the property's zone) split for a day picker: 'Thu', '26', 'Nov'. */
export function dayParts(date: string): { weekday: string; day: string; month: string; long: string } {
  // Noon UTC of that date: the same calendar day in every zone we format it in (UTC).
  const at = new Date(`${date}T12:00:00Z`);
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', ...o }).format(at);
  return {
    weekday: f({ weekday: 'short' }),
    day: f({ day: 'numeric' }),
    month: f({ month: 'short' }),
    long: f({ weekday: 'long', month: 'long', day: 'numeric' }),
  };
}

/** A calendar day a number of days after another ('YYYY-MM-DD'). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Whole minutes and seconds until an instant, for the hold countdown: '9:41'; '0:00' when past. */
export function countdown(untilIso: string, now: number): string {
  const left = Math.max(0, Math.floor((new Date(untilIso).getTime() - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** An instant as a date and time in a zone, for lists: 'Nov 26, 2026, 2:00 PM PST'. */
export function formatDateTime(iso: string, timeZone: string): string {
  return `${inZone(iso, timeZone, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })} ${zoneName(iso, timeZone)}`;
}

/** An instant as a date only (invoices): 'Nov 26, 2026'. */
export const formatDate = (iso: string, timeZone = 'UTC') => inZone(iso, timeZone, { year: 'numeric', month: 'short', day: 'numeric' });
