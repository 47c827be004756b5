/** Midnight of a date (YYYY-MM-DD) in a time zone, as an instant (two passes settle a DST change). */
export function zonedMidnight(date: string, timeZone: string): string {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const offsetAt = (t: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(new Date(t))
        .map((p) => [p.type, p.value]),
    );
    return (
      Date.UTC(
        Number(parts['year']),
        Number(parts['month']) - 1,
        Number(parts['day']),
        Number(parts['hour']),
        Number(parts['minute']),
        Number(parts['second']),
      ) - t
    );
  };
  let t = guess - offsetAt(guess);
  t = guess - offsetAt(t);
  return new Date(t).toISOString();
}

/** The date (YYYY-MM-DD) of an instant in a time zone. */
export const dateIn = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));

/** The day after a date. */
export const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
