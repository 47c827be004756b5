/**
 * Times of capture visits as the console shows them: in the property's time zone, with the zone's
 * short name, in English like the rest of the capture service (spec 9). Jobs and orders share them.
 */

/** A date and time in a zone ('Jan 8, 2030, 8:00 AM PST'). */
export const inZone = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));

/** A time of day in a zone ('8:00 AM'). */
export const timeIn = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone }).format(new Date(iso));

/** The zone's short name at that moment ('PST'). */
export const zoneName = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
