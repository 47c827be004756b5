/**
 * Capture ordering, step 3: availability from working hours, travel buffer and what is taken, in
 * the property's time zone; the 10-minute hold and its expiry (test clock); and the database
 * guarantee that two customers never get the same technician time, tested with concurrent requests.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { Availability } from '../../src/domain/capture.ts';
import { ANCHORAGE, captureApp, HOUSE, ORG, orderBody, SF } from './capture-helpers.ts';

type App = Awaited<ReturnType<typeof captureApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});
const open = async () => (app = await captureApp());
const starts = (a: unknown, date: string) => (a as Availability).days.find((d) => d.date === date)?.slots.map((s) => s.start) ?? [];
const availabilityOf = async (t: App, who: 'owner' | 'billing' | 'member' = 'owner', extra: Record<string, unknown> = {}) =>
  (await t.call(who, 'POST', '/api/capture/availability/', { address: SF, property: HOUSE, ...extra })).json as unknown as Availability;
const hold = (t: App, who: 'owner' | 'billing' | 'member', start: string) =>
  t.call(who, 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start });

/** Tuesday 8 January 2030, 08:00 in San Francisco. */
const TUE_8AM = '2030-01-08T16:00:00.000Z';

describe('availability', () => {
  test("working hours in the property's time zone, 24 hours ahead at the earliest, half-hour starts", async () => {
    const t = await open();
    const a = await availabilityOf(t);
    expect(a).toMatchObject({ timeZone: 'America/Los_Angeles', visitMinutes: 60, from: '2030-01-07', to: '2030-01-13' });
    expect(a.days.map((d) => d.date)).toEqual(['2030-01-07', '2030-01-08', '2030-01-09', '2030-01-10', '2030-01-11', '2030-01-12', '2030-01-13']);
    expect(starts(a, '2030-01-07')).toEqual([]); // Monday: less than 24 hours away
    const tuesday = starts(a, '2030-01-08');
    expect(tuesday[0]).toBe(TUE_8AM); // 08:00 PST
    expect(tuesday.at(-1)).toBe('2030-01-09T01:00:00.000Z'); // 17:00 PST, the last start that ends by 18:00
    expect(tuesday).toHaveLength(19);
    expect(starts(a, '2030-01-12')).toEqual([
      '2030-01-12T17:00:00.000Z',
      '2030-01-12T17:30:00.000Z',
      '2030-01-12T18:00:00.000Z',
      '2030-01-12T18:30:00.000Z',
      '2030-01-12T19:00:00.000Z',
      '2030-01-12T19:30:00.000Z',
      '2030-01-12T20:00:00.000Z',
      '2030-01-12T20:30:00.000Z',
      '2030-01-12T21:00:00.000Z',
    ]); // Saturday 09:00–14:00
    expect(starts(a, '2030-01-13')).toEqual([]); // Sunday
    expect((await t.call(null, 'POST', '/api/capture/availability/', { address: SF, property: HOUSE })).status).toBe(401);
  });

  test('the visit length follows the size', async () => {
    const t = await open();
    const a = await availabilityOf(t, 'owner', { property: { propertyType: 'COMMERCIAL', unit: 'SQUARE_FT', spaces: [{ name: 'Hall', size: 28_000 }] } });
    expect(a.visitMinutes).toBe(480);
    expect(starts(a, '2030-01-08')).toEqual([
      '2030-01-08T16:00:00.000Z',
      '2030-01-08T16:30:00.000Z',
      '2030-01-08T17:00:00.000Z',
      '2030-01-08T17:30:00.000Z',
      '2030-01-08T18:00:00.000Z',
    ]);
  });

  test('a held time and its travel buffer are not offered to anyone', async () => {
    const t = await open();
    expect((await hold(t, 'owner', TUE_8AM)).status).toBe(200);
    const tuesday = starts(await availabilityOf(t, 'member'), '2030-01-08');
    // 08:00–09:00 visit + 30 minutes of travel: the next one-hour visit starts at 09:30.
    expect(tuesday[0]).toBe('2030-01-08T17:30:00.000Z');
  });

  test('no times: empty days, and the next day with a time', async () => {
    const t = await open();
    // A technician in Anchorage who works on Mondays and Tuesdays only.
    await t.call('admin', 'POST', '/admin/api/capture/technicians/', {
      firstName: 'Aurora',
      lastName: 'Frost',
      email: 'aurora@technicians.example.com',
      areaName: 'Anchorage',
      countryCode: 'US',
      continent: 'North America',
      location: { lat: 61.2181, long: -149.9003 },
      radiusKm: 40,
      workingHours: { '1': ['09:00', '17:00'], '2': ['09:00', '17:00'] },
    });
    const r = await t.call('owner', 'POST', '/api/capture/availability/', { address: ANCHORAGE, property: HOUSE, from: '2030-01-09', days: 4 });
    const a = r.json as unknown as Availability;
    expect(a.timeZone).toBe('America/Anchorage');
    expect(a.days.every((d) => d.slots.length === 0)).toBe(true);
    expect(a.nextAvailableDate).toBe('2030-01-14');
  });
});

describe('holds', () => {
  test('a hold lasts 10 minutes; then the time is free again and a late Confirm is refused', async () => {
    const t = await open();
    await t.call('owner', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'PROFESSIONAL' });
    const mine = await hold(t, 'owner', TUE_8AM);
    expect(mine.json).toMatchObject({
      start: TUE_8AM,
      end: '2030-01-08T17:00:00.000Z',
      expiresAt: '2030-01-07T12:10:00.000Z',
      timeZone: 'America/Los_Angeles',
    });
    expect((await hold(t, 'member', TUE_8AM)).json).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    t.clock.advance(11 * 60_000);
    expect(starts(await availabilityOf(t, 'member'), '2030-01-08')[0]).toBe(TUE_8AM);
    expect((await hold(t, 'member', TUE_8AM)).status).toBe(200);
    const late = await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ holdId: (mine.json as { id: string }).id }));
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: 'HOLD_EXPIRED', message: 'Your 10-minute hold on this time has ended. Please choose a time again.' });
  });

  test('a lapsed hold nobody took still confirms', async () => {
    const t = await open();
    await t.call('owner', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'PROFESSIONAL' });
    const mine = await hold(t, 'owner', TUE_8AM);
    t.clock.advance(15 * 60_000);
    const order = await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ holdId: (mine.json as { id: string }).id }));
    expect(order.status).toBe(200);
    expect(order.json).toMatchObject({ appointment: { start: TUE_8AM } });
  });

  test('one live hold per person; a hold can be released, only by its holder; times off the grid are refused', async () => {
    const t = await open();
    const first = await hold(t, 'owner', TUE_8AM);
    const second = await hold(t, 'owner', '2030-01-08T18:00:00.000Z');
    expect(second.status).toBe(200);
    // The first was let go: someone else can take it.
    expect((await hold(t, 'member', TUE_8AM)).status).toBe(200);
    const secondId = (second.json as { id: string }).id;
    expect((await t.call('member', 'DELETE', `/api/capture/holds/${secondId}/`)).status).toBe(404);
    expect((await t.call('owner', 'DELETE', `/api/capture/holds/${secondId}/`)).status).toBe(204);
    expect((await hold(t, 'billing', '2030-01-08T18:00:00.000Z')).status).toBe(200);
    expect((await t.call('owner', 'DELETE', `/api/capture/holds/${(first.json as { id: string }).id}/`)).status).toBe(404);
    for (const start of ['2030-01-08T16:10:00.000Z', '2030-01-08T11:00:00.000Z', '2030-01-07T20:00:00.000Z', '2030-01-13T18:00:00.000Z']) {
      expect((await hold(t, 'owner', start)).json, start).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    }
  });
});

describe('no double booking', () => {
  test('two customers holding the same time at once: exactly one wins, the other gets a clear 409', async () => {
    const t = await open();
    const results = await Promise.all([hold(t, 'owner', TUE_8AM), hold(t, 'billing', TUE_8AM)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.json).toEqual({
      code: 'SLOT_UNAVAILABLE',
      message: 'This time was just booked by someone else. Please choose another time.',
      extra: null,
      retry: false,
    });
  });

  test('two customers confirming the same time at once (no hold): one order, one 409; overlapping starts too', async () => {
    const t = await open();
    await t.call('owner', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'BUSINESS' });
    await t.call('member', 'POST', `/api/capture/accounts/acc-mia/plan/`, { plan: 'PROFESSIONAL' });
    const same = await Promise.all([
      t.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: TUE_8AM })),
      t.call('member', 'POST', '/api/capture/orders/', orderBody({ start: TUE_8AM, accountId: 'acc-mia' })),
    ]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
    // A start inside the booked visit (or its travel buffer) is the same technician time.
    const overlap = await Promise.all([
      t.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: '2030-01-08T20:00:00.000Z' })),
      t.call('member', 'POST', '/api/capture/orders/', orderBody({ start: '2030-01-08T20:30:00.000Z', accountId: 'acc-mia' })),
    ]);
    expect(overlap.map((r) => r.status).sort()).toEqual([200, 409]);
    const booked = await t.db.kysely
      .selectFrom('capture_orders' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(booked.n)).toBe(2);
  });

  test('with a second technician in the area, two customers get the same start from different technicians; a third does not', async () => {
    const t = await open();
    await t.call('admin', 'POST', '/admin/api/capture/technicians/', {
      firstName: 'Second',
      lastName: 'Tech',
      email: 'second@technicians.example.com',
      areaName: 'San Francisco Bay Area',
      countryCode: 'US',
      continent: 'North America',
      location: { lat: 37.8, long: -122.3 },
      radiusKm: 50,
      workingHours: { '2': ['08:00', '18:00'] },
    });
    const results = await Promise.all([hold(t, 'owner', TUE_8AM), hold(t, 'billing', TUE_8AM), hold(t, 'member', TUE_8AM)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409]);
  });

  test('the database itself refuses a second claim on a technician cell', async () => {
    const t = await open();
    await hold(t, 'owner', TUE_8AM);
    const k = t.db.kysely;
    const cell = await k
      .selectFrom('capture_technician_cells' as never)
      .selectAll()
      .executeTakeFirstOrThrow();
    await expect(
      k
        .insertInto('capture_technician_cells' as never)
        .values(cell as never)
        .execute(),
    ).rejects.toThrow(/UNIQUE|duplicate/i);
  });
});
