import type { RouteHandler } from '@hono/zod-openapi';
import {
  COVERED_MESSAGE,
  DELIVERY_HOURS,
  EXCLUDES_TAX_NOTE,
  MAX_PROPERTY_SQFT,
  NOTIFY_ME_MESSAGE,
  SALES_CONTACT_MESSAGE,
} from '../../../domain/capture-rules.ts';
import { requireUser } from '../auth/guards.ts';
import type { AppEnv } from '../../context.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { addressFormat, countries } from './address-formats.ts';
import { claim, releaseAppointment } from './availability.ts';
import { availability } from './availability.ts';
import { checkContact } from './contact.ts';
import { checkProperty, coveredAddress, locateAddress } from './coverage.ts';
import { PLANS_WITH_CAPTURE, PRICE_TIERS, lowestPrice, money, startingAtText } from './pricing.ts';
import { accountRoles } from './accounts.ts';
import { assertHoldAllowed, assertPersonOrdersAllowed, captureLimits, lockScopes } from './limits.ts';
import { captureServices } from './services.ts';
import { activeTechnicians, ensureTechnicians, servedAreas } from './technicians.ts';
import { storeCaptureUpload } from './uploads.ts';
import { appointmentToMove } from './orders.ts';
import { ApiError } from '../../platform/errors.ts';
import type * as r from './capture.routes.ts';
import { addNotifyRequest, findAppointment, insertSalesContact, listHoldIds } from './capture.queries.ts';

/** GET /api/capture/landing/ */
export const getLanding: RouteHandler<typeof r.getLanding, AppEnv> = async (c) => {
  const deps = c.get('deps');
  await ensureTechnicians(deps.db.kysely, captureServices(deps).clock.now());
  const start = lowestPrice();
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(
    {
      startingPrice: start,
      startingPriceText: startingAtText(start),
      priceNote: EXCLUDES_TAX_NOTE,
      priceTiers: PRICE_TIERS.map((t) => ({ upToSquareFeet: t.upTo, price: money(t.cents) })),
      maxPropertySquareFeet: MAX_PROPERTY_SQFT,
      deliveryHours: DELIVERY_HOURS,
      plansWithCapture: [...PLANS_WITH_CAPTURE],
      servedAreas: servedAreas(await activeTechnicians(deps.db.kysely)),
    },
    200,
  );
};

/** GET /api/capture/countries/ */
export const getCountries: RouteHandler<typeof r.getCountries, AppEnv> = (c) => {
  // The address step opens with this list: a good moment to load the gazetteer the check needs.
  captureServices(c.get('deps')).geocoder.warm?.();
  c.header('Cache-Control', 'public, max-age=86400');
  return c.json({ countries: countries() }, 200);
};

/** GET /api/capture/countries/{countryCode}/ */
export const getAddressFormat: RouteHandler<typeof r.getAddressFormat, AppEnv> = (c) => {
  const format = addressFormat(c.req.valid('param').countryCode);
  if (!format) throw notFound('Country');
  c.header('Cache-Control', 'public, max-age=86400');
  return c.json(format, 200);
};

/** POST /api/capture/address/check/ */
export const postAddressCheck: RouteHandler<typeof r.postAddressCheck, AppEnv> = async (c) => {
  const { address } = await coveredAddress(c.get('deps'), c.get('user'), c.req.valid('json'), 'json');
  return c.json({ outcome: 'COVERED' as const, message: COVERED_MESSAGE, address }, 200);
};

/** POST /api/capture/notify-me/ */
export const postNotifyMe: RouteHandler<typeof r.postNotifyMe, AppEnv> = async (c) => {
  const deps = c.get('deps');
  const input = c.req.valid('json');
  const { address } = await locateAddress(deps, input.address, 'json.address');
  const now = captureServices(deps).clock.now();
  const email = input.email.toLowerCase();
  await addNotifyRequest(deps.db.kysely, { userId: c.get('user')?.id ?? null, firstName: input.firstName, lastName: input.lastName, email, address }, now);
  return c.json({ message: NOTIFY_ME_MESSAGE }, 200);
};

/** POST /api/capture/sales-contact/ */
export const postSalesContact: RouteHandler<typeof r.postSalesContact, AppEnv> = async (c) => {
  const deps = c.get('deps');
  const input = c.req.valid('json');
  const now = captureServices(deps).clock.now();
  let totalSquareFeet: number | null = null;
  if (input.property?.spaces.length) {
    const { propertyTotals } = await import('../../../domain/capture-rules.ts');
    totalSquareFeet = propertyTotals(input.property.spaces, input.property.unit).totalSquareFeet;
  }
  await insertSalesContact(deps.db.kysely, {
    userId: c.get('user')?.id ?? null,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    company: input.company,
    message: input.message,
    details: JSON.stringify({ address: input.address ?? null, property: input.property ?? null }),
    totalSquareFeet,
    createdAt: now.toISOString(),
  });
  return c.json({ message: SALES_CONTACT_MESSAGE }, 200);
};

/** POST /api/capture/property/check/ */
export const postPropertyCheck: RouteHandler<typeof r.postPropertyCheck, AppEnv> = (c) => c.json(checkProperty(c.req.valid('json')), 200);

/** POST /api/capture/availability/ */
export const postAvailability: RouteHandler<typeof r.postAvailability, AppEnv> = async (c) => {
  const deps = c.get('deps');
  const user = requireUser(c);
  const input = c.req.valid('json');
  const located = await coveredAddress(deps, user, input.address, 'json.address');
  const property = checkProperty(input.property);
  const db = deps.db.kysely;
  const ignore = input.orderId ? await appointmentToMove(deps, user, input.orderId) : undefined;
  const answer = await availability(db, located.technicians, {
    timeZone: located.address.timeZone,
    from: input.from,
    days: input.days,
    minutes: property.visitMinutes,
    now: captureServices(deps).clock.now(),
    ignoreAppointmentId: ignore,
  });
  c.header('Cache-Control', 'no-store');
  return c.json(answer, 200);
};

/** POST /api/capture/holds/ */
export const postHold: RouteHandler<typeof r.postHold, AppEnv> = async (c) => {
  const deps = c.get('deps');
  const user = requireUser(c);
  const input = c.req.valid('json');
  const located = await coveredAddress(deps, user, input.address, 'json.address');
  const property = checkProperty(input.property);
  const db = deps.db.kysely;
  const { clock } = captureServices(deps);
  const ignore = input.orderId ? await appointmentToMove(deps, user, input.orderId) : undefined;
  const accounts = await accountRoles(db, user.id);
  const held = await db.transaction().execute(async (tx) => {
    const now = clock.now();
    await lockScopes(
      tx,
      user.id,
      accounts.map((a) => a.accountId),
    );
    const limits = captureLimits(deps.env);
    // A new order's time (not a reschedule's) is no use to someone who may not place another order.
    if (!input.orderId) await assertPersonOrdersAllowed(tx, limits, user.id, now);
    await assertHoldAllowed(tx, limits, user.id, accounts, now);
    // One live hold per person: choosing another time lets the previous one go.
    const previous = await listHoldIds(tx, user.id);
    for (const p of previous) await releaseAppointment(tx, p.id, now);
    const result = await claim(tx, located.technicians, {
      start: new Date(input.start),
      minutes: property.visitMinutes,
      userId: user.id,
      now,
      status: 'HOLD',
      request: { address: input.address, property: input.property, orderId: input.orderId ?? null },
      // When rescheduling, the new time may overlap the order's own: those cells stay the order's until it moves.
      sharedAppointmentId: ignore,
    });
    if (!result) throw new ApiError('SLOT_UNAVAILABLE', 'This time was just booked by someone else. Please choose another time.');
    return result;
  });
  return c.json(
    {
      id: held.appointmentId,
      start: held.start.toISOString(),
      end: held.end.toISOString(),
      timeZone: located.address.timeZone,
      visitMinutes: property.visitMinutes,
      expiresAt: (held.expiresAt as Date).toISOString(),
    },
    200,
  );
};

/** DELETE /api/capture/holds/{holdId}/ */
export const deleteHold: RouteHandler<typeof r.deleteHold, AppEnv> = async (c) => {
  const deps = c.get('deps');
  const user = requireUser(c);
  const db = deps.db.kysely;
  const { holdId } = c.req.valid('param');
  const hold = await findAppointment(db, holdId);
  if (!hold || hold.userId !== user.id || hold.status !== 'HOLD') throw notFound('Hold');
  await db.transaction().execute((tx) => releaseAppointment(tx, hold.id, captureServices(deps).clock.now()));
  return c.body(null, 204);
};

/** POST /api/capture/contact/check/ */
export const postContactCheck: RouteHandler<typeof r.postContactCheck, AppEnv> = (c) => {
  const { countryCode, contact } = c.req.valid('json');
  if (!addressFormat(countryCode)) throw invalid('json.countryCode', 'Please enter Country');
  return c.json(checkContact(contact, countryCode, 'json.contact'), 200);
};

/** POST /api/capture/uploads/ */
export const postUpload: RouteHandler<typeof r.postUpload, AppEnv> = async (c) => {
  const user = requireUser(c);
  const { file } = c.req.valid('form');
  return c.json(await storeCaptureUpload(c.get('deps'), user.id, file), 200);
};
