/**
 * Content webhooks end to end: an admin change through the app reaches a real HTTP receiver on
 * 127.0.0.1, signed the Standard Webhooks way; a failing receiver gets retries that the delivery
 * log shows; administrators manage endpoints through /admin/api/webhook.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { Banner } from '../../src/domain/homepage.ts';
import { pageOf } from '../../src/domain/page.ts';
import {
  ContentChangedPayload,
  CreatedWebhookEndpoint,
  QueuedDelivery,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookTestPayload,
} from '../../src/domain/webhooks.ts';
import { TestClock } from '../../src/server/platform/clock.ts';
import { newWebhookSecret } from '../../src/server/modules/webhooks/content-webhooks.ts';
import { createTestApp, TEST_ORIGIN, type TestAppOptions } from '../../src/server/testing.ts';
import { body } from './admin-helpers.ts';
import { SESSIONS, seedFixtures } from './fixtures.ts';

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver: records every request and answers with `status` for its path. */
let receiver: Server;
let base = '';
const hits: Hit[] = [];
const statusFor = new Map<string, number>();

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statusFor.get(req.url ?? '') ?? 204;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status >= 500 ? 'Receiver is down for maintenance' : '');
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => receiver.close(() => ok())));
beforeEach(() => {
  hits.length = 0;
  statusFor.clear();
});

const SECRET = newWebhookSecret();
const Deliveries = pageOf(WebhookDelivery);

/** The fixture world as an administrator (or `as` someone else), with the receiver configured as told. */
async function world(options: Omit<TestAppOptions, 'session'> = {}, as: keyof typeof SESSIONS | null = 'admin') {
  // The receiver listens on 127.0.0.1, which administrators' endpoints may only name with this set.
  const env = { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', ...options.env };
  const t = await createTestApp({ ...options, env, session: () => Promise.resolve(as ? SESSIONS[as] : null) });
  await seedFixtures(t.db.kysely);
  const call = (method: string, path: string, json?: unknown) =>
    t.app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  return {
    ...t,
    call,
    log: async (query = '') => Deliveries.parse(await body(await call('GET', `/admin/api/webhook/delivery/${query}`))),
    createBanner: async (text: string) => Banner.parse(await body(await call('POST', '/admin/api/banner/', { color: 'FFBB00', text }))),
  };
}

const hitsTo = (path: string) => hits.filter((h) => h.path === path);
const verify = (hit: Hit, secret: string) =>
  new Webhook(secret).verify(hit.body, {
    'webhook-id': String(hit.headers['webhook-id']),
    'webhook-timestamp': String(hit.headers['webhook-timestamp']),
    'webhook-signature': String(hit.headers['webhook-signature']),
  });

describe('content webhooks', () => {
  test('an admin change is delivered to the CONTENT_WEBHOOK_URL endpoints, signed, and the log says delivered', async () => {
    const t = await world({ env: { CONTENT_WEBHOOK_URL: `${base}/ci, ${base}/cdn`, CONTENT_WEBHOOK_SECRET: SECRET } });
    t.outbox.start();
    const banner = await t.createBanner('Spring sale');
    await vi.waitFor(() => expect(hits).toHaveLength(2), { timeout: 5000, interval: 20 });
    await t.outbox.stop();

    const event = await t.db.kysely.selectFrom('content_events').selectAll().executeTakeFirstOrThrow();
    for (const path of ['/ci', '/cdn']) {
      const [hit] = hitsTo(path);
      expect(hit, path).toBeDefined();
      if (!hit) continue;
      expect(hit.headers['content-type']).toBe('application/json');
      const payload = ContentChangedPayload.parse(verify(hit, SECRET));
      expect(payload).toEqual({
        type: 'content.changed',
        id: `evt_${event.id}`,
        timestamp: event.time,
        data: { entityType: 'BANNER', ids: [banner.id], action: 'CREATE', updatedAt: event.time },
      });
      // Another secret does not verify it.
      expect(() => verify(hit, newWebhookSecret())).toThrow(/No matching signature/);
    }
    // One message per endpoint; the same event id in both.
    expect(new Set(hits.map((h) => h.headers['webhook-id'])).size).toBe(2);

    const log = await t.log();
    expect(log.totalResults).toBe(2);
    for (const d of log.results) expect(d).toMatchObject({ topic: 'content.changed', status: 'delivered', attempts: 1, lastError: null });
    expect(log.results.map((d) => d.url).sort()).toEqual([`${base}/cdn`, `${base}/ci`]);
    await t.close();
  });

  test('the event and its webhook messages are written together, one per endpoint, and nothing without an endpoint', async () => {
    const none = await world();
    await none.createBanner('No endpoint');
    expect(await none.db.kysely.selectFrom('content_events').select('id').execute()).toHaveLength(1);
    expect(await none.db.kysely.selectFrom('outbox').select('id').execute()).toEqual([]);
    await none.close();

    const t = await world({ env: { CONTENT_WEBHOOK_URL: `${base}/one`, CONTENT_WEBHOOK_SECRET: SECRET } });
    await t.createBanner('First');
    await t.createBanner('Second');
    const rows = await t.db.kysely.selectFrom('outbox').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.kind, r.topic, r.target, r.status])).toEqual([
      ['webhook', 'content.changed', `${base}/one`, 'pending'],
      ['webhook', 'content.changed', `${base}/one`, 'pending'],
    ]);

    // Recorded inside a change's transaction that rolls back: neither the event nor its message exists.
    await expect(
      t.db.kysely.transaction().execute(async (tx) => {
        await t.deps.events.record(tx, 'SPACE', ['spc-rolled-back'], 'UPDATE');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.kysely.selectFrom('content_events').select('id').execute()).toHaveLength(2);
    expect(await t.db.kysely.selectFrom('outbox').select('id').execute()).toHaveLength(2);
    await t.close();
  });

  test('a receiver answering 500 gets retries with backoff; the log shows attempts and the error until it recovers', async () => {
    const clock = new TestClock(Date.now());
    const t = await world({ clock, env: { CONTENT_WEBHOOK_URL: `${base}/flaky`, CONTENT_WEBHOOK_SECRET: SECRET } });
    statusFor.set('/flaky', 500);
    await t.createBanner('Flaky');

    expect(await t.outbox.runOnce()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    let [d] = (await t.log()).results;
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 500' });
    const firstRetry = Date.parse(d?.nextAttemptAt ?? '') - clock.now().getTime();
    expect(firstRetry).toBeGreaterThanOrEqual(8_000);
    expect(firstRetry).toBeLessThanOrEqual(12_000);

    // Not before its time.
    expect(await t.outbox.runOnce()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    clock.set(d?.nextAttemptAt ?? '');
    expect(await t.outbox.runOnce()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    [d] = (await t.log()).results;
    expect(d).toMatchObject({ status: 'pending', attempts: 2, lastError: 'HTTP 500' });
    expect(Date.parse(d?.nextAttemptAt ?? '') - clock.now().getTime()).toBeGreaterThanOrEqual(16_000);

    statusFor.set('/flaky', 200);
    clock.set(d?.nextAttemptAt ?? '');
    expect(await t.outbox.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    [d] = (await t.log()).results;
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, deliveredAt: clock.now().toISOString(), nextAttemptAt: null });

    // Every retry is the same message (same webhook-id and body), signed again at its own time.
    const flaky = hitsTo('/flaky');
    expect(flaky).toHaveLength(3);
    expect(new Set(flaky.map((h) => h.headers['webhook-id']))).toEqual(new Set([d?.id]));
    expect(new Set(flaky.map((h) => h.body)).size).toBe(1);
    expect(flaky.map((h) => Number(h.headers['webhook-timestamp']))).toEqual([...flaky.map((h) => Number(h.headers['webhook-timestamp']))].sort());
    expect(ContentChangedPayload.parse(verify(flaky[2] as Hit, SECRET)).data.entityType).toBe('BANNER');

    expect((await t.log('?status=pending')).totalResults).toBe(0);
    expect((await t.log('?status=delivered')).totalResults).toBe(1);
    await t.close();
  });

  test('a restart with a new CONTENT_WEBHOOK_SECRET signs pending messages with it; the outbox stores no endpoint secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'discover-webhooks-'));
    const file = join(dir, 'discover.sqlite');
    const before = await world({ databaseFile: file, env: { CONTENT_WEBHOOK_URL: `${base}/rotate`, CONTENT_WEBHOOK_SECRET: SECRET } });
    await before.createBanner('Queued before the restart');
    const stored = await before.db.kysely.selectFrom('outbox').select('payload').executeTakeFirstOrThrow();
    expect(stored.payload).not.toContain('whsec_');
    await before.close();

    const rotated = newWebhookSecret();
    const after = await createTestApp({ databaseFile: file, env: { CONTENT_WEBHOOK_URL: `${base}/rotate`, CONTENT_WEBHOOK_SECRET: rotated } });
    expect(await after.outbox.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    const [hit] = hitsTo('/rotate');
    expect(ContentChangedPayload.parse(verify(hit as Hit, rotated)).data.entityType).toBe('BANNER');
    expect(() => verify(hit as Hit, SECRET)).toThrow();
    await after.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('an endpoint that does not answer records why', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/closed`;
    await new Promise<void>((ok) => probe.close(() => ok()));
    const t = await world({ env: { CONTENT_WEBHOOK_URL: closed, CONTENT_WEBHOOK_SECRET: SECRET } });
    await t.createBanner('Nobody listens');
    await t.outbox.runOnce();
    const [d] = (await t.log()).results;
    expect(d?.status).toBe('pending');
    expect(d?.lastError).toBe('connection refused');
    await t.close();
  });
});

describe('/admin/api/webhook', () => {
  test('administrators add an endpoint (secret shown once), list it beside the environment ones, and it receives changes', async () => {
    const t = await world({ env: { CONTENT_WEBHOOK_URL: `${base}/env`, CONTENT_WEBHOOK_SECRET: SECRET } });
    const created = CreatedWebhookEndpoint.parse(await body(await t.call('POST', '/admin/api/webhook/', { url: `${base}/admin`, description: 'Staging CDN' })));
    expect(created).toMatchObject({ url: `${base}/admin`, description: 'Staging CDN', source: 'admin' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = z.array(WebhookEndpoint).parse(await body(await t.call('GET', '/admin/api/webhook/')));
    expect(list.map((e) => [e.url, e.source])).toEqual([
      [`${base}/env`, 'env'],
      [`${base}/admin`, 'admin'],
    ]);
    expect(JSON.stringify(list)).not.toContain('whsec_');

    // The audit entry names the endpoint, never its secret.
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'WEBHOOK_CREATE').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ type: 'SETTING', isAdmin: 1 });
    expect(JSON.parse(audit.toValue ?? '')).toMatchObject({ id: created.id, url: `${base}/admin` });
    expect(audit.toValue).not.toContain('whsec_');

    await t.createBanner('To both');
    expect(await t.outbox.runOnce()).toMatchObject({ delivered: 2 });
    const [hit] = hitsTo('/admin');
    expect(ContentChangedPayload.parse(verify(hit as Hit, created.secret)).data.entityType).toBe('BANNER');
    expect(() => verify(hit as Hit, SECRET)).toThrow();
    expect((await t.log(`?endpointId=${created.id}`)).results.map((d) => d.url)).toEqual([`${base}/admin`]);
    await t.close();
  });

  test('a given secret is used; a taken URL answers 409, a bad URL or secret 400', async () => {
    const t = await world({ env: { CONTENT_WEBHOOK_URL: `${base}/env`, CONTENT_WEBHOOK_SECRET: SECRET } });
    const mine = newWebhookSecret();
    expect(CreatedWebhookEndpoint.parse(await body(await t.call('POST', '/admin/api/webhook/', { url: `${base}/mine`, secret: mine }))).secret).toBe(mine);
    expect(await body(await t.call('POST', '/admin/api/webhook/', { url: `${base}/mine` }), 409)).toMatchObject({ code: 'CONFLICT' });
    expect(await body(await t.call('POST', '/admin/api/webhook/', { url: `${base}/env` }), 409)).toMatchObject({ code: 'CONFLICT' });
    for (const bad of [{ url: 'ftp://example.com/' }, { url: 'example.com' }, { url: `${base}/x`, secret: 'plain-text' }, {}]) {
      expect(await body(await t.call('POST', '/admin/api/webhook/', bad), 400)).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    await t.close();
  });

  test('a test event is queued, delivered signed, and traceable in the log by the id answered', async () => {
    const t = await world();
    const created = CreatedWebhookEndpoint.parse(await body(await t.call('POST', '/admin/api/webhook/', { url: `${base}/test-me` })));
    const queued = QueuedDelivery.parse(await body(await t.call('POST', `/admin/api/webhook/${created.id}/test/`), 202));
    await t.outbox.runOnce();
    const [hit] = hitsTo('/test-me');
    expect(hit?.headers['webhook-id']).toBe(queued.id);
    const payload = WebhookTestPayload.parse(verify(hit as Hit, created.secret));
    expect(payload.data.endpointId).toBe(created.id);
    expect((await t.log()).results[0]).toMatchObject({ id: queued.id, topic: 'webhook.test', status: 'delivered', attempts: 1 });
    expect(await body(await t.call('POST', '/admin/api/webhook/whk_missing/test/'), 404)).toMatchObject({ code: 'NOT_FOUND' });
    await t.close();
  });

  test('removing an endpoint cancels its pending deliveries; environment endpoints cannot be removed here', async () => {
    const t = await world({ env: { CONTENT_WEBHOOK_URL: `${base}/env`, CONTENT_WEBHOOK_SECRET: SECRET } });
    const created = CreatedWebhookEndpoint.parse(await body(await t.call('POST', '/admin/api/webhook/', { url: `${base}/gone` })));
    await t.createBanner('Before removal');
    expect(await body(await t.call('DELETE', `/admin/api/webhook/${created.id}/`), 204)).toBeNull();
    expect(await t.outbox.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(hitsTo('/gone')).toEqual([]);
    expect((await t.log(`?endpointId=${created.id}`)).results.map((d) => d.status)).toEqual(['cancelled']);

    const list = z.array(WebhookEndpoint).parse(await body(await t.call('GET', '/admin/api/webhook/')));
    expect(list.map((e) => e.source)).toEqual(['env']);
    expect(await body(await t.call('DELETE', `/admin/api/webhook/${list[0]?.id}/`), 409)).toMatchObject({ code: 'CONFLICT' });
    expect(await body(await t.call('DELETE', `/admin/api/webhook/${created.id}/`), 404)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.db.kysely.selectFrom('audit_log').select('action').where('action', 'like', 'WEBHOOK_%').execute()).toEqual([
      { action: 'WEBHOOK_CREATE' },
      { action: 'WEBHOOK_DELETE' },
    ]);
    await t.close();
  });

  test('only administrators reach it', async () => {
    for (const who of [null, 'alice'] as const) {
      const t = await world({}, who);
      expect((await t.call('GET', '/admin/api/webhook/')).status).toBe(who ? 403 : 401);
      expect((await t.call('POST', '/admin/api/webhook/', { url: `${base}/x` })).status).toBe(who ? 403 : 401);
      expect((await t.call('GET', '/admin/api/webhook/delivery/')).status).toBe(who ? 403 : 401);
      await t.close();
    }
  });
});
