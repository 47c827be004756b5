/**
 * The capture service delivers (issue 24): an order becomes DELIVERED only through a processed
 * capture; the space is the customer's, PRIVATE, with its tour; the order links to it ("View your
 * space"); the customer gets "Your digital twin is ready" through the outbox (at a real SMTP peer);
 * visit and delivery times are shown and a late delivery is flagged to administrators.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Order } from '../../src/domain/capture.ts';
import type { AdminOrderList } from '../../src/domain/capture-delivery.ts';
import { CAPTURE_UPLOAD_PATH } from '../../src/domain/capture-upload.ts';
import { CAPTURE_JOB, captureJobKind } from '../../src/server/modules/captures/process-capture.ts';
import { JobWorker } from '../../src/server/platform/jobs/worker.ts';
import { TEST_ORIGIN } from '../../src/server/testing.ts';
import { roomGlb } from './capture-glb.ts';
import { ORG } from './capture-helpers.ts';
import { deliveryWorld, processCapture } from './delivery-helpers.ts';

type World = Awaited<ReturnType<typeof deliveryWorld>>;
let world: World | undefined;
afterEach(async () => {
  await world?.t.close();
  world = undefined;
});

/** The world with the visit done: arrived 07:55, captured 09:10 (San Francisco time). */
async function captured(options: Parameters<typeof deliveryWorld>[0] = {}) {
  world = await deliveryWorld(options);
  const { t, order } = world;
  t.clock.set('2030-01-08T15:55:00.000Z');
  expect((await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/arrived/`)).status).toBe(200);
  t.clock.set('2030-01-08T17:10:00.000Z');
  expect((await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/captured/`)).status).toBe(200);
  return world;
}

describe('delivery', () => {
  test('a processed capture delivers: DELIVERED, the PRIVATE space in the account with its tour, "View your space", the email', async () => {
    const { t, order } = await captured();
    t.clock.set('2030-01-09T09:00:00.000Z');
    const before = (await t.emails()).length;
    await processCapture(t, order.id);

    const seen = (await t.call('owner', 'GET', `/api/capture/orders/${order.id}/`)).json as unknown as Order;
    expect(seen.status).toBe('DELIVERED');
    expect(seen.statusHistory.at(-1)).toEqual({ status: 'DELIVERED', at: '2030-01-09T09:00:00.000Z' });
    expect(seen.delivery).toEqual({
      arrivedAt: '2030-01-08T15:55:00.000Z',
      capturedAt: '2030-01-08T17:10:00.000Z',
      visitAt: '2030-01-08T17:10:00.000Z',
      dueAt: '2030-01-09T17:10:00.000Z',
      deliveredAt: '2030-01-09T09:00:00.000Z',
      overdue: false,
      spaceId: 'sp-delivered',
      spaceUrl: '/discover/showcase/?m=Delivered01',
    });
    // The space is the organization's, private, and its tour answers.
    const space = await t.db.kysely
      .selectFrom('spaces')
      .select(['visibility', 'organizationId', 'ownerUserId'])
      .where('id', '=', 'sp-delivered')
      .executeTakeFirstOrThrow();
    expect(space).toEqual({ visibility: 'PRIVATE', organizationId: ORG, ownerUserId: 'u-owner' });
    expect((await t.call('owner', 'GET', '/api/content/space/Delivered01/tour/')).status).toBe(200);
    expect((await t.call(null, 'GET', '/api/content/space/Delivered01/tour/')).status).toBe(404);

    const mails = (await t.emails()).slice(before);
    expect(mails.map((m) => [m.topic, m.to, m.subject])).toEqual([['capture.order.delivered', 'olivia@example.com', 'Your digital twin is ready']]);
    expect(mails[0]?.text).toContain('View your space: http');
    expect(mails[0]?.text).toContain('/discover/showcase/?m=Delivered01');

    // Once: a retried job delivers nothing twice; another space is refused.
    await t.db.kysely.transaction().execute(async (tx) => {
      const { deliverOrder } = await import('../../src/server/modules/capture/delivery.ts');
      await deliverOrder(tx, { env: t.deps.env, clock: t.clock }, { orderId: order.id, spaceId: 'sp-delivered' });
    });
    expect((await t.emails()).length).toBe(before + 1);
  });

  test('DELIVERED is reached only through a processed capture', async () => {
    world = await deliveryWorld();
    const { t, order } = world;
    const refused = await t.call('admin', 'POST', `/admin/api/capture/orders/${order.id}/status/`, { status: 'DELIVERED' });
    expect(refused.status).toBe(409);
    // Not captured yet: the pipeline's delivery is refused too, and nothing changes.
    await expect(processCapture(t, order.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(((await t.call('owner', 'GET', `/api/capture/orders/${order.id}/`)).json as unknown as Order).status).toBe('RECEIVED');
    expect(await t.db.kysely.selectFrom('spaces').select('id').where('id', '=', 'sp-delivered').executeTakeFirst()).toBeUndefined();
  });

  test('a late delivery is flagged to administrators, and stays measured once delivered', async () => {
    const { t, order } = await captured();
    t.clock.set('2030-01-09T17:00:00.000Z');
    const onTime = (await t.call('admin', 'GET', '/admin/api/capture/orders/')).json as unknown as AdminOrderList;
    expect(onTime.overdueCount).toBe(0);
    t.clock.set('2030-01-09T18:00:00.000Z');
    const late = (await t.call('admin', 'GET', '/admin/api/capture/orders/?overdue=true')).json as unknown as AdminOrderList;
    expect(late.overdueCount).toBe(1);
    expect(late.orders[0]).toMatchObject({ id: order.id, delivery: { overdue: true, deliveredAt: null, dueAt: '2030-01-09T17:10:00.000Z' } });
    await processCapture(t, order.id);
    const after = (await t.call('admin', 'GET', `/admin/api/capture/orders/${order.id}/`)).json as unknown as AdminOrderList['orders'][number];
    expect(after.delivery).toMatchObject({ overdue: true, deliveredAt: '2030-01-09T18:00:00.000Z' });
    expect(((await t.call('owner', 'GET', `/api/capture/orders/${order.id}/`)).json as unknown as Order).delivery.overdue).toBe(true);
  });
});

describe('"Upload capture" through the upload pipeline', () => {
  /** An upload row as the pipeline keeps it. */
  const upload = (t: World['t'], id: string, owner: string, status: string, spaceId: string | null = null) =>
    t.db.kysely
      .insertInto('capture_uploads')
      .values({
        id,
        ownerUserId: owner,
        accountId: owner === 'u-tech' ? 'acc-tech' : 'acc-tech2',
        kind: 'model',
        fileName: 'visit.glb',
        bytes: 1000,
        status,
        jobId: null,
        spaceId,
        error: null,
        createdAt: '2030-01-08T17:20:00.000Z',
        updatedAt: '2030-01-08T17:20:00.000Z',
      })
      .execute();

  test('the technician binds their upload; processing it delivers the order (the pipeline hook)', async () => {
    const { t, order } = await captured();
    await upload(t, 'up-mine', 'u-tech', 'processing');
    await upload(t, 'up-other', 'u-tech2', 'processing');
    expect((await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/upload/`, { uploadId: 'up-other' })).status).toBe(404);
    expect((await t.call('tech2', 'POST', `/admin/api/capture/jobs/${order.id}/upload/`, { uploadId: 'up-other' })).status).toBe(404);
    const bound = await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/upload/`, { uploadId: 'up-mine' });
    expect(bound.json).toMatchObject({ status: 'CAPTURED', upload: { id: 'up-mine', status: 'processing' }, canUpload: false });
    // A second capture while the first is processed: refused.
    await upload(t, 'up-again', 'u-tech', 'processing');
    expect((await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/upload/`, { uploadId: 'up-again' })).status).toBe(409);

    // The pipeline's last step: the space, then the hook, in one transaction.
    const { deliverUploadedOrder } = await import('../../src/server/modules/capture/delivery.ts');
    await processCapture(t, order.id, 'sp-delivered', 'Delivered01', false);
    await t.db.kysely.transaction().execute(async (tx) => {
      await tx.updateTable('capture_uploads').set({ status: 'ready', spaceId: 'sp-delivered' }).where('id', '=', 'up-mine').execute();
      expect(await deliverUploadedOrder(tx, { env: t.deps.env, clock: t.clock }, { uploadId: 'up-mine', spaceId: 'sp-delivered' })).toBe(true);
      // An owner's own upload delivers nothing.
      expect(await deliverUploadedOrder(tx, { env: t.deps.env, clock: t.clock }, { uploadId: 'up-other', spaceId: 'sp-x' })).toBe(false);
    });
    const seen = (await t.call('owner', 'GET', `/api/capture/orders/${order.id}/`)).json as unknown as Order;
    expect(seen).toMatchObject({ status: 'DELIVERED', delivery: { spaceUrl: '/discover/showcase/?m=Delivered01' } });
  });

  test('an upload already processed when it is bound delivers at once', async () => {
    const { t, order } = await captured();
    await processCapture(t, order.id, 'sp-delivered', 'Delivered01', false);
    await upload(t, 'up-done', 'u-tech', 'ready', 'sp-delivered');
    const bound = await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/upload/`, { uploadId: 'up-done' });
    expect(bound.json).toMatchObject({ status: 'DELIVERED', delivery: { spaceId: 'sp-delivered' } });
    expect((await t.emails()).at(-1)).toMatchObject({ topic: 'capture.order.delivered', subject: 'Your digital twin is ready' });
  });
});

describe('the whole path through the upload pipeline', () => {
  test('the technician uploads a GLB (tus), binds it, the job processes it: the order is DELIVERED with a real tour', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'discover-delivery-'));
    try {
      const { t, order } = await captured({ env: { DATA_DIR: dir } });
      const glb = await roomGlb();
      const tus = (method: string, path: string, headers: Record<string, string>, body?: BodyInit) =>
        t.app.request(path, {
          method,
          headers: { origin: TEST_ORIGIN, 'x-test-user': 'tech', 'Tus-Resumable': '1.0.0', ...headers },
          ...(body === undefined ? {} : { body, duplex: 'half' }),
        });
      const created = await tus('POST', CAPTURE_UPLOAD_PATH, {
        'Upload-Length': String(glb.length),
        'Upload-Metadata': `filename ${Buffer.from('visit.glb').toString('base64')}`,
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const path = created.headers.get('location') ?? '';
      const uploadId = path.split('/').pop() ?? '';
      const sent = await tus('PATCH', path, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }, glb as BodyInit);
      expect(sent.status).toBe(204);
      const bound = await t.call('tech', 'POST', `/admin/api/capture/jobs/${order.id}/upload/`, { uploadId });
      expect(bound.json).toMatchObject({ status: 'CAPTURED', upload: { id: uploadId, status: 'processing' } });

      const worker = new JobWorker({
        db: t.db.kysely,
        kinds: { [CAPTURE_JOB]: captureJobKind({ db: t.db.kysely, env: t.deps.env, clock: t.clock }) },
        clock: t.clock,
        onError: (e) => expect.fail(String(e)),
      });
      while (await worker.runOnce());

      const seen = (await t.call('owner', 'GET', `/api/capture/orders/${order.id}/`)).json as unknown as Order;
      expect(seen.status).toBe('DELIVERED');
      const modelId = new URL(seen.delivery.spaceUrl ?? '', 'http://x').searchParams.get('m') ?? '';
      const tour = await t.call('owner', 'GET', `/api/content/space/${modelId}/tour/`);
      expect(tour.status).toBe(200);
      expect((tour.json as { model?: { url: string } }).model?.url).toMatch(/model\.glb$/);
      const space = await t.db.kysely.selectFrom('spaces').select(['visibility', 'organizationId']).where('modelId', '=', modelId).executeTakeFirstOrThrow();
      expect(space).toEqual({ visibility: 'PRIVATE', organizationId: ORG });
      expect((await t.emails()).at(-1)).toMatchObject({ topic: 'capture.order.delivered', to: 'olivia@example.com', subject: 'Your digital twin is ready' });
      expect(((await t.call('tech', 'GET', `/admin/api/capture/jobs/${order.id}/`)).json as { upload: unknown }).upload).toMatchObject({ status: 'ready' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the delivery email at a real SMTP peer', () => {
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

  test('"Your digital twin is ready" reaches the customer', async () => {
    const { t, order } = await captured({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    await t.outbox.runOnce();
    received.length = 0;
    await processCapture(t, order.id);
    await t.outbox.runOnce();
    expect(received.map((m) => m.to)).toEqual([['olivia@example.com']]);
    expect(received[0]?.raw).toMatch(/^Subject: Your digital twin is ready$/m);
  });
});
