import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { contentChangedPayload } from '../../src/server/modules/webhooks/content-webhooks.ts';
import { createDispatchRelay } from '../../src/server/publish/github-dispatch.ts';
import type { ContentHint } from '../../src/domain/publish-protocol.ts';
import type { PublishResult } from '../../src/server/publish/publisher.ts';
import { createPublisherService } from '../../src/server/publish/webhook-receiver.ts';

/**
 * The standalone publisher's webhook endpoint (`npm run publisher`) and the CI relay
 * (`npm run webhook-relay`) act only on deliveries signed the Standard Webhooks way with the shared
 * secret and stamped within 5 minutes; the product's outbox signs them so (content-webhooks.ts).
 */
const SECRET = `whsec_${Buffer.from('publisher-test-secret-0123456789').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('someone-else-secret-012345678901').toString('base64')}`;

function fakePublisher() {
  const pokes: ContentHint[] = [];
  return { pokes, publisher: { poke: (h?: ContentHint) => void pokes.push(h as ContentHint), lastPublish: null as PublishResult | null, history: [] } };
}

/** A delivery of a content change as the product's outbox sends it. */
function delivery(opts: { secret?: string; at?: Date; id?: string; tamper?: boolean } = {}) {
  const body = JSON.stringify(contentChangedPayload({ eventId: 42, type: 'COLLECTION', ids: ['c-1'], action: 'UPDATE', time: '2026-11-23T00:00:00.000Z' }));
  const id = opts.id ?? 'msg_1';
  const at = opts.at ?? new Date();
  const signature = new Webhook(opts.secret ?? SECRET).sign(id, at, body);
  return new Request('http://publisher.test/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body: opts.tamper ? body.replace('c-1', 'c-2') : body,
  });
}

describe('the standalone publisher refuses what it cannot verify', () => {
  test('a correctly signed, fresh delivery schedules a publish of that change', async () => {
    const { publisher, pokes } = fakePublisher();
    const app = createPublisherService({ publisher, secret: SECRET });
    const res = await app.request(delivery());
    expect(res.status).toBe(202);
    expect(pokes).toEqual([{ type: 'COLLECTION', ids: ['c-1'] }]);
  });

  test('a signature made with another secret is 401 and publishes nothing', async () => {
    const { publisher, pokes } = fakePublisher();
    const app = createPublisherService({ publisher, secret: SECRET });
    const res = await app.request(delivery({ secret: OTHER }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'The webhook signature or timestamp is not valid.', extra: null, retry: false });
    expect(pokes).toEqual([]);
  });

  test('a body changed after signing is 401', async () => {
    const { publisher, pokes } = fakePublisher();
    const res = await createPublisherService({ publisher, secret: SECRET }).request(delivery({ tamper: true }));
    expect(res.status).toBe(401);
    expect(pokes).toEqual([]);
  });

  test('a timestamp older than 5 minutes is 401 (a replayed delivery), even with a valid signature', async () => {
    const { publisher, pokes } = fakePublisher();
    const app = createPublisherService({ publisher, secret: SECRET });
    expect((await app.request(delivery({ at: new Date(Date.now() - 6 * 60_000) }))).status).toBe(401);
    expect((await app.request(delivery({ at: new Date(Date.now() + 6 * 60_000) }))).status).toBe(401);
    // Within the tolerance it is accepted.
    expect((await app.request(delivery({ at: new Date(Date.now() - 4 * 60_000), id: 'msg_2' }))).status).toBe(202);
    expect(pokes).toHaveLength(1);
  });

  test('unsigned requests are 401', async () => {
    const { publisher } = fakePublisher();
    const res = await createPublisherService({ publisher, secret: SECRET }).request('http://publisher.test/webhook', { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
  });

  test('a delivery the outbox sends again (same webhook-id) is acknowledged once', async () => {
    const { publisher, pokes } = fakePublisher();
    const app = createPublisherService({ publisher, secret: SECRET });
    expect((await app.request(delivery({ id: 'msg_9' }))).status).toBe(202);
    expect((await app.request(delivery({ id: 'msg_9' }))).status).toBe(202);
    expect(pokes).toHaveLength(1);
  });
});

describe('the CI relay', () => {
  test('verifies, gathers changes and sends one repository_dispatch of type content-changed', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const relay = createDispatchRelay({
      secret: SECRET,
      repo: 'acme/discover-site',
      token: 'ghp_test',
      debounceMs: 60_000,
      fetch: (url, init) => {
        calls.push({ url: url instanceof Request ? url.url : url.toString(), init: init as RequestInit });
        return Promise.resolve(new Response(null, { status: 204 }));
      },
    });
    expect((await relay.app.request(delivery({ secret: OTHER }))).status).toBe(401);
    expect((await relay.app.request(delivery({ id: 'a' }))).status).toBe(202);
    expect((await relay.app.request(delivery({ id: 'b' }))).status).toBe(202);
    await relay.flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.github.com/repos/acme/discover-site/dispatches');
    expect((calls[0]?.init.headers as Record<string, string>)['Authorization']).toBe('Bearer ghp_test');
    expect(JSON.parse(calls[0]?.init.body as string)).toMatchObject({ event_type: 'content-changed', client_payload: { count: 2 } });
  });
});
