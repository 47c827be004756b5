/**
 * Technicians sign in (issue 24): an administrator links a person to a technician (service area,
 * working hours, time off); the person then sees their own jobs at /admin/api/capture/jobs/ and
 * nobody else's (404), says "Arrived" and "Captured"; the rest of the console stays closed (403).
 * Administrators reassign a visit and the customer is told. In-memory SQLite, or PostgreSQL with
 * TEST_POSTGRES_URL.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { Order, Technician } from '../../src/domain/capture.ts';
import type { AdminOrder, AdminOrderList, Job, JobList } from '../../src/domain/capture-delivery.ts';
import { HOUSE, orderBody, SF } from './capture-helpers.ts';
import { deliveryWorld, linkTechnician, TUE_8AM } from './delivery-helpers.ts';

type World = Awaited<ReturnType<typeof deliveryWorld>>;
let world: World | undefined;
afterEach(async () => {
  await world?.t.close();
  world = undefined;
});
const open = async () => (world = await deliveryWorld());

describe('technicians in the console', () => {
  test('an administrator links a person, sets time off; the person gets the technician role', async () => {
    const { t } = await open();
    const techs = ((await t.call('admin', 'GET', '/admin/api/capture/technicians/')).json as { technicians: Technician[] }).technicians;
    expect(techs.find((x) => x.id === 'tech-san-francisco')).toMatchObject({
      signInEmail: 'tech@example.com',
      areaName: 'San Francisco Bay Area',
      timeOff: [],
    });
    const flags = await t.db.kysely.selectFrom('users').select('flags').where('id', '=', 'u-tech').executeTakeFirstOrThrow();
    expect(JSON.parse(flags.flags)).toContain('TECHNICIAN');

    // Nobody signs in with that email: the field says so.
    const sf = techs.find((x) => x.id === 'tech-san-francisco') as Technician;
    const { id: _i, createdAt: _c, updatedAt: _u, ...input } = sf;
    const unknown = await t.call('admin', 'PUT', '/admin/api/capture/technicians/tech-san-francisco/', { ...input, signInEmail: 'nobody@example.com' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ extra: { fields: [{ path: 'json.signInEmail', message: 'Nobody signs in with this email yet.' }] } });
    // One person, one technician.
    const twice = await t.call('admin', 'PUT', '/admin/api/capture/technicians/tech-chicago/', {
      ...(techs.find((x) => x.id === 'tech-chicago') as Technician),
      id: undefined,
      createdAt: undefined,
      updatedAt: undefined,
      signInEmail: 'tech@example.com',
    });
    expect(twice.status).toBe(400);

    // Time off on Wednesday: no visit offered that day.
    const wednesday = { start: '2030-01-09T08:00:00.000Z', end: '2030-01-10T08:00:00.000Z', note: 'Dentist' };
    const saved = await t.call('admin', 'PUT', '/admin/api/capture/technicians/tech-san-francisco/', { ...input, timeOff: [wednesday] });
    expect(saved.json).toMatchObject({ technician: { timeOff: [wednesday] } });
    const avail = (await t.call('owner', 'POST', '/api/capture/availability/', { address: SF, property: HOUSE, from: '2030-01-08', days: 3 })).json as {
      days: { date: string; slots: unknown[] }[];
    };
    expect(avail.days.map((d) => [d.date, d.slots.length > 0])).toEqual([
      ['2030-01-08', true],
      ['2030-01-09', false],
      ['2030-01-10', true],
    ]);

    // Unlinking takes the role away.
    await linkTechnician(t, 'tech-san-francisco', null);
    const after = await t.db.kysely.selectFrom('users').select('flags').where('id', '=', 'u-tech').executeTakeFirstOrThrow();
    expect(JSON.parse(after.flags)).not.toContain('TECHNICIAN');
    expect((await t.call('tech', 'GET', '/admin/api/capture/jobs/')).status).toBe(403);
  });

  test('a technician sees only their jobs: the address, the site contact, access instructions; others answer 404', async () => {
    const { t, order } = await open();
    const mine = (await t.call('tech', 'GET', '/admin/api/capture/jobs/?from=2030-01-07&days=7')).json as unknown as JobList;
    expect(mine.technician).toMatchObject({ id: 'tech-san-francisco', timeZone: 'America/Los_Angeles' });
    expect(mine.jobs).toHaveLength(1);
    expect(mine.jobs[0]).toMatchObject({
      orderId: order.id,
      start: TUE_8AM,
      timeZone: 'America/Los_Angeles',
      address: { streetAddress: '1 Market St' },
      contact: { firstName: order.contact.firstName, accessInstructions: order.contact.accessInstructions },
      canArrive: false,
    });
    // A day view: only that day.
    expect(((await t.call('tech', 'GET', '/admin/api/capture/jobs/?from=2030-01-09&days=1')).json as unknown as JobList).jobs).toHaveLength(0);

    // The other technician: no jobs, and this one is not theirs.
    expect(((await t.call('tech2', 'GET', '/admin/api/capture/jobs/?from=2030-01-07&days=7')).json as unknown as JobList).jobs).toHaveLength(0);
    for (const [method, path] of [
      ['GET', `/admin/api/capture/jobs/${order.id}/`],
      ['POST', `/admin/api/capture/jobs/${order.id}/arrived/`],
      ['POST', `/admin/api/capture/jobs/${order.id}/captured/`],
    ] as const)
      expect((await t.call('tech2', method, path)).status).toBe(404);
    // Not a technician: 403; a guest: 401. Administrators see every job.
    expect((await t.call('owner', 'GET', '/admin/api/capture/jobs/')).status).toBe(403);
    expect((await t.call(null, 'GET', '/admin/api/capture/jobs/')).status).toBe(401);
    expect(((await t.call('admin', 'GET', '/admin/api/capture/jobs/?from=2030-01-07&days=7')).json as unknown as JobList).jobs).toHaveLength(1);
    // The rest of the console stays closed to technicians.
    expect((await t.call('tech', 'GET', '/admin/api/capture/orders/')).status).toBe(403);
    expect((await t.call('tech', 'GET', '/admin/api/capture/technicians/')).status).toBe(403);
  });

  test('"Arrived" from 12 hours before the visit, then "Captured"; the history says so', async () => {
    const { t, order } = await open();
    const early = await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/arrived/`);
    expect(early.status).toBe(409);
    expect((await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/captured/`)).json).toMatchObject({
      code: 'CONFLICT',
      message: 'Say "Arrived" first.',
    });
    t.clock.set('2030-01-08T15:55:00.000Z');
    const arrived = (await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/arrived/`)).json as unknown as Job;
    expect(arrived).toMatchObject({ status: 'SCHEDULED', canArrive: false, canCapture: true, delivery: { arrivedAt: '2030-01-08T15:55:00.000Z' } });
    t.clock.set('2030-01-08T17:10:00.000Z');
    const captured = (await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/captured/`)).json as unknown as Job;
    expect(captured).toMatchObject({
      status: 'CAPTURED',
      canUpload: true,
      delivery: { capturedAt: '2030-01-08T17:10:00.000Z', visitAt: '2030-01-08T17:10:00.000Z', dueAt: '2030-01-09T17:10:00.000Z', overdue: false },
    });
    const seen = (await t.call('owner', 'GET', `/api/capture/orders/${order.id}/`)).json as unknown as Order;
    expect(seen.statusHistory).toEqual([
      { status: 'RECEIVED', at: expect.any(String) as string },
      { status: 'SCHEDULED', at: '2030-01-08T15:55:00.000Z', note: 'Technician arrived' },
      { status: 'CAPTURED', at: '2030-01-08T17:10:00.000Z' },
    ]);
    expect(seen.delivery).toMatchObject({ capturedAt: '2030-01-08T17:10:00.000Z', deliveredAt: null, spaceUrl: null });
  });
});

describe('the orders screen', () => {
  test('every order with filters; an administrator reassigns the visit and the customer is told', async () => {
    const { t, order } = await open();
    const all = (await t.call('admin', 'GET', '/admin/api/capture/orders/')).json as unknown as AdminOrderList;
    expect(all.total).toBe(1);
    expect(all.orders[0]).toMatchObject({
      number: order.number,
      technicianId: 'tech-san-francisco',
      areaName: 'San Francisco Bay Area',
      customerEmail: 'olivia@example.com',
    });
    expect(all.areas).toContain('San Francisco Bay Area');
    for (const [query, n] of [
      ['status=RECEIVED', 1],
      ['status=DELIVERED', 0],
      ['area=San%20Francisco%20Bay%20Area', 1],
      ['area=London', 0],
      ['technicianId=tech-san-francisco', 1],
      ['technicianId=tech-london', 0],
      ['from=2030-01-08&to=2030-01-08', 1],
      ['from=2030-01-09', 0],
      ['overdue=true', 0],
    ] as const)
      expect(((await t.call('admin', 'GET', `/admin/api/capture/orders/?${query}`)).json as unknown as AdminOrderList).total, query).toBe(n);

    const before = (await t.emails()).length;
    const moved = (await t.call('admin', 'POST', `/admin/api/capture/orders/${order.id}/technician/`, { technicianId: 'tech-los-angeles' }))
      .json as unknown as AdminOrder;
    expect(moved).toMatchObject({ technicianId: 'tech-los-angeles', status: 'TECHNICIAN_ASSIGNED' });
    expect(moved.history.at(-1)).toMatchObject({ status: 'TECHNICIAN_ASSIGNED', note: 'Technician changed to Diego Alvarez' });
    const mails = (await t.emails()).slice(before);
    expect(mails.map((m) => [m.topic, m.to])).toEqual([
      ['capture.order.reassigned', 'olivia@example.com'],
      ['capture.order.reassigned', expect.any(String) as string],
    ]);
    expect(mails[0]?.subject).toBe(`Your technician changed: Diego A. will visit (${order.number})`);
    // The job moved with it.
    expect(((await t.call('tech', 'GET', '/admin/api/capture/jobs/?from=2030-01-07&days=7')).json as unknown as JobList).jobs).toHaveLength(0);
    expect(((await t.call('tech2', 'GET', '/admin/api/capture/jobs/?from=2030-01-07&days=7')).json as unknown as JobList).jobs).toHaveLength(1);
    expect((await t.call('tech2', 'GET', `/admin/api/capture/jobs/${order.id}/`)).status).toBe(200);
    // Unknown technician, unknown order.
    expect((await t.call('admin', 'POST', `/admin/api/capture/orders/${order.id}/technician/`, { technicianId: 'nobody' })).status).toBe(400);
    expect((await t.call('admin', 'POST', '/admin/api/capture/orders/nope/technician/', { technicianId: 'tech-london' })).status).toBe(404);
    // Not for customers.
    expect((await t.call('owner', 'POST', `/admin/api/capture/orders/${order.id}/technician/`, { technicianId: 'tech-london' })).status).toBe(403);
  });

  test('a technician busy at that time cannot take the visit (409)', async () => {
    const { t, order } = await open();
    // The first visit goes to Los Angeles' technician, which frees San Francisco's time for a second order at 08:00.
    await t.call('admin', 'POST', `/admin/api/capture/orders/${order.id}/technician/`, { technicianId: 'tech-los-angeles' });
    const second = await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: TUE_8AM }));
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    const secondId = (second.json as unknown as Order).id;
    const busy = await t.call('admin', 'POST', `/admin/api/capture/orders/${secondId}/technician/`, { technicianId: 'tech-los-angeles' });
    expect(busy.status).toBe(409);
    expect(busy.json).toMatchObject({ message: 'Diego Alvarez already has a visit at that time.' });
  });
});
