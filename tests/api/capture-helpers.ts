/**
 * A capture-ordering test world: an organization with an Owner, a Billing Contact and a plain
 * Member, an outsider, a test clock and a stand-in geocoder, over a fresh in-memory app. Requests
 * pick their user with the `x-test-user` header (the session resolver reads it). With
 * TEST_POSTGRES_URL set (a server where the test may create and drop databases), every app runs
 * on a fresh PostgreSQL database instead of in-memory SQLite.
 */
import pg from 'pg';
import type { AddressInputIn, OrderInputIn, PropertyDetailsInputIn } from '../../src/domain/capture.ts';
import { TestClock } from '../../src/server/platform/clock.ts';
import type { SessionUser } from '../../src/server/context.ts';
import type { GeocodeQuery, GeocodeResult, Geocoder } from '../../src/server/modules/capture/geocoder.ts';
import { configureCapture } from '../../src/server/modules/capture/services.ts';
import { createTestApp, TEST_ORIGIN, type TestAppOptions } from '../../src/server/testing.ts';
import { insertPeople } from './people-world.ts';

/** Monday 7 January 2030, 12:00 UTC. */
export const T0 = '2030-01-07T12:00:00.000Z';

/** People of the world. */
export const PEOPLE = {
  owner: { id: 'u-owner', email: 'olivia@example.com', firstName: 'Olivia', lastName: 'Owner', personal: 'acc-olivia' },
  billing: { id: 'u-billing', email: 'bill@example.com', firstName: 'Bill', lastName: 'Billing', personal: 'acc-bill' },
  member: { id: 'u-member', email: 'mia@example.com', firstName: 'Mia', lastName: 'Member', personal: 'acc-mia' },
  outsider: { id: 'u-out', email: 'otto@example.com', firstName: 'Otto', lastName: 'Outsider', personal: 'acc-otto' },
  admin: { id: 'u-admin', email: 'ada@example.com', firstName: 'Ada', lastName: 'Admin', personal: 'acc-ada' },
  /** Linked to a technician by the delivery tests (tests/api/technicians.test.ts, capture-delivery.test.ts). */
  tech: { id: 'u-tech', email: 'tech@example.com', firstName: 'Priya', lastName: 'Natarajan', personal: 'acc-tech' },
  tech2: { id: 'u-tech2', email: 'tech2@example.com', firstName: 'Diego', lastName: 'Alvarez', personal: 'acc-tech2' },
} as const;
/** Who a request is sent as. */
export type Who = keyof typeof PEOPLE | null;
/** The organization. */
export const ORG = 'acc-acme';

/** Places the stand-in geocoder knows (city → point). */
export const PLACES: Record<string, GeocodeResult> = {
  'US|San Francisco': { lat: 37.7749, long: -122.4194, place: 'San Francisco, CA, US' },
  'US|Oakland': { lat: 37.8044, long: -122.2712, place: 'Oakland, CA, US' },
  'US|Anchorage': { lat: 61.2181, long: -149.9003, place: 'Anchorage, AK, US' },
  'GB|London': { lat: 51.5074, long: -0.1278, place: 'London, GB' },
  'JP|Tokyo': { lat: 35.6895, long: 139.6917, place: 'Tokyo, JP' },
  'IS|Reykjavik': { lat: 64.1466, long: -21.9426, place: 'Reykjavik, IS' },
};

/** A geocoder that knows only PLACES (and counts its calls). */
export class FakeGeocoder implements Geocoder {
  calls = 0;
  geocode(q: GeocodeQuery): Promise<GeocodeResult | null> {
    this.calls++;
    return Promise.resolve(PLACES[`${q.countryCode}|${q.city}`] ?? null);
  }
}

const session = (key: keyof typeof PEOPLE): SessionUser => {
  const p = PEOPLE[key];
  return {
    id: p.id,
    sid: `${p.id}-sid`,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    accountId: p.personal,
    isPrivileged: key === 'admin',
    isStaff: false,
    flags: [],
    memberships: [],
    preparedAt: T0,
  };
};

/** The app, its clock and helpers to call it as someone. */
export async function captureApp(options: Omit<TestAppOptions, 'session' | 'clock'> & { geocoder?: Geocoder | 'gazetteer' } = {}) {
  const clock = new TestClock(T0);
  const postgres = await freshPostgres();
  const t = await createTestApp({
    ...options,
    ...(postgres ? { databaseFile: postgres.url } : {}),
    clock,
    session: (req) => {
      const who = req.headers.get('x-test-user') as keyof typeof PEOPLE | null;
      return Promise.resolve(who && who in PEOPLE ? session(who) : null);
    },
  });
  const geocoder = options.geocoder === 'gazetteer' ? undefined : (options.geocoder ?? new FakeGeocoder());
  if (geocoder) configureCapture(t.deps, { geocoder });
  const db = t.db.kysely;
  const stamp = { createdAt: T0, updatedAt: T0 };
  await insertPeople(
    db,
    { id: ORG, sid: 'acmesid001', name: 'Acme Realty' },
    Object.entries(PEOPLE).map(([key, p]) => ({ key, id: p.id, personal: p.personal, email: p.email, firstName: p.firstName, lastName: p.lastName })),
    T0,
  );
  await db
    .insertInto('memberships')
    .values([
      ...Object.values(PEOPLE).map((p) => ({ userId: p.id, accountId: p.personal, role: 'OWNER', flags: '[]', ...stamp })),
      { userId: PEOPLE.owner.id, accountId: ORG, role: 'OWNER', flags: '[]', ...stamp },
      { userId: PEOPLE.billing.id, accountId: ORG, role: 'BILLING', flags: '[]', ...stamp },
      { userId: PEOPLE.member.id, accountId: ORG, role: 'MEMBER', flags: '[]', ...stamp },
    ])
    .execute();

  /** Calls the app as someone. */
  const call = async (who: Who, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN };
    if (who) headers['x-test-user'] = who;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await t.app.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const type = res.headers.get('content-type') ?? '';
    const json: unknown = type.includes('json') ? await res.json() : null;
    return { status: res.status, json: json as Record<string, unknown>, res };
  };

  /** Emails queued in the outbox, oldest first. */
  const emails = async () => {
    const rows = await db.selectFrom('outbox').select(['topic', 'target', 'payload']).where('kind', '=', 'email').orderBy('createdAt').orderBy('id').execute();
    return rows.map((r) => ({ topic: r.topic, to: r.target, ...(JSON.parse(r.payload) as { subject: string; text: string }) }));
  };

  const close = async () => {
    await t.close();
    await postgres?.drop();
  };
  return { ...t, close, clock, call, emails, geocoder };
}

/** A new database on TEST_POSTGRES_URL's server, or null without one. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const server = process.env['TEST_POSTGRES_URL'];
  if (!server) return null;
  const name = `discover_capture_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

/** A San Francisco address that the demo technicians cover. */
export const SF: AddressInputIn = { countryCode: 'US', streetAddress: '1 Market St', city: 'San Francisco', administrativeArea: 'CA', postalCode: '94105' };
/** An Anchorage address nobody covers. */
export const ANCHORAGE: AddressInputIn = {
  countryCode: 'US',
  streetAddress: '600 W 6th Ave',
  city: 'Anchorage',
  administrativeArea: 'AK',
  postalCode: '99501',
};
/** A house of 2,000 sq ft in two spaces. */
export const HOUSE: PropertyDetailsInputIn = {
  propertyType: 'RESIDENTIAL',
  unit: 'SQUARE_FT',
  spaces: [
    { name: 'Ground floor', size: 1200 },
    { name: 'Upstairs', size: 800 },
  ],
};
/** A site contact with a valid US number. */
export const CONTACT = {
  isMe: false,
  firstName: 'Sam',
  lastName: 'Site',
  email: 'sam.site@example.com',
  phone: '(415) 555-2671',
  accessInstructions: 'Key at the front desk',
};

/** An order body at a start (or with a hold). */
export const orderBody = (extra: Partial<OrderInputIn>): OrderInputIn => ({
  address: SF,
  property: HOUSE,
  contact: CONTACT,
  acceptTerms: true,
  ...extra,
});
