import { createEvent } from 'ics';
import type { Order } from '../../../domain/capture.ts';
import { DELIVERY_HOURS, formatDuration } from '../../../domain/capture-rules.ts';

/**
 * The appointment as an iCalendar file (`ics`). Times are written in UTC, which every calendar
 * shows in its own zone; the description names the property's zone, as the order pages do. The
 * uid is the order's, and `sequence` grows with each change so calendars update the event.
 */
export function appointmentIcs(order: Order, orderUrl: string): string {
  const a = order.appointment;
  // Grows with every change (reschedule, cancel), so calendars replace the event they have.
  const sequence = Math.max(0, Math.floor((Date.parse(order.updatedAt) - Date.parse(order.createdAt)) / 1000));
  const { error, value } = createEvent({
    productId: 'discover/capture',
    uid: `capture-${order.id}@discover`,
    sequence,
    method: 'PUBLISH',
    title: `3D capture visit (${order.number})`,
    description: [
      `${a.technicianName} scans ${order.property.spaceCount === 1 ? 'your space' : `your ${order.property.spaceCount} spaces`} on site (about ${formatDuration(a.visitMinutes)}).`,
      `Times are in ${a.timeZone}.`,
      `Your digital twin is delivered within ${DELIVERY_HOURS} hours of the visit.`,
      `Order details: ${orderUrl}`,
    ].join('\n'),
    location: order.address.formatted.join(', '),
    geo: { lat: order.address.location.lat, lon: order.address.location.long },
    url: orderUrl,
    status: order.status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    start: Date.parse(a.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(a.end),
    endInputType: 'utc',
    endOutputType: 'utc',
  });
  if (error || !value) throw new Error('Writing the appointment calendar file failed.', { cause: error });
  return value;
}
