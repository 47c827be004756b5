import type { Appointment, Order } from '../../../domain/capture.ts';
import { DELIVERY_HOURS, formatDuration } from '../../../domain/capture-rules.ts';
import { SITE_BASE } from '../../../domain/urls.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { formatMoney } from './pricing.ts';
import { formatInZone } from './time.ts';

/**
 * The ordering emails (confirmation, reschedule, cancellation, coverage), plain text, to the
 * customer and, when it is someone else, the site contact. They are queued in the outbox in the
 * transaction of the change, so an email leaves only for a change that committed.
 */

/** Where links in emails point. */
export interface MailLinks {
  publicOrigin: string;
}

/** The order details page. */
export const orderPageUrl = (origin: string, orderId: string) => `${origin}${SITE_BASE}/capture/orders/${orderId}`;
/** The appointment's calendar file. */
export const calendarFileUrl = (origin: string, orderId: string) => `${origin}/api/capture/orders/${orderId}/appointment.ics`;

const when = (a: Appointment) => `${formatInZone(new Date(a.start), a.timeZone)} (${formatDuration(a.visitMinutes)}, ${a.timeZone})`;

/** The people an order's emails go to: the customer, and the site contact when it is someone else. */
function recipients(order: Order, customer: { email: string; firstName: string }): { to: string; name: string }[] {
  const out = [{ to: customer.email, name: customer.firstName }];
  if (order.contact.email.toLowerCase() !== customer.email.toLowerCase()) out.push({ to: order.contact.email, name: order.contact.firstName });
  return out;
}

const footer = (order: Order, links: MailLinks) => [
  '',
  `Order details: ${orderPageUrl(links.publicOrigin, order.id)}`,
  `Add to your calendar: ${calendarFileUrl(links.publicOrigin, order.id)}`,
];

const summary = (order: Order) => [
  `Order: ${order.number}`,
  `Property: ${order.address.formatted.join(', ')}`,
  `Spaces: ${order.property.spaces.map((s) => s.name).join(', ')}`,
  `Site contact: ${order.contact.firstName} ${order.contact.lastName}, ${order.contact.phoneDisplay}`,
];

/** 'Order received' to the customer and the site contact. */
export function confirmationEmails(order: Order, customer: { email: string; firstName: string }, links: MailLinks): MailMessage[] {
  return recipients(order, customer).map(({ to, name }) => ({
    to,
    subject: `Order received: your 3D capture visit on ${formatInZone(new Date(order.appointment.start), order.appointment.timeZone)}`,
    text: [
      `Hello ${name},`,
      '',
      `We received order ${order.number}. ${order.appointment.technicianName}, your technician, will visit on ${when(order.appointment)}.`,
      `Your digital twin is delivered within ${DELIVERY_HOURS} hours of the visit.`,
      '',
      ...summary(order),
      `Total: ${formatMoney(order.price.total)} (amount due ${formatMoney(order.price.amountDue)}, billed to ${order.accountName})`,
      '',
      'You can reschedule or cancel until 24 hours before the visit.',
      ...footer(order, links),
    ].join('\n'),
  }));
}

/** The visit moved: prior and new date. */
export function rescheduleEmails(order: Order, previous: Appointment, customer: { email: string; firstName: string }, links: MailLinks): MailMessage[] {
  return recipients(order, customer).map(({ to, name }) => ({
    to,
    subject: `Rescheduled: your 3D capture visit is now on ${formatInZone(new Date(order.appointment.start), order.appointment.timeZone)}`,
    text: [
      `Hello ${name},`,
      '',
      `Order ${order.number} was rescheduled.`,
      `Before: ${when(previous)}`,
      `Now: ${when(order.appointment)} with ${order.appointment.technicianName}`,
      '',
      ...summary(order),
      ...footer(order, links),
    ].join('\n'),
  }));
}

/** The order was cancelled; the amount went to account credit. */
export function cancellationEmails(order: Order, credited: number, customer: { email: string; firstName: string }, links: MailLinks): MailMessage[] {
  return recipients(order, customer).map(({ to, name }) => ({
    to,
    subject: `Cancelled: your 3D capture visit (${order.number})`,
    text: [
      `Hello ${name},`,
      '',
      `Order ${order.number}, the visit on ${when(order.appointment)}, was cancelled.`,
      `${formatMoney({ amount: credited, currency: order.price.total.currency })} was added to the credit of ${order.accountName}; it is used first on your next order.`,
      '',
      `Order details: ${orderPageUrl(links.publicOrigin, order.id)}`,
    ].join('\n'),
  }));
}

/** A technician now serves an address someone asked to be told about. */
export function coverageEmail(person: { email: string; firstName: string }, place: string, links: MailLinks): MailMessage {
  return {
    to: person.email,
    subject: 'Good news: 3D capture is now available in your area',
    text: [
      `Hello ${person.firstName},`,
      '',
      `You asked us to let you know when we cover ${place}. A technician now serves your area, so you can order a 3D capture visit today.`,
      '',
      `Order a capture: ${links.publicOrigin}${SITE_BASE}/capture/`,
    ].join('\n'),
  };
}

/** The processed capture made the customer's space: "Your digital twin is ready" (to the customer only; the space is theirs). */
export function deliveredEmail(order: Order, customer: { email: string; firstName: string }, links: MailLinks): MailMessage {
  const space = order.delivery.spaceUrl ? `${links.publicOrigin}${order.delivery.spaceUrl}` : orderPageUrl(links.publicOrigin, order.id);
  return {
    to: customer.email,
    subject: 'Your digital twin is ready',
    text: [
      `Hello ${customer.firstName},`,
      '',
      `The digital twin of ${order.address.formatted.join(', ')} (order ${order.number}) is ready.`,
      'It is in your account as a private space: only you and the people of your account see it until you publish it.',
      '',
      `View your space: ${space}`,
      `Order details: ${orderPageUrl(links.publicOrigin, order.id)}`,
    ].join('\n'),
  };
}

/** An administrator gave the visit to another technician. */
export function reassignedEmails(order: Order, customer: { email: string; firstName: string }, links: MailLinks): MailMessage[] {
  return recipients(order, customer).map(({ to, name }) => ({
    to,
    subject: `Your technician changed: ${order.appointment.technicianName} will visit (${order.number})`,
    text: [
      `Hello ${name},`,
      '',
      `${order.appointment.technicianName} is now your technician for order ${order.number}. The visit stays on ${when(order.appointment)}.`,
      '',
      ...summary(order),
      ...footer(order, links),
    ].join('\n'),
  }));
}
