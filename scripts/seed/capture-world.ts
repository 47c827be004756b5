import type { Insertable, Kysely } from 'kysely';
import { TECHNICIAN_FLAG } from '../../src/domain/capture-delivery.ts';
import type { CheckedAddress, CheckedContact, OrderStatus } from '../../src/domain/capture.ts';
import { cellsOf } from '../../src/server/modules/capture/availability.ts';
import { summarizeProperty } from '../../src/server/modules/capture/pricing.ts';
import { localDate } from '../../src/server/modules/capture/time.ts';
import { ensureTechnicians } from '../../src/server/modules/capture/technicians.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { EMPTY_PROFILE } from '../../src/server/modules/profiles/empty-profile.ts';

/**
 * The capture service's demo world (issue 24): the technician sign-in `tech@example.com` (the San
 * Francisco Bay Area technician; every served area has its technician from `ensureTechnicians`)
 * and orders of the demo owner's organization in every state around today: one to come, one
 * assigned, today's visit for the technician, one captured and waiting (late), two delivered (their
 * spaces are PRIVATE copies of the organization's spaces with those spaces' demo tours), one cancelled.
 */

/** The technician's demo sign-in (password as the other demo people). */
export const TECHNICIAN_SIGN_IN = {
  email: 'tech@example.com',
  role: 'technician, San Francisco Bay Area (/admin/jobs)',
  firstName: 'Priya',
  lastName: 'Natarajan',
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A demo visit's start: `offset` from `now`, on the half hour so it sits on the technicians' grid.
 * Today's visit (`todayIn`: its time zone) stays on today's date there: two hours from 22:00 in San
 * Francisco is tomorrow, so it takes today's last half hour instead (already begun, if need be).
 */
export function demoVisitStart(now: Date, offset: number, todayIn: string | null): Date {
  let start = Math.round((now.getTime() + offset) / (30 * 60_000)) * 30 * 60_000;
  while (todayIn && localDate(new Date(start), todayIn) !== localDate(now, todayIn)) start -= 30 * 60_000;
  return new Date(start);
}

interface DemoOrder {
  status: OrderStatus;
  /** The visit's start from now. */
  in: number;
  /** Today's visit: kept on today's date where it happens, however late in the day the world is seeded. */
  today?: true;
  technicianId: string;
  address: Omit<CheckedAddress, 'timeZone' | 'isResidence' | 'suiteUnit' | 'neighborhood' | 'sortingCode'>;
  timeZone: string;
  spaces: { name: string; size: number }[];
  access: string;
}

const SF = (street: string, postalCode: string) => ({
  countryCode: 'US',
  streetAddress: street,
  city: 'San Francisco',
  administrativeArea: 'CA',
  postalCode,
  countryName: 'United States',
  formatted: [street, `San Francisco, CA ${postalCode}`, 'United States'],
  place: 'San Francisco, CA, United States',
  location: { lat: 37.7749, long: -122.4194 },
});

const ORDERS: DemoOrder[] = [
  {
    status: 'RECEIVED',
    in: 5 * DAY,
    technicianId: 'tech-san-francisco',
    address: SF('500 Howard St', '94105'),
    timeZone: 'America/Los_Angeles',
    spaces: [{ name: 'Office', size: 3200 }],
    access: 'Ask for Dana at the front desk.',
  },
  {
    status: 'TECHNICIAN_ASSIGNED',
    in: 3 * DAY,
    technicianId: 'tech-london',
    address: {
      countryCode: 'GB',
      streetAddress: '10 Gresham St',
      city: 'London',
      administrativeArea: '',
      postalCode: 'EC2V 7JD',
      countryName: 'United Kingdom',
      formatted: ['10 Gresham St', 'London', 'EC2V 7JD', 'United Kingdom'],
      place: 'London, GB',
      location: { lat: 51.5074, long: -0.1278 },
    },
    timeZone: 'Europe/London',
    spaces: [{ name: 'Gallery', size: 1800 }],
    access: 'Loading bay on Wood Street; the lift needs a key from security.',
  },
  {
    status: 'SCHEDULED',
    in: 2 * HOUR,
    today: true,
    technicianId: 'tech-san-francisco',
    address: SF('1 Market St', '94105'),
    timeZone: 'America/Los_Angeles',
    spaces: [
      { name: 'Main space', size: 2400 },
      { name: 'Roof terrace', size: 600 },
    ],
    access: 'Key box at the side gate, code 4821. Please keep the cat inside.',
  },
  {
    status: 'CAPTURED',
    in: -30 * HOUR,
    technicianId: 'tech-san-francisco',
    address: SF('2100 Mission St', '94110'),
    timeZone: 'America/Los_Angeles',
    spaces: [{ name: 'Shop', size: 1500 }],
    access: 'Open from 9; ring the bell.',
  },
  {
    status: 'DELIVERED',
    in: -6 * DAY,
    technicianId: 'tech-san-francisco',
    address: SF('88 King St', '94107'),
    timeZone: 'America/Los_Angeles',
    spaces: [{ name: 'Apartment', size: 1100 }],
    access: 'Concierge has the key.',
  },
  {
    status: 'DELIVERED',
    in: -12 * DAY,
    technicianId: 'tech-new-york',
    address: {
      countryCode: 'US',
      streetAddress: '350 5th Ave',
      city: 'New York',
      administrativeArea: 'NY',
      postalCode: '10118',
      countryName: 'United States',
      formatted: ['350 5th Ave', 'New York, NY 10118', 'United States'],
      place: 'New York, NY, United States',
      location: { lat: 40.7128, long: -74.006 },
    },
    timeZone: 'America/New_York',
    spaces: [{ name: 'Showroom', size: 5200 }],
    access: 'Security desk in the lobby.',
  },
  {
    status: 'CANCELLED',
    in: 4 * DAY,
    technicianId: 'tech-san-francisco',
    address: SF('1 Ferry Building', '94111'),
    timeZone: 'America/Los_Angeles',
    spaces: [{ name: 'Stall', size: 400 }],
    access: '',
  },
];

/** Options of {@link seedCaptureWorld}. */
export interface CaptureWorldOptions {
  /** The real time: the orders sit around it, so today's job is today. */
  now: Date;
  createCredential?: ((user: { id: string; email: string; password: string }) => Promise<void>) | undefined;
  password: string;
  log?: ((line: string) => void) | undefined;
}

/** Seeds the technician's sign-in and the demo orders once (nothing when the technician's person exists, or the demo owner does not). */
export async function seedCaptureWorld(db: Kysely<Database>, opts: CaptureWorldOptions): Promise<boolean> {
  if (await db.selectFrom('users').select('id').where('email', '=', TECHNICIAN_SIGN_IN.email).executeTakeFirst()) return false;
  const owner = await db.selectFrom('users').select(['id', 'email', 'firstName', 'lastName']).where('email', '=', 'owner@example.com').executeTakeFirst();
  const org = owner
    ? await db
        .selectFrom('memberships as m')
        .innerJoin('accounts as a', 'a.id', 'm.accountId')
        .select('a.id')
        .where('m.userId', '=', owner.id)
        .where('m.role', '=', 'OWNER')
        .where('a.isPersonal', '=', 0)
        .orderBy('a.id')
        .executeTakeFirst()
    : undefined;
  if (!owner || !org) return false;
  const now = opts.now;
  const stamp = now.toISOString();
  await ensureTechnicians(db, now);

  const techUser = 'demo-technician-user';
  const techAccount = 'demo-technician-account';
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('accounts')
      .values({
        id: techAccount,
        sid: 'demotechac',
        name: `${TECHNICIAN_SIGN_IN.firstName} ${TECHNICIAN_SIGN_IN.lastName}`,
        status: 'ACTIVE',
        isPersonal: 1,
        flags: '[]',
        ...EMPTY_PROFILE,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    await tx
      .insertInto('users')
      .values({
        id: techUser,
        sid: 'demotechus',
        email: TECHNICIAN_SIGN_IN.email,
        firstName: TECHNICIAN_SIGN_IN.firstName,
        lastName: TECHNICIAN_SIGN_IN.lastName,
        username: 'priya-natarajan-tech',
        accountId: techAccount,
        isPrivileged: 0,
        isStaff: 0,
        flags: JSON.stringify([TECHNICIAN_FLAG]),
        status: 'ACTIVE',
        preparedAt: stamp,
        ...EMPTY_PROFILE,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    await tx
      .insertInto('memberships')
      .values({ userId: techUser, accountId: techAccount, role: 'OWNER', flags: '[]', createdAt: stamp, updatedAt: stamp })
      .execute();
    await tx.updateTable('capture_technicians').set({ userId: techUser, email: TECHNICIAN_SIGN_IN.email }).where('id', '=', 'tech-san-francisco').execute();

    // Delivered orders' spaces: PRIVATE copies of the organization's spaces that have a demo tour, sharing that tour's model.
    const toured = await tx
      .selectFrom('spaces as s')
      .innerJoin('space_tours as st', 'st.spaceId', 's.id')
      .selectAll('s')
      .select(['st.tourModelId', 'st.tags as tourTags'])
      .where('s.organizationId', '=', org.id)
      .orderBy('s.id')
      .limit(2)
      .execute();

    const techs = new Map(
      (await tx.selectFrom('capture_technicians').select(['id', 'travelBufferMinutes']).execute()).map((t) => [t.id, Number(t.travelBufferMinutes)]),
    );
    let delivered = 0;
    for (const [i, o] of ORDERS.entries()) {
      const id = `demo-order-${i + 1}`;
      const property = summarizeProperty({ propertyType: 'RESIDENTIAL', unit: 'SQUARE_FT', spaces: o.spaces });
      const start = demoVisitStart(now, o.in, o.today ? o.timeZone : null);
      const end = new Date(start.getTime() + property.visitMinutes * 60_000);
      const address: CheckedAddress = { ...o.address, suiteUnit: '', neighborhood: '', sortingCode: '', isResidence: false, timeZone: o.timeZone };
      const contact: CheckedContact = {
        isMe: false,
        firstName: 'Sam',
        lastName: 'Site',
        email: 'site.contact@example.com',
        phone: '+1 415 555 0134',
        phoneE164: '+14155550134',
        phoneDisplay: '(415) 555-0134',
        accessInstructions: o.access,
      };
      const history: { status: OrderStatus; at: string; note?: string }[] = [{ status: 'RECEIVED', at: new Date(start.getTime() - 7 * DAY).toISOString() }];
      const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
      let arrivedAt: string | null = null;
      let capturedAt: string | null = null;
      let deliveredAt: string | null = null;
      let spaceId: string | null = null;
      if (o.status !== 'RECEIVED' && o.status !== 'CANCELLED') history.push({ status: 'TECHNICIAN_ASSIGNED', at: at(-6 * DAY) });
      if (o.status === 'SCHEDULED' || o.status === 'CAPTURED' || o.status === 'DELIVERED') history.push({ status: 'SCHEDULED', at: at(-5 * DAY) });
      if (o.status === 'CAPTURED' || o.status === 'DELIVERED') {
        arrivedAt = at(-5 * 60_000);
        capturedAt = end.toISOString();
        history.push({ status: 'SCHEDULED', at: arrivedAt, note: 'Technician arrived' }, { status: 'CAPTURED', at: capturedAt });
      }
      const source = o.status === 'DELIVERED' ? toured[delivered++] : undefined;
      if (o.status === 'DELIVERED' && source) {
        deliveredAt = at(property.visitMinutes * 60_000 + (delivered === 1 ? 9 : 20) * HOUR);
        history.push({ status: 'DELIVERED', at: deliveredAt });
        spaceId = `demo-delivered-${delivered}`;
        const { tourModelId, tourTags, ...space } = source;
        await tx
          .insertInto('spaces')
          .values({
            ...space,
            id: spaceId,
            modelId: `DemoTwin00${delivered}`,
            slug: `${space.slug}-digital-twin`,
            name: `${o.address.streetAddress} (digital twin)`,
            visibility: 'PRIVATE',
            ownerUserId: owner.id,
            organizationId: org.id,
            views: 0,
            createdAt: deliveredAt,
            updatedAt: deliveredAt,
          })
          .execute();
        await tx.insertInto('space_tours').values({ spaceId, tourModelId, tags: tourTags, updatedAt: deliveredAt }).execute();
      }
      if (o.status === 'CANCELLED') history.push({ status: 'CANCELLED', at: at(-3 * DAY) });
      const status: OrderStatus = o.status === 'DELIVERED' && !spaceId ? 'CAPTURED' : o.status;
      const appointmentId = `demo-appointment-${i + 1}`;
      await tx
        .insertInto('capture_appointments')
        .values({
          id: appointmentId,
          technicianId: o.technicianId,
          userId: owner.id,
          status: status === 'CANCELLED' ? 'RELEASED' : 'BOOKED',
          orderId: id,
          start: start.toISOString(),
          end: end.toISOString(),
          expiresAt: null,
          request: '{}',
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
      if (status !== 'CANCELLED')
        await tx
          .insertInto('capture_technician_cells')
          .values(
            cellsOf(start, property.visitMinutes, techs.get(o.technicianId) ?? 30).map((cellStart) => ({
              technicianId: o.technicianId,
              cellStart,
              appointmentId,
            })),
          )
          .onConflict((oc) => oc.columns(['technicianId', 'cellStart']).doNothing())
          .execute();
      const total = property.startingPrice.amount;
      const row: Insertable<Database['capture_orders']> = {
        id,
        number: `CAP-D${String(i + 1).padStart(5, '0')}`,
        accountId: org.id,
        userId: owner.id,
        status,
        statusHistory: JSON.stringify(history),
        address: JSON.stringify(address),
        property: JSON.stringify(property),
        contact: JSON.stringify(contact),
        attachmentIds: '[]',
        plan: 'PROFESSIONAL',
        appointmentId,
        technicianId: o.technicianId,
        start: start.toISOString(),
        end: end.toISOString(),
        timeZone: o.timeZone,
        visitMinutes: property.visitMinutes,
        currency: 'USD',
        subtotal: total,
        tax: 0,
        total,
        creditApplied: 0,
        amountDue: total,
        paymentMethodId: 'invoice',
        cancelledAt: status === 'CANCELLED' ? at(-3 * DAY) : null,
        arrivedAt,
        capturedAt,
        deliveredAt: spaceId ? deliveredAt : null,
        spaceId,
        uploadId: null,
        createdAt: history[0]?.at ?? stamp,
        updatedAt: stamp,
      };
      await tx.insertInto('capture_orders').values(row).execute();
    }
  });
  await opts.createCredential?.({ id: techUser, email: TECHNICIAN_SIGN_IN.email, password: opts.password });
  opts.log?.(`Seeded the capture service's demo: ${ORDERS.length} orders and the technician ${TECHNICIAN_SIGN_IN.email}.`);
  return true;
}
