/** A time in the property's zone, with the zone's short name ('Jan 8, 2030, 8:00 AM PST'). */
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

/** Minor units as money ('$249.00'). */
export const money = (m: { amount: number; currency: string }) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: m.currency }).format(m.amount / 100);
