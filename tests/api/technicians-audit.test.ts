/**
 * An administrator's changes to technicians (service area, working hours, time off, who signs in with
 * the technician role) and to orders (status, reassignment) are in the audit log like every admin
 * write: who, what, from which value to which. In-memory SQLite, or PostgreSQL with TEST_POSTGRES_URL.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { Technician } from '../../src/domain/capture.ts';
import { deliveryWorld } from './delivery-helpers.ts';

type World = Awaited<ReturnType<typeof deliveryWorld>>;
let world: World | undefined;
afterEach(async () => {
  await world?.t.close();
  world = undefined;
});

/** The audit entries of a type, oldest first, as stored. */
const entries = async (t: World['t'], type: string) =>
  (await t.db.kysely.selectFrom('audit_log').selectAll().where('type', '=', type).orderBy('id').execute()).map((e) => ({
    action: e.action,
    userId: e.userId,
    isAdmin: Number(e.isAdmin),
    from: e.fromValue ? (JSON.parse(e.fromValue) as unknown) : null,
    to: e.toValue ? (JSON.parse(e.toValue) as unknown) : null,
  }));

describe('technician and order changes in the audit log', () => {
  test('editing a technician records only the fields that changed; creating one records it whole; saving unchanged records nothing', async () => {
    world = await deliveryWorld();
    const { t } = world;
    const techs = ((await t.call('admin', 'GET', '/admin/api/capture/technicians/')).json as { technicians: Technician[] }).technicians;
    const sf = techs.find((x) => x.id === 'tech-san-francisco') as Technician;
    const { id: _i, createdAt: _c, updatedAt: _u, ...input } = sf;
    // The world's own setup (technicians linked to their people) is audited too: count from here.
    const setup = (await entries(t, 'TECHNICIAN')).length;
    const timeOff = [{ start: '2030-01-09T08:00:00.000Z', end: '2030-01-10T08:00:00.000Z', note: 'Dentist' }];
    const edited = { ...input, radiusKm: 40, timeOff, signInEmail: null };
    expect((await t.call('admin', 'PUT', '/admin/api/capture/technicians/tech-san-francisco/', edited)).status).toBe(200);
    expect((await t.call('admin', 'PUT', '/admin/api/capture/technicians/tech-san-francisco/', edited)).status).toBe(200);
    const created = await t.call('admin', 'POST', '/admin/api/capture/technicians/', { ...input, firstName: 'Ada', areaName: 'Oakland', signInEmail: null });
    expect(created.status).toBe(200);
    const log = (await entries(t, 'TECHNICIAN')).slice(setup);
    expect(log).toHaveLength(2);
    expect(log[0]).toEqual({
      action: 'UPDATE',
      userId: expect.any(String) as string,
      isAdmin: 1,
      from: { id: 'tech-san-francisco', radiusKm: sf.radiusKm, timeOff: [], signInEmail: 'tech@example.com' },
      to: { id: 'tech-san-francisco', radiusKm: 40, timeOff, signInEmail: null },
    });
    expect(log[1]).toMatchObject({ action: 'CREATE', from: null, to: { firstName: 'Ada', areaName: 'Oakland', workingHours: sf.workingHours } });
    // A refused change leaves no entry.
    expect((await t.call('admin', 'PUT', '/admin/api/capture/technicians/nope/', edited)).status).toBe(404);
    expect(await entries(t, 'TECHNICIAN')).toHaveLength(setup + 2);
  });

  test('an order reassigned and its status moved are audited with the administrator who did it', async () => {
    world = await deliveryWorld();
    const { t, order } = world;
    await t.call('admin', 'POST', `/admin/api/capture/orders/${order.id}/technician/`, { technicianId: 'tech-los-angeles' });
    expect((await t.call('admin', 'POST', `/admin/api/capture/orders/${order.id}/status/`, { status: 'SCHEDULED' })).status).toBe(200);
    // Refused: not audited.
    expect((await t.call('admin', 'POST', `/admin/api/capture/orders/${order.id}/status/`, { status: 'DELIVERED' })).status).toBe(409);
    expect(await entries(t, 'CAPTURE_ORDER')).toEqual([
      {
        action: 'REASSIGN',
        userId: expect.any(String) as string,
        isAdmin: 1,
        from: { id: order.id, technicianId: 'tech-san-francisco' },
        to: { id: order.id, technicianId: 'tech-los-angeles' },
      },
      {
        action: 'UPDATE_STATUS',
        userId: expect.any(String) as string,
        isAdmin: 1,
        from: { id: order.id, status: 'TECHNICIAN_ASSIGNED' },
        to: { id: order.id, status: 'SCHEDULED' },
      },
    ]);
  });
});
