import type { RouteHandler } from '@hono/zod-openapi';
import { EXCLUDES_TAX_NOTE } from '../../../domain/capture-rules.ts';
import { requireUser } from '../auth/guards.ts';
import type { AppEnv, Deps, SessionUser } from '../../context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { accountRoles, accountView, canSeeInvoices, creditBalance, defaultAccount, invoicesForbidden, planOf, roleIn, setPlan } from './accounts.ts';
import { appointmentIcs } from './calendar.ts';
import { findInvoiceRef, findOrderVisit } from './capture.queries.ts';
import { checkProperty, coveredAddress } from './coverage.ts';
import { orderPageUrl } from './emails.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { cancelOrder, getOrder as readOrder, listOrders, placeOrder, rescheduleOrder } from './orders.ts';
import { invoicesOf } from './payments.ts';
import { money, planAllowsCapture, priceOrder, startingAtText } from './pricing.ts';
import { captureServices } from './services.ts';
import { parseJson } from './store.ts';
import type { CheckedAddress } from '../../../domain/capture.ts';
import type * as r from './capture-orders.routes.ts';

/** GET /api/capture/accounts/ */
export const getAccounts: RouteHandler<typeof r.getAccounts, AppEnv> = async (c) => {
  const user = requireUser(c);
  const db = c.get('deps').db.kysely;
  const roles = await accountRoles(db, user.id);
  const accounts = [];
  for (const role of roles) accounts.push(await accountView(db, role));
  return c.json({ accounts, defaultAccountId: defaultAccount(roles)?.accountId ?? user.accountId }, 200);
};

/** POST /api/capture/accounts/{accountId}/plan/ */
export const postPlan: RouteHandler<typeof r.postPlan, AppEnv> = async (c) => {
  const user = requireUser(c);
  const deps = c.get('deps');
  const db = deps.db.kysely;
  const role = await roleIn(db, user.id, c.req.valid('param').accountId);
  if (role.role !== 'OWNER') throw forbidden('Only an account Owner can change the plan.');
  await setPlan(db, role.accountId, c.req.valid('json').plan, user.id, captureServices(deps).clock.now());
  return c.json(await accountView(db, role), 200);
};

/** GET /api/capture/accounts/{accountId}/payment-methods/ */
export const getPaymentMethods: RouteHandler<typeof r.getPaymentMethods, AppEnv> = async (c) => {
  const user = requireUser(c);
  const deps = c.get('deps');
  const role = await roleIn(deps.db.kysely, user.id, c.req.valid('param').accountId);
  return c.json({ methods: captureServices(deps).payments.methods(role.name) }, 200);
};

/** GET /api/capture/accounts/{accountId}/invoices/ */
export const getInvoices: RouteHandler<typeof r.getInvoices, AppEnv> = async (c) => {
  const user = requireUser(c);
  const db = c.get('deps').db.kysely;
  const role = await roleIn(db, user.id, c.req.valid('param').accountId);
  if (!canSeeInvoices(role.role)) throw invoicesForbidden();
  c.header('Cache-Control', 'private, no-store');
  return c.json({ invoices: await invoicesOf(db, { accountId: role.accountId }) }, 200);
};

/** POST /api/capture/quote/ */
export const postQuote: RouteHandler<typeof r.postQuote, AppEnv> = async (c) => {
  const user = requireUser(c);
  const deps = c.get('deps');
  const input = c.req.valid('json');
  const db = deps.db.kysely;
  const roles = await accountRoles(db, user.id);
  const role = input.accountId ? roles.find((x) => x.accountId === input.accountId) : defaultAccount(roles);
  if (!role) throw notFound('Account');
  const located = await coveredAddress(deps, user, input.address, 'json.address');
  const property = checkProperty(input.property);
  const price = priceOrder(property, located.address.countryCode);
  const plan = await planOf(db, role.accountId);
  const credit = Math.max(0, (await creditBalance(db, role.accountId, price.total.currency)).amount);
  const creditApplied = Math.min(credit, price.total.amount);
  return c.json(
    {
      accountId: role.accountId,
      plan,
      planAllowsCapture: planAllowsCapture(plan),
      // In the country's currency, as the order will be (the property check alone does not know the country).
      startingPrice: price.subtotal,
      startingPriceText: startingAtText(price.subtotal),
      priceNote: EXCLUDES_TAX_NOTE,
      lines: price.lines,
      subtotal: price.subtotal,
      taxLines: price.taxLines,
      total: price.total,
      creditApplied: money(creditApplied, price.total.currency),
      amountDue: money(price.total.amount - creditApplied, price.total.currency),
    },
    200,
  );
};

/** POST /api/capture/orders/ */
export const postOrder: RouteHandler<typeof r.postOrder, AppEnv> = async (c) => {
  const user = requireUser(c);
  return c.json(await placeOrder(c.get('deps'), user, c.req.valid('json')), 200);
};

/** GET /api/capture/orders/ */
export const getOrders: RouteHandler<typeof r.getOrders, AppEnv> = async (c) => {
  const user = requireUser(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json(await listOrders(c.get('deps'), user), 200);
};

/** GET /api/capture/orders/{orderId}/ */
export const getOrder: RouteHandler<typeof r.getOrder, AppEnv> = async (c) => {
  const user = requireUser(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json(await readOrder(c.get('deps'), user, c.req.valid('param').orderId), 200);
};

/** POST /api/capture/orders/{orderId}/reschedule/ */
export const postReschedule: RouteHandler<typeof r.postReschedule, AppEnv> = async (c) => {
  const user = requireUser(c);
  return c.json(await rescheduleOrder(c.get('deps'), user, c.req.valid('param').orderId, c.req.valid('json')), 200);
};

/** POST /api/capture/orders/{orderId}/cancel/ */
export const postCancel: RouteHandler<typeof r.postCancel, AppEnv> = async (c) => {
  const user = requireUser(c);
  return c.json(await cancelOrder(c.get('deps'), user, c.req.valid('param').orderId), 200);
};

/** GET /api/capture/orders/{orderId}/appointment.ics */
export const getOrderCalendar: RouteHandler<typeof r.getOrderCalendar, AppEnv> = async (c) => {
  const user = requireUser(c);
  const deps = c.get('deps');
  const order = await readOrder(deps, user, c.req.valid('param').orderId);
  const ics = appointmentIcs(order, orderPageUrl(deps.env.publicOrigin, order.id));
  return c.body(ics, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="capture-${order.number}.ics"`,
    'Cache-Control': 'private, no-store',
  });
};

/** The visit's day in the property's zone, as an invoice names the service date. */
const visitDay = (start: string, timeZone: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(start));

/** The invoice, for an Owner or Billing Contact of its account (403 for a member, 404 for anyone else). */
async function readableInvoice(deps: Deps, user: SessionUser, invoiceId: string) {
  const db = deps.db.kysely;
  const row = await findInvoiceRef(db, invoiceId);
  if (!row) throw notFound('Invoice');
  const role = (await accountRoles(db, user.id)).find((x) => x.accountId === row.accountId);
  if (!role) throw notFound('Invoice');
  if (!canSeeInvoices(role.role)) throw invoicesForbidden();
  const invoice = (await invoicesOf(db, { orderIds: [row.orderId] })).find((i) => i.id === row.id);
  if (!invoice) throw notFound('Invoice');
  const order = await findOrderVisit(db, row.orderId);
  return { invoice, address: parseJson<CheckedAddress>(order.address).formatted, visit: visitDay(order.start, order.timeZone) };
}

/** GET /api/capture/invoices/{invoiceId}/ */
export const getInvoice: RouteHandler<typeof r.getInvoice, AppEnv> = async (c) => {
  const { invoice } = await readableInvoice(c.get('deps'), requireUser(c), c.req.valid('param').invoiceId);
  c.header('Cache-Control', 'private, no-store');
  return c.json(invoice, 200);
};

/** GET /api/capture/invoices/{invoiceId}/pdf/ */
export const getInvoicePdf: RouteHandler<typeof r.getInvoicePdf, AppEnv> = async (c) => {
  const { invoice, address, visit } = await readableInvoice(c.get('deps'), requireUser(c), c.req.valid('param').invoiceId);
  const pdf = await invoicePdf(invoice, { address, billedTo: invoice.accountName, visit });
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${invoice.number}.pdf"`,
    'Cache-Control': 'private, no-store',
  });
};
