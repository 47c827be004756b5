/**
 * The capture service's delivery world (issue 24): the capture test world with an order in San
 * Francisco, two people linked to technicians (the San Francisco one does the visit), and the
 * stand-in for the upload pipeline's last step (a processed space with its tour, delivered).
 */
import { expect } from 'vitest';
import type { Order, TechnicianInput } from '../../src/domain/capture.ts';
import { deliverOrder } from '../../src/server/modules/capture/delivery.ts';
import { captureApp, ORG, orderBody } from './capture-helpers.ts';
import { tourModelRow, tourRow } from './tour-fixtures.ts';

/** Tuesday 8 January 2030, 08:00 in San Francisco. */
export const TUE_8AM = '2030-01-08T16:00:00.000Z';

type App = Awaited<ReturnType<typeof captureApp>>;

/** A demo technician's fields as an administrator saves them, linked to a person. */
export async function linkTechnician(t: App, technicianId: string, signInEmail: string | null): Promise<void> {
  const list = (await t.call('admin', 'GET', '/admin/api/capture/technicians/')).json as { technicians: (TechnicianInput & { id: string })[] };
  const tech = list.technicians.find((x) => x.id === technicianId);
  if (!tech) throw new Error(`no technician ${technicianId}`);
  const { id: _id, ...input } = tech as TechnicianInput & { id: string; createdAt?: string; updatedAt?: string };
  delete (input as { createdAt?: string }).createdAt;
  delete (input as { updatedAt?: string }).updatedAt;
  const r = await t.call('admin', 'PUT', `/admin/api/capture/technicians/${technicianId}/`, { ...input, signInEmail });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

/** The world: `tech` signs in as the San Francisco technician, `tech2` as the Los Angeles one; the owner ordered a visit on Tuesday 08:00. */
export async function deliveryWorld(options: Parameters<typeof captureApp>[0] = {}) {
  const t = await captureApp(options);
  await linkTechnician(t, 'tech-san-francisco', 'tech@example.com');
  await linkTechnician(t, 'tech-los-angeles', 'tech2@example.com');
  expect((await t.call('owner', 'POST', `/api/capture/accounts/${ORG}/plan/`, { plan: 'PROFESSIONAL' })).status).toBe(200);
  const placed = await t.call('owner', 'POST', '/api/capture/orders/', orderBody({ start: TUE_8AM }));
  expect(placed.status, JSON.stringify(placed.json)).toBe(200);
  return { t, order: placed.json as unknown as Order };
}

/** The pipeline on a processed capture: a new space with its tour, then (unless `deliver` is false) the delivery, in one transaction. */
export async function processCapture(t: App, orderId: string, spaceId = 'sp-delivered', modelId = 'Delivered01', deliver = true): Promise<void> {
  const db = t.db.kysely;
  const stamp = t.clock.now().toISOString();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('spaces')
      .values({
        id: spaceId,
        modelId,
        name: '1 Market St',
        slug: spaceId,
        summary: '',
        description: '',
        address: '1 Market St',
        city: 'San Francisco',
        region: 'CA',
        countryCode: 'US',
        countryName: 'United States',
        lat: 37.7749,
        long: -122.4194,
        altitude: null,
        views: 0,
        visibility: 'PRIVATE',
        presentedBy: null,
        organizationId: null,
        ownerUserId: 'u-tech',
        type: 'RESIDENTIAL',
        imageKey: '',
        imageWidth: 0,
        imageHeight: 0,
        tags: '[]',
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    await tx
      .insertInto('tour_models')
      .values(tourModelRow())
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await tx.insertInto('space_tours').values(tourRow(spaceId)).execute();
    if (deliver) await deliverOrder(tx, { env: t.deps.env, clock: t.clock }, { orderId, spaceId });
  });
}
