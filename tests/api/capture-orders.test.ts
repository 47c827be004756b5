/**
 * Capture ordering, steps 5–7 and after: plans, quote, Confirm (booking, technician match and
 * invoice in one transaction), the ledger (numbered invoices, tax lines, credit notes, credit used
 * first), who sees invoices, the PDF and the .ics, reschedule and cancel until 24 hours before the
 * start (test clock), and the emails, delivered to a real SMTP peer.
 */
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type {
  CancelResult,
  CaptureAccountList,
  Invoice,
  InvoiceList,
  Order,
  OrderList,
  PropertyDetailsInputIn,
  Quote,
  RescheduleResult,
} from '../../src/domain/capture.ts';
import { invoiceBilling } from '../../src/server/modules/capture/payments.ts';
import { configureCapture } from '../../src/server/modules/capture/services.ts';
import { captureApp, CONTACT, HOUSE, ORG, orderBody, SF } from './capture-helpers.ts';

type App = Awaited<ReturnType<typeof captureApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});
const open = async (options: Parameters<typeof captureApp>[0] = {}) => (app = await captureApp(options));

const TUE_8AM = '2030-01-08T16:00:00.000Z';
const LONDON = { countryCode: 'GB', streetAddress: '221B Baker St', city: 'London', postalCode: 'NW1 6XE' };

/** An app where the organization is on Professional and the owner has ordered a visit on Tuesday 08:00. */
async function withOrder(options: Parameters<typeof captureApp>[0] = {}) {
  const t = await open(options);
  expect((await t.call('owner', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'PROFESSIONAL' })).status).toBe(200);
  const held = await t.call('owner', 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start: TUE_8AM });
  const placed = await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ holdId: (held.json as { id: string }).id }));
  expect(placed.status).toBe(200);
  return { t, order: placed.json as unknown as Order };
}

describe('plans', () => {
  test('accounts start on Starter: ordering asks for an upgrade, which only an Owner can make', async () => {
    const t = await open();
    const accounts = (await t.call('member', 'GET', '/api/capture/accounts/')).json as unknown as CaptureAccountList;
    expect(accounts.defaultAccountId).toBe('acc-mia');
    expect(accounts.accounts.find((a) => a.accountId === ORG)).toMatchObject({
      role: 'MEMBER',
      plan: 'STARTER',
      planAllowsCapture: false,
      canUpgrade: false,
      canSeeInvoices: false,
    });
    const owner = (await t.call('owner', 'GET', '/api/capture/accounts/')).json as unknown as CaptureAccountList;
    expect(owner.defaultAccountId).toBe(ORG);
    expect(owner.accounts.map((a) => [a.name, a.role, a.isPersonal])).toEqual([
      ['Olivia Owner', 'OWNER', true],
      ['Acme Realty', 'OWNER', false],
    ]);

    const refused = await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: TUE_8AM }));
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: 'PLAN_UPGRADE_REQUIRED',
      message: 'Capture services are available on the Professional and Business plans. Upgrade your plan to place this order.',
    });
    for (const who of ['billing', 'member'] as const) {
      const r = await t.call(who, 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'BUSINESS' });
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({ message: 'Only an account Owner can change the plan.' });
    }
    expect((await t.call('outsider', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'BUSINESS' })).status).toBe(404);
    expect((await t.call('owner', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'BUSINESS' })).json).toMatchObject({
      plan: 'BUSINESS',
      planAllowsCapture: true,
    });
    expect((await t.call('owner', 'GET', `/api/capture/accounts/${ORG}/payment-methods/`)).json).toEqual({
      methods: [{ id: 'invoice', kind: 'INVOICE', label: 'Invoice billing to Acme Realty', isDefault: true }],
    });
  });
});

describe('quote and Confirm', () => {
  test("the quote: price by size, tax by the property's country, nothing charged yet", async () => {
    const t = await open();
    const q = (await t.call('owner', 'POST', '/api/capture/quote/', { address: LONDON, property: HOUSE })).json as unknown as Quote;
    expect(q).toMatchObject({
      accountId: ORG,
      plan: 'STARTER',
      planAllowsCapture: false,
      // A London property is priced in pounds (issue 26: the country's price list).
      startingPriceText: 'Starting at £199',
      priceNote: 'excludes tax and VAT',
      subtotal: { amount: 19_900, currency: 'GBP' },
      taxLines: [{ label: 'VAT 20%', rate: 0.2, amount: { amount: 3_980, currency: 'GBP' } }],
      total: { amount: 23_880 },
      creditApplied: { amount: 0 },
      amountDue: { amount: 23_880 },
    });
    expect(((await t.call('owner', 'POST', '/api/capture/quote/', { address: SF, property: HOUSE })).json as unknown as Quote).taxLines).toEqual([]);
  });

  test('Confirm books the time, matches the technician, issues a numbered invoice and queues the emails', async () => {
    const { t, order } = await withOrder();
    expect(order).toMatchObject({
      number: 'CAP-000001',
      accountId: ORG,
      accountName: 'Acme Realty',
      status: 'RECEIVED',
      plan: 'PROFESSIONAL',
      appointment: { start: TUE_8AM, end: '2030-01-08T17:00:00.000Z', timeZone: 'America/Los_Angeles', visitMinutes: 60, technicianName: 'Priya N.' },
      contact: { firstName: 'Sam', phoneE164: '+14155552671', accessInstructions: 'Key at the front desk' },
      property: { spaceCount: 2, totalSquareFeet: 2000 },
      price: { total: { amount: 24_900 }, amountDue: { amount: 24_900 } },
      canSeeInvoices: true,
      canChange: true,
      changeDeadline: '2030-01-07T16:00:00.000Z',
      calendarUrl: `/api/capture/orders/${order.id}/appointment.ics`,
    });
    expect(order.invoices).toHaveLength(1);
    expect(order.invoices?.[0]).toMatchObject({
      number: 'INV-2030-000001',
      kind: 'INVOICE',
      status: 'OPEN',
      total: { amount: 24_900 },
      dueAt: '2030-02-06T12:00:00.000Z',
    });
    const mail = await t.emails();
    expect(mail.map((m) => [m.topic, m.to])).toEqual([
      ['capture.order.confirmed', 'olivia@example.com'],
      ['capture.order.confirmed', CONTACT.email],
    ]);
    expect(mail[0]?.subject).toBe('Order received: your 3D capture visit on Tue, Jan 8, 2030, 8:00 AM PST');
    expect(mail[0]?.text).toContain('within 24 hours of the visit');
    // The hold became the booking: nobody else is offered 08:00.
    const a = (await t.call('member', 'POST', '/api/capture/availability/', { address: SF, property: HOUSE })).json as unknown as {
      days: { date: string; slots: { start: string }[] }[];
    };
    expect(a.days.find((d) => d.date === '2030-01-08')?.slots[0]?.start).toBe('2030-01-08T17:30:00.000Z');
    // A second order gets the next numbers.
    const second = await t.call(
      'owner',
      'POST',
      '/api/capture/orders/',
      orderBody({ start: '2030-01-09T16:00:00.000Z', address: SF, contact: { ...CONTACT, email: 'olivia@example.com', isMe: true } }),
    );
    expect(second.json).toMatchObject({ number: 'CAP-000002', invoices: [{ number: 'INV-2030-000002' }] });
    expect((await t.emails()).length).toBe(3); // the customer is the site contact: one email
  });

  test('Confirm is all or nothing: when billing fails, no order, no booking, the time stays free', async () => {
    const t = await open();
    await t.call('owner', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'PROFESSIONAL' });
    configureCapture(t.deps, {
      payments: {
        ...invoiceBilling,
        charge: () => Promise.reject(new Error('The card processor is down')),
      },
    });
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const r = await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: TUE_8AM }));
      expect(r.status).toBe(500);
    } finally {
      console.error = log;
    }
    expect(errors).toHaveLength(1);
    const count = async (table: string) =>
      Number(
        (
          await t.db.kysely
            .selectFrom(table as never)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([
      await count('capture_orders'),
      await count('capture_appointments'),
      await count('capture_technician_cells'),
      await count('capture_invoices'),
    ]).toEqual([0, 0, 0, 0]);
    expect(await t.emails()).toEqual([]);
    configureCapture(t.deps, { payments: invoiceBilling });
    expect((await t.call('member', 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start: TUE_8AM })).status).toBe(200);
  });

  test('Confirm re-checks what it is sent: terms, a time, the phone, the address', async () => {
    const t = await open();
    await t.call('owner', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'PROFESSIONAL' });
    const fields = async (body: unknown) =>
      ((await t.call('owner', 'POST', '/api/capture/orders/', body)).json as { extra: { fields: { path: string; message: string }[] } }).extra.fields;
    expect(await fields(orderBody({ start: TUE_8AM, acceptTerms: false as never }))).toEqual([
      { path: 'json.acceptTerms', message: 'Please accept the terms to place your order' },
    ]);
    expect(await fields(orderBody({}))).toEqual([{ path: 'json.start', message: 'Choose a time' }]);
    expect(await fields(orderBody({ start: TUE_8AM, contact: { ...CONTACT, phone: '12' } }))).toEqual([
      { path: 'json.contact.phone', message: 'Not a valid phone number' },
    ]);
    expect(
      (
        await t.call(
          'owner',
          'POST',
          '/api/capture/orders/',
          orderBody({ start: TUE_8AM, address: { ...SF, city: 'Anchorage', administrativeArea: 'AK', postalCode: '99501' } }),
        )
      ).json,
    ).toMatchObject({ code: 'ADDRESS_NOT_COVERED' });
    expect((await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: TUE_8AM, accountId: 'acc-otto' }))).status).toBe(404);
  });
});

describe('who sees invoices', () => {
  test('Owners and Billing Contacts: list, invoice and PDF; a plain member: 403; outsiders: 404', async () => {
    const { t, order } = await withOrder();
    const invoiceId = (order.invoices?.[0] as Invoice).id;
    for (const who of ['owner', 'billing'] as const) {
      const list = await t.call(who, 'GET', `/api/capture/accounts/${ORG}/invoices/`);
      expect(list.status).toBe(200);
      expect((list.json as unknown as InvoiceList).invoices.map((i) => i.number)).toEqual(['INV-2030-000001']);
      expect((await t.call(who, 'GET', `/api/capture/invoices/${invoiceId}/`)).json).toMatchObject({
        number: 'INV-2030-000001',
        orderNumber: 'CAP-000001',
        accountName: 'Acme Realty',
      });
    }
    const member = await t.call('member', 'GET', `/api/capture/accounts/${ORG}/invoices/`);
    expect(member.status).toBe(403);
    expect(member.json).toMatchObject({ code: 'FORBIDDEN', message: "Only the account's Owners and Billing Contacts can see invoices." });
    expect((await t.call('member', 'GET', `/api/capture/invoices/${invoiceId}/`)).status).toBe(403);
    expect((await t.call('member', 'GET', `/api/capture/invoices/${invoiceId}/pdf/`)).status).toBe(403);
    expect((await t.call('outsider', 'GET', `/api/capture/accounts/${ORG}/invoices/`)).status).toBe(404);
    expect((await t.call('outsider', 'GET', `/api/capture/invoices/${invoiceId}/`)).status).toBe(404);
    expect((await t.call(null, 'GET', `/api/capture/invoices/${invoiceId}/pdf/`)).status).toBe(401);
    // The member sees the order itself, without its invoices.
    const seen = (await t.call('member', 'GET', `/api/capture/orders/${order.id}/`)).json as unknown as Order;
    expect(seen).toMatchObject({ number: 'CAP-000001', canSeeInvoices: false, invoices: null });
    // Nor may they change it: the flag the page shows its buttons by is per viewer.
    expect(seen.canChange).toBe(false);
    expect(((await t.call('owner', 'GET', `/api/capture/orders/${order.id}/`)).json as unknown as Order).canChange).toBe(true);
    expect((await t.call('outsider', 'GET', `/api/capture/orders/${order.id}/`)).status).toBe(404);
  });

  test('the PDF is a PDF of that invoice', async () => {
    const { t, order } = await withOrder();
    const r = await t.call('billing', 'GET', `/api/capture/invoices/${(order.invoices?.[0] as Invoice).id}/pdf/`);
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toBe('application/pdf');
    expect(r.res.headers.get('content-disposition')).toBe('attachment; filename="INV-2030-000001.pdf"');
    const bytes = Buffer.from(await r.res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(bytes.length).toBeGreaterThan(1500);
    const text = pdfText(bytes);
    for (const words of [
      'Invoice',
      'INV-2030-000001',
      'CAP-000001',
      'Acme Realty',
      '1 Market St',
      'On-site capture, residential: 2 spaces, 2,000 sq. ft.',
      '$249.00',
      'Visit',
      'January 8, 2030',
      'Amount due',
    ]) {
      expect(text, words).toContain(words);
    }
  });
});

/** The text a PDF shows: its content streams inflated, each text object's hex strings decoded (pdfkit writes WinAnsi hex). */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1] as string, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const bt of content.matchAll(/BT([\s\S]*?)ET/g)) {
      out.push([...(bt[1] as string).matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1] as string, 'hex').toString('latin1')).join(''));
    }
  }
  return out.join('\n');
}

/** Unfolds and reads an iCalendar text into its VEVENT properties (RFC 5545 line folding). */
function parseIcs(text: string): Record<string, string> {
  expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const event: Record<string, string> = {};
  let inEvent = false;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') inEvent = true;
    else if (line === 'END:VEVENT') inEvent = false;
    else if (inEvent) {
      const i = line.indexOf(':');
      event[line.slice(0, i).split(';')[0] as string] = line.slice(i + 1);
    }
  }
  expect(lines).toContain('END:VCALENDAR');
  return event;
}

describe('the appointment calendar file', () => {
  test('.ics parses: the visit in UTC, the order, the place', async () => {
    const { t, order } = await withOrder();
    const r = await t.call('member', 'GET', order.calendarUrl);
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const event = parseIcs(await r.res.text());
    expect(event).toMatchObject({
      UID: `capture-${order.id}@discover`,
      DTSTART: '20300108T160000Z',
      DTEND: '20300108T170000Z',
      SUMMARY: '3D capture visit (CAP-000001)',
      STATUS: 'CONFIRMED',
      GEO: '37.7749;-122.4194',
    });
    expect(event['LOCATION']).toBe('1 Market St\\, San Francisco\\, California 94105\\, United States');
    expect(event['DESCRIPTION']).toContain('Times are in America/Los_Angeles.');
    expect((await t.call('outsider', 'GET', order.calendarUrl)).status).toBe(404);
  });
});

describe('reschedule and cancel until 24 hours before the start', () => {
  test('reschedule answers the prior and the new date, frees the old time and emails both people', async () => {
    const { t, order } = await withOrder();
    const r = await t.call('owner', 'POST', `/api/capture/orders/${order.id}/reschedule/`, { start: '2030-01-10T18:00:00.000Z' });
    expect(r.status).toBe(200);
    const result = r.json as unknown as RescheduleResult;
    expect(result.previousAppointment).toMatchObject({ start: TUE_8AM });
    expect(result.newAppointment).toMatchObject({ start: '2030-01-10T18:00:00.000Z', timeZone: 'America/Los_Angeles' });
    expect(result.order.appointment.start).toBe('2030-01-10T18:00:00.000Z');
    expect(result.order.status).toBe('RECEIVED');
    // The calendar file names the new time.
    const ics = await (await t.call('owner', 'GET', order.calendarUrl)).res.text();
    expect(ics).toContain('DTSTART:20300110T180000Z');
    const mail = (await t.emails()).filter((m) => m.topic === 'capture.order.rescheduled');
    expect(mail.map((m) => m.to)).toEqual(['olivia@example.com', CONTACT.email]);
    expect(mail[0]?.text).toContain('Before: Tue, Jan 8, 2030, 8:00 AM PST');
    expect(mail[0]?.text).toContain('Now: Thu, Jan 10, 2030, 10:00 AM PST');
    expect((await t.call('member', 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start: TUE_8AM })).status).toBe(200);
  });

  test('to a hold made for the order, even one overlapping its own time', async () => {
    const { t, order } = await withOrder();
    const availability = (await t.call('owner', 'POST', '/api/capture/availability/', { address: SF, property: HOUSE, orderId: order.id })).json as unknown as {
      days: { date: string; slots: { start: string }[] }[];
    };
    // The order's own time is offered when rescheduling it.
    expect(availability.days.find((d) => d.date === '2030-01-08')?.slots[0]?.start).toBe(TUE_8AM);
    const held = await t.call('owner', 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start: '2030-01-08T16:30:00.000Z', orderId: order.id });
    expect(held.status).toBe(200);
    const r = await t.call('owner', 'POST', `/api/capture/orders/${order.id}/reschedule/`, { holdId: (held.json as { id: string }).id });
    expect(r.status).toBe(200);
    expect((r.json as unknown as RescheduleResult).newAppointment.start).toBe('2030-01-08T16:30:00.000Z');
    // 08:30–09:30 plus travel: 10:00 is the next free start for anyone else.
    expect((await t.call('member', 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start: '2030-01-08T17:30:00.000Z' })).status).toBe(409);
    expect((await t.call('member', 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start: '2030-01-08T18:00:00.000Z' })).status).toBe(200);
  });

  test('within 24 hours of the start: reschedule and cancel are refused', async () => {
    const { t, order } = await withOrder();
    t.clock.set('2030-01-07T16:00:00.000Z'); // exactly 24 hours before
    for (const [path, body] of [
      ['reschedule', { start: '2030-01-10T18:00:00.000Z' }],
      ['cancel', undefined],
    ] as const) {
      const r = await t.call('owner', 'POST', `/api/capture/orders/${order.id}/${path}/`, body);
      expect(r.status).toBe(409);
      expect(r.json).toMatchObject({
        code: 'CHANGE_WINDOW_CLOSED',
        message: 'Orders can only be rescheduled or cancelled until 24 hours before the appointment.',
      });
    }
    expect(((await t.call('owner', 'GET', `/api/capture/orders/${order.id}/`)).json as unknown as Order).canChange).toBe(false);
    t.clock.set('2030-01-07T15:59:00.000Z');
    expect((await t.call('owner', 'POST', `/api/capture/orders/${order.id}/cancel/`)).status).toBe(200);
  });

  test('only the person who ordered or an Owner changes an order', async () => {
    const { t, order } = await withOrder();
    for (const who of ['billing', 'member'] as const) expect((await t.call(who, 'POST', `/api/capture/orders/${order.id}/cancel/`)).status).toBe(403);
    expect((await t.call('outsider', 'POST', `/api/capture/orders/${order.id}/cancel/`)).status).toBe(404);
    // Nor can they hold or look for times on its behalf.
    const forOrder = { address: SF, property: HOUSE, orderId: order.id };
    expect((await t.call('member', 'POST', '/api/capture/holds/', { ...forOrder, start: '2030-01-08T18:00:00.000Z' })).status).toBe(403);
    expect((await t.call('outsider', 'POST', '/api/capture/availability/', forOrder)).status).toBe(404);
  });

  test('cancel: a credit note for the whole order, the balance on the dashboard, used first on the next order', async () => {
    const { t, order } = await withOrder();
    const r = await t.call('owner', 'POST', `/api/capture/orders/${order.id}/cancel/`);
    expect(r.status).toBe(200);
    const cancelled = r.json as unknown as CancelResult;
    expect(cancelled.order.status).toBe('CANCELLED');
    expect(cancelled.credited).toEqual({ amount: 24_900, currency: 'USD' });
    expect(cancelled.creditBalance).toEqual({ amount: 24_900, currency: 'USD' });
    expect(cancelled.creditNote).toMatchObject({
      number: 'CN-2030-000001',
      kind: 'CREDIT_NOTE',
      total: { amount: -24_900 },
      creditsInvoiceId: order.invoices?.[0]?.id,
      creditsInvoiceNumber: 'INV-2030-000001',
    });
    expect(cancelled.order.invoices?.find((i) => i.kind === 'INVOICE')?.status).toBe('CREDITED');
    expect((await t.emails()).filter((m) => m.topic === 'capture.order.cancelled').map((m) => m.to)).toEqual(['olivia@example.com', CONTACT.email]);
    expect((await t.call('owner', 'POST', `/api/capture/orders/${order.id}/cancel/`)).json).toMatchObject({ code: 'CHANGE_WINDOW_CLOSED' });
    // The time is free again.
    expect((await t.call('member', 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start: TUE_8AM })).status).toBe(200);

    const dashboard = (await t.call('billing', 'GET', '/api/capture/orders/')).json as unknown as OrderList;
    expect(dashboard.orders.map((o) => [o.number, o.status])).toEqual([['CAP-000001', 'CANCELLED']]);
    expect(dashboard.accounts.find((a) => a.accountId === ORG)?.creditBalance).toEqual({ amount: 24_900, currency: 'USD' });

    // A bigger order next: the credit goes first, the rest is due.
    const bigger: PropertyDetailsInputIn = { propertyType: 'RESIDENTIAL', unit: 'SQUARE_FT', spaces: [{ name: 'Villa', size: 4000 }] };
    const quote = (await t.call('owner', 'POST', '/api/capture/quote/', { address: SF, property: bigger })).json as unknown as Quote;
    expect(quote).toMatchObject({ total: { amount: 39_900 }, creditApplied: { amount: 24_900 }, amountDue: { amount: 15_000 } });
    const next = (await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: '2030-01-09T16:00:00.000Z', property: bigger })))
      .json as unknown as Order;
    expect(next.price).toMatchObject({ total: { amount: 39_900 }, creditApplied: { amount: 24_900 }, amountDue: { amount: 15_000 } });
    expect(next.invoices?.[0]).toMatchObject({ number: 'INV-2030-000002', status: 'OPEN', creditApplied: { amount: 24_900 }, amountDue: { amount: 15_000 } });
    const after = (await t.call('owner', 'GET', '/api/capture/accounts/')).json as unknown as CaptureAccountList;
    expect(after.accounts.find((a) => a.accountId === ORG)?.creditBalance.amount).toBe(0);
  });

  test('an order fully paid by credit is PAID at once', async () => {
    const { t, order } = await withOrder();
    await t.call('owner', 'POST', `/api/capture/orders/${order.id}/cancel/`);
    const next = (await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: '2030-01-09T16:00:00.000Z' }))).json as unknown as Order;
    expect(next.price.amountDue.amount).toBe(0);
    expect(next.invoices?.[0]?.status).toBe('PAID');
  });

  test('administrators advance the status; a captured order can no longer change', async () => {
    const { t, order } = await withOrder();
    for (const status of ['TECHNICIAN_ASSIGNED', 'SCHEDULED', 'CAPTURED'] as const) {
      expect((await t.call('admin', 'POST', `/admin/api/capture/orders/${order.id}/status/`, { status })).json).toMatchObject({ status });
    }
    const seen = (await t.call('owner', 'GET', `/api/capture/orders/${order.id}/`)).json as unknown as Order;
    expect(seen.statusHistory.map((s) => s.status)).toEqual(['RECEIVED', 'TECHNICIAN_ASSIGNED', 'SCHEDULED', 'CAPTURED']);
    expect(seen.canChange).toBe(false);
    expect((await t.call('owner', 'POST', `/api/capture/orders/${order.id}/cancel/`)).json).toMatchObject({ code: 'CHANGE_WINDOW_CLOSED' });
    expect((await t.call('owner', 'POST', `/admin/api/capture/orders/${order.id}/status/`, { status: 'DELIVERED' })).status).toBe(403);
  });
});

describe('emails at a real SMTP peer', () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  test('confirmation to the customer and the site contact, then the cancellation', async () => {
    const { t, order } = await withOrder({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    await t.outbox.runOnce();
    await t.call('owner', 'POST', `/api/capture/orders/${order.id}/cancel/`);
    await t.outbox.runOnce();
    expect(received.map((m) => m.to)).toEqual([['olivia@example.com'], [CONTACT.email], ['olivia@example.com'], [CONTACT.email]]);
    // Long header lines are folded (RFC 5322): unfold before reading the subject.
    const subjects = received.map((m) => /^Subject: (.*)$/m.exec(m.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]);
    expect(subjects).toEqual([
      'Order received: your 3D capture visit on Tue, Jan 8, 2030, 8:00 AM PST',
      'Order received: your 3D capture visit on Tue, Jan 8, 2030, 8:00 AM PST',
      'Cancelled: your 3D capture visit (CAP-000001)',
      'Cancelled: your 3D capture visit (CAP-000001)',
    ]);
    expect(received[1]?.raw).toContain('Hello Sam,');
    // Bodies may be quoted-printable: undo soft line breaks and =XX escapes.
    const body = (raw = '') => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(body(received[2]?.raw)).toContain('$249 was added to the credit of Acme Realty');
  });
});
