import { useEffect, useState } from 'react';
import type { AddressInputIn, Availability, PropertyDetailsInputIn, Slot } from '../../domain/capture.ts';
import { formatDuration, NO_TIMES_DAY_MESSAGE, NO_TIMES_WEEK_MESSAGE } from '../../domain/capture-rules.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { getAvailability } from '../../client/capture.ts';
import { addDays, dayParts, formatTime } from './format.ts';
import { T } from './texts.ts';
import { Alert, Icon, Loading, PATHS } from './ui.tsx';
import { messageOf } from './validate.ts';

/** Props of the day and time picker. */
export interface SlotPickerProps {
  address: AddressInputIn;
  property: PropertyDetailsInputIn;
  /** When rescheduling: that order's own appointment does not block times. */
  orderId?: string | undefined;
  /** The chosen start (held), if any. */
  selected: string | null;
  /** The caller's own held time: availability lists it as taken, so it is added back to its day. */
  held?: Slot | null;
  /** When rescheduling: the order's present start, shown but not offered. */
  current?: string | undefined;
  onPick: (slot: Slot) => void;
  /** A start being held right now (its radio shows busy). */
  pending?: string | null;
  /** Changes of this number reload the week (after a time was taken). */
  reload?: number;
  idPrefix?: string;
}

const DAYS = 7;

/** The calendar day ('YYYY-MM-DD') of an instant in a time zone. */
const localDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** The long name of a time zone ('Pacific Standard Time'). */
function zoneLong(timeZone: string, at: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' }).formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName');
  return part ? `${part.value} (${timeZone.replace(/_/g, ' ')})` : timeZone;
}

/** The week's days with the caller's held time in its day (once, in order). */
function withHeld(data: Availability, held: Slot): Availability['days'] {
  const date = localDate(held.start, data.timeZone);
  return data.days.map((d) =>
    d.date !== date || d.slots.some((s) => s.start === held.start) ? d : { ...d, slots: [...d.slots, held].sort((a, b) => a.start.localeCompare(b.start)) },
  );
}

/**
 * 'Choose a time': a week of days and the free starts of the chosen day, in the property's time
 * zone (spec 9), with the spec's no-times messages for an empty day or week.
 */
export function SlotPicker({
  address,
  property,
  orderId,
  selected,
  held = null,
  current: currentStart,
  onPick,
  pending = null,
  reload = 0,
  idPrefix = 'co',
}: SlotPickerProps) {
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [first, setFirst] = useState<string | null>(null);
  const [data, setData] = useState<Availability | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    getAvailability(browserHttp(), { address, property, days: DAYS, ...(from ? { from } : {}), ...(orderId ? { orderId } : {}) })
      .then((a) => {
        if (!live) return;
        // Opening with a chosen time in a later week (after a reload): go to that week.
        const target = !from && selected ? localDate(selected, a.timeZone) : null;
        if (target && target > a.to) {
          const weeks = Math.floor((Date.parse(target) - Date.parse(a.from)) / (DAYS * 86_400_000));
          setFirst(a.from);
          setFrom(addDays(a.from, weeks * DAYS));
          return;
        }
        setData(a);
        setFirst((f) => f ?? a.from);
        setDay((d) => {
          if (d && a.days.some((x) => x.date === d)) return d;
          const withSelected = selected ? a.days.find((x) => x.date === localDate(selected, a.timeZone)) : undefined;
          return (withSelected ?? a.days.find((x) => x.slots.length > 0) ?? a.days[0])?.date ?? null;
        });
      })
      .catch((e: unknown) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
    // The address and property are fixed while the picker is open; `selected` only seeds the day.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from, orderId, reload]);

  if (error)
    return (
      <Alert kind="error">
        <p>{error}</p>
      </Alert>
    );
  if (!data) return <Loading />;

  const days = held ? withHeld(data, held) : data.days;
  const weekEmpty = days.every((d) => d.slots.length === 0);
  const current = days.find((d) => d.date === day) ?? days[0];
  const sample = current?.slots[0]?.start ?? `${data.from}T12:00:00Z`;
  const goWeek = (delta: number) => {
    setDay(null);
    setFrom(addDays(data.from, delta * DAYS));
  };

  return (
    <div className="co-form">
      <p className="co-hint">
        <Icon d={PATHS.clock} className="co-inline-icon" /> {T.schedule.zone(zoneLong(data.timeZone, sample))}.{' '}
        {T.schedule.duration(formatDuration(data.visitMinutes))}
      </p>
      <div className="co-week">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => goWeek(-1)}
          disabled={!first || data.from <= first}
          aria-label={T.schedule.prevWeek}
        >
          <Icon d={PATHS.left} />
        </button>
        <strong aria-live="polite">
          {dayParts(data.from).month} {dayParts(data.from).day} – {dayParts(data.to).month} {dayParts(data.to).day}
        </strong>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => goWeek(1)} aria-label={T.schedule.nextWeek}>
          <Icon d={PATHS.right} />
        </button>
      </div>
      <div className="co-days" role="group" aria-label={T.schedule.days}>
        {days.map((d) => {
          const p = dayParts(d.date);
          return (
            <button
              key={d.date}
              type="button"
              className="co-day"
              aria-pressed={d.date === current?.date}
              data-empty={d.slots.length === 0}
              onClick={() => setDay(d.date)}
            >
              <span>{p.weekday}</span>
              <strong>{p.day}</strong>
              <span>{d.slots.length ? p.month : T.schedule.noSlotsShort}</span>
            </button>
          );
        })}
      </div>
      {weekEmpty ? (
        <Alert kind="info">
          <p>{NO_TIMES_WEEK_MESSAGE}</p>
          {data.nextAvailableDate && (
            <p>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setFrom(data.nextAvailableDate ?? undefined)}>
                {T.schedule.nextAvailable}
              </button>
            </p>
          )}
        </Alert>
      ) : current && current.slots.length === 0 ? (
        <Alert kind="info">
          <p>{NO_TIMES_DAY_MESSAGE}</p>
        </Alert>
      ) : current ? (
        <fieldset className="co-fieldset">
          <legend>{T.schedule.times(dayParts(current.date).long)}</legend>
          <div className="co-slots">
            {current.slots.map((s) => (
              <label key={s.start} className="co-choice" aria-busy={pending === s.start}>
                <input
                  type="radio"
                  name={`${idPrefix}-slot`}
                  value={s.start}
                  checked={(pending ?? selected) === s.start}
                  disabled={s.start === currentStart}
                  onChange={() => onPick(s)}
                />
                <span>
                  {formatTime(s.start, data.timeZone)}
                  {s.start === currentStart && <small>{T.schedule.currentTime}</small>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
