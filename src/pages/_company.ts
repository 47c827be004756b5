/** Shared bits of the company pages (about, blog, help, legal…): English-only, like the capture pages. */

/** A date as the company pages write it ('November 12, 2026'), in UTC so the build machine's zone does not move it. */
export const longDate = (d: Date): string => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d);

/** The `datetime` attribute of a date (YYYY-MM-DD). */
export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);
