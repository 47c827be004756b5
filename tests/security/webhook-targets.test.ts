import type * as nodeDns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminLeadPage, LeadReceipt } from '../../src/domain/marketplace.ts';
import { checkedLookup, refusedAddress, refusedUrl, refusedUrlMessage } from '../../src/server/modules/webhooks/address-policy.ts';
import { deliveryError, webhookDeliverer } from '../../src/server/modules/webhooks/deliver-webhook.ts';
import { envEndpoints, newWebhookSecret } from '../../src/server/modules/webhooks/content-webhooks.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import { SESSIONS, seedFixtures } from '../api/fixtures.ts';
import { leadBody, marketplaceApp } from '../api/marketplace-helpers.ts';

/**
 * DNS answers for names under `.test` (RFC 6761: never real), so a name can be made to resolve to
 * what a test needs; every other name resolves as usual.
 */
const FAKE_DNS: Record<string, { address: string; family: number }[]> = {
  'loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ],
  'mapped.test': [{ address: '::ffff:169.254.169.254', family: 6 }],
  'public.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
  ],
};
/** How often each fake name was resolved. */
const resolved = new Map<string, number>();
vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof nodeDns>();
  type Callback = (error: NodeJS.ErrnoException | null, addresses: { address: string; family: number }[]) => void;
  const lookup = (hostname: string, options: unknown, callback: Callback) => {
    const fake = FAKE_DNS[hostname];
    if (fake) {
      resolved.set(hostname, (resolved.get(hostname) ?? 0) + 1);
      return process.nextTick(() => callback(null, fake));
    }
    return (dns.lookup as unknown as (h: string, o: unknown, c: Callback) => void)(hostname, options, callback);
  };
  return { ...dns, default: { ...dns, lookup }, lookup };
});

/** The forms of addresses the issue names, as an administrator might type them. */
const REFUSED_URLS: [string, string][] = [
  ['http://127.0.0.1:8080/hook', 'loopback'],
  ['http://localhost/hook', 'loopback'],
  ['http://LOCALHOST./hook', 'loopback'],
  ['http://api.localhost/hook', 'loopback'],
  ['http://[::1]/hook', 'loopback'],
  ['http://0.0.0.0/hook', 'unspecified'],
  ['http://[::]/hook', 'unspecified'],
  ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
  ['http://metadata.google.internal/computeMetadata/v1/', 'cloud metadata'],
  ['http://[fd00:ec2::254]/', 'cloud metadata'],
  ['http://2130706433/hook', 'loopback'], // decimal
  ['http://017700000001/hook', 'loopback'], // octal
  ['http://0177.0.0.1/hook', 'loopback'],
  ['http://0x7f.0.0.1/hook', 'loopback'], // hex
  ['http://0x7f000001/hook', 'loopback'],
  ['http://127.1/hook', 'loopback'],
  ['http://[::ffff:127.0.0.1]/hook', 'loopback'], // IPv4-mapped IPv6
  ['http://[::ffff:a9fe:a9fe]/hook', 'cloud metadata'],
  ['http://[0:0:0:0:0:ffff:10.0.0.1]/hook', 'private'],
  ['http://10.1.2.3/hook', 'private'],
  ['http://172.16.0.1/hook', 'private'],
  ['http://172.31.255.254/hook', 'private'],
  ['http://192.168.1.10/hook', 'private'],
  ['http://[fc00::1]/hook', 'private'],
  ['http://[fd12:3456::1]/hook', 'private'],
  ['http://169.254.1.1/hook', 'link-local'],
  ['http://[fe80::1]/hook', 'link-local'],
  ['http://100.64.0.1/hook', 'shared (CGNAT)'],
  ['http://100.127.255.254/hook', 'shared (CGNAT)'],
  ['http://224.0.0.251/hook', 'multicast'],
  ['http://[ff02::1]/hook', 'multicast'],
  ['http://255.255.255.255/hook', 'reserved'],
  ['http://[64:ff9b::7f00:1]/hook', 'loopback'], // NAT64 of 127.0.0.1
];
const PUBLIC_URLS = [
  'https://hooks.example.com/discover',
  'http://93.184.216.34/hook',
  'http://172.32.0.1/hook',
  'http://100.128.0.1/hook',
  'http://[2606:4700::1111]/hook',
  'http://[64:ff9b::808:808]/hook',
];

describe('which addresses webhooks may reach', () => {
  it.each(REFUSED_URLS)('refuses %s (%s)', (url, label) => {
    expect(refusedUrl(url)).toBe(label);
  });

  it.each(PUBLIC_URLS.map((u) => [u]))('allows %s', (url) => {
    expect(refusedUrl(url)).toBeNull();
  });

  it('judges resolved addresses in both families, mapped forms included', () => {
    expect(refusedAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(refusedAddress('::ffff:7f00:1')).toBe('loopback');
    expect(refusedAddress('::127.0.0.1')).toBe('loopback');
    expect(refusedAddress('100.100.100.200')).toBe('cloud metadata');
    expect(refusedAddress('8.8.8.8')).toBeNull();
  });

  const lookup = (host: string, all: boolean) =>
    new Promise<unknown>((ok, fail) => {
      checkedLookup(host, { all }, (error, address, family) => (error ? fail(error) : ok(all ? address : { address, family })));
    });

  it('refuses a name when any address it resolves to is refused, and answers exactly the addresses it checked', async () => {
    await expect(lookup('loopback.test', false)).rejects.toThrow(/address not allowed \(loopback.test: loopback\)/);
    await expect(lookup('mixed.test', true)).rejects.toThrow(/private/);
    await expect(lookup('mapped.test', false)).rejects.toThrow(/cloud metadata/);
    await expect(lookup('localhost', true)).rejects.toThrow(/loopback/);
    expect(await lookup('public.test', false)).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await lookup('public.test', true)).toEqual(FAKE_DNS['public.test']);
  });
});

describe('saving an endpoint (admin API)', () => {
  const admin = async (env: Record<string, string> = {}) => {
    const t = await createTestApp({ env, session: () => Promise.resolve(SESSIONS.admin) });
    await seedFixtures(t.db.kysely);
    const post = (url: string) =>
      t.app.request('/admin/api/webhook/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify({ url }),
      });
    return { ...t, post };
  };

  it.each(REFUSED_URLS)('POST /admin/api/webhook/ refuses %s with 400 and says why', async (url, label) => {
    const t = await admin();
    const res = await t.post(url);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: refusedUrlMessage(label),
      extra: { fields: [{ path: 'json.url', message: refusedUrlMessage(label) }] },
      retry: false,
    });
    expect(await t.db.kysely.selectFrom('webhook_endpoints').select('id').execute()).toHaveLength(0);
    await t.close();
  });

  it('saves a public endpoint, and any endpoint with ALLOW_PRIVATE_WEBHOOK_TARGETS=true', async () => {
    const t = await admin();
    expect((await t.post('https://hooks.example.com/discover')).status).toBe(200);
    await t.close();
    const dev = await admin({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
    expect((await dev.post('http://127.0.0.1:4700/webhook')).status).toBe(200);
    await dev.close();
  });

  it('refuses a partner’s lead endpoint the same way when created or changed, not when another field changes', async () => {
    const t = await marketplaceApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'false' } });
    const body = { name: 'Planwise', slug: 'planwise', contactEmail: 'leads@planwise.example', website: null, isActive: true, logo: null };
    for (const [url, label] of [
      ['http://169.254.169.254/latest/', 'cloud metadata'],
      ['http://[::1]/leads', 'loopback'],
      ['http://0x7f000001/leads', 'loopback'],
    ] as const) {
      const res = await t.call('admin', 'POST', '/admin/api/marketplace/partners/', { ...body, leadEndpointUrl: url });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', extra: { fields: [{ path: 'json.leadEndpointUrl', message: refusedUrlMessage(label) }] } });
    }
    const created = await t.call<{ id: string }>('admin', 'POST', '/admin/api/marketplace/partners/', {
      ...body,
      leadEndpointUrl: 'https://planwise.example/leads',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const changed = await t.call('admin', 'PUT', `/admin/api/marketplace/partners/${id}/`, { ...body, leadEndpointUrl: 'http://192.168.0.10/leads' });
    expect(changed.status).toBe(400);
    expect(changed.body.extra?.fields?.[0]?.path).toBe('json.leadEndpointUrl');
    // An address saved before the rule (the demo's 127.0.0.1:4799) does not block editing the partner's name.
    await t.db.kysely.updateTable('marketplace_partners').set({ leadEndpointUrl: 'http://127.0.0.1:4799/leads/planwise' }).where('id', '=', id).execute();
    const renamed = await t.call('admin', 'PUT', `/admin/api/marketplace/partners/${id}/`, {
      ...body,
      name: 'Planwise Ltd',
      leadEndpointUrl: 'http://127.0.0.1:4799/leads/planwise',
    });
    expect(renamed.status).toBe(200);
    await t.close();
  });
});

describe('delivering', () => {
  let receiver: Server;
  let port: number;
  const hits: string[] = [];
  const SECRET = newWebhookSecret();
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      hits.push(req.url ?? '');
      req.resume();
      req.on('end', () => {
        if (req.url?.startsWith('/fail')) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end('stack trace of db-internal-7.corp:5432 password=hunter2');
          return;
        }
        if (req.url?.startsWith('/hang')) return; // never answers
        res.writeHead(204);
        res.end();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((ok) => receiver.close(() => ok())));
  beforeEach(() => {
    hits.length = 0;
  });

  /** A content-webhook endpoint row, as an administrator's (saved before the rule, or a name DNS later pointed inside). */
  const endpointRow = (url: string) => ({
    id: `whk_${url.length}${Math.random().toString(36).slice(2, 8)}`,
    url,
    description: null,
    secret: SECRET,
    createdAt: new Date().toISOString(),
    createdBy: 'u-admin',
  });

  const world = async (env: Record<string, string> = {}) => {
    const t = await createTestApp({ env, session: () => Promise.resolve(SESSIONS.admin) });
    await seedFixtures(t.db.kysely);
    const change = () =>
      t.app.request('/admin/api/banner/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify({ color: 'FFBB00', text: 'Hello' }),
      });
    const log = async () =>
      ((await (await t.app.request('/admin/api/webhook/delivery/')).json()) as { results: { url: string; status: string; lastError: string | null }[] })
        .results;
    return { ...t, change, log };
  };

  it.each([
    ['an IP literal', () => `http://127.0.0.1:${port}/literal`, 'address not allowed (loopback)'],
    ['its decimal form', () => `http://2130706433:${port}/decimal`, 'address not allowed (loopback)'],
    ['a name for this machine', () => `http://localhost:${port}/name`, 'address not allowed (loopback)'],
    ['a name DNS points inside', () => `http://loopback.test:${port}/dns`, 'address not allowed (loopback)'],
    ['a name with one inside address among public ones', () => `http://mixed.test:${port}/mixed`, 'address not allowed (private)'],
  ])('refuses %s at delivery time without connecting; the log says why', async (_what, url, error) => {
    const t = await world();
    await t.db.kysely.insertInto('webhook_endpoints').values(endpointRow(url())).execute();
    expect((await t.change()).status).toBe(200);
    expect(await t.outbox.runOnce()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect(hits).toEqual([]);
    const [d] = await t.log();
    expect(d).toMatchObject({ status: 'pending', lastError: error });
    await t.close();
  });

  it('connects to the address its one lookup answered (a .test name reaches the receiver only through it)', async () => {
    // The same lookup as above, without the refusal: the connection goes where it said, resolved once.
    const t = await world({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
    await t.db.kysely
      .insertInto('webhook_endpoints')
      .values(endpointRow(`http://loopback.test:${port}/allowed`))
      .execute();
    await t.change();
    resolved.clear();
    expect(await t.outbox.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(hits).toEqual(['/allowed']);
    expect(resolved.get('loopback.test')).toBe(1);
    await t.close();
  });

  it('trusts the operator’s CONTENT_WEBHOOK_URL wherever it points, but not an administrator’s endpoint with the same URL', async () => {
    const url = `http://127.0.0.1:${port}/operator`;
    const t = await world({ CONTENT_WEBHOOK_URL: url, CONTENT_WEBHOOK_SECRET: SECRET });
    expect(envEndpoints(t.deps.env)).toHaveLength(1);
    await t.db.kysely.insertInto('webhook_endpoints').values(endpointRow(url)).execute();
    await t.change();
    expect(await t.outbox.runOnce()).toEqual({ delivered: 1, retrying: 1, failed: 0 });
    expect(hits).toEqual(['/operator']);
    const log = await t.log();
    expect(log.map((d) => [d.status, d.lastError]).sort()).toEqual([
      ['delivered', null],
      ['pending', 'address not allowed (loopback)'],
    ]);
    await t.close();
  });

  it('shows the status, never the receiver’s answer, in the delivery log (old rows too)', async () => {
    const t = await world({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
    await t.db.kysely
      .insertInto('webhook_endpoints')
      .values(endpointRow(`http://127.0.0.1:${port}/fail`))
      .execute();
    await t.change();
    await t.outbox.runOnce();
    const raw = await (await t.app.request('/admin/api/webhook/delivery/')).text();
    expect(raw).not.toMatch(/hunter2|db-internal|stack trace/);
    expect((await t.log())[0]?.lastError).toBe('HTTP 500');
    const stored = await t.db.kysely.selectFrom('outbox').select('lastError').executeTakeFirstOrThrow();
    expect(stored.lastError).toBe('HTTP 500');
    await t.close();
    // Rows written before: the start of the body, or fetch's words.
    expect(deliveryError('HTTP 502: <html>Bad gateway at 10.0.0.3</html>')).toBe('HTTP 502');
    expect(deliveryError('POST http://x.example/h failed: fetch failed (ECONNREFUSED)')).toBe('connection refused');
    expect(deliveryError('POST http://x.example/h failed: no answer within 15 s')).toBe('timeout (no answer within 15 s)');
    expect(deliveryError('POST http://x.example/h failed: fetch failed (ENOTFOUND)')).toBe('DNS lookup failed');
  });

  it('names a timeout, a refused connection and a redirect by their class', async () => {
    const deliver = webhookDeliverer(undefined, undefined, { timeoutMs: 300, allowPrivate: () => true });
    const message = (path: string, p = port) => ({
      id: 'msg_1',
      kind: 'webhook',
      topic: 't',
      attempt: 1,
      endpointId: null,
      payload: { url: `http://127.0.0.1:${p}${path}`, secret: SECRET, body: '{}' },
    });
    await expect(deliver(message('/hang'))).rejects.toThrow(/^timeout \(no answer within 0\.3 s\)$/);
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const free = (closed.address() as AddressInfo).port;
    await new Promise<void>((ok) => closed.close(() => ok()));
    await expect(deliver(message('/x', free))).rejects.toThrow(/^connection refused$/);
    await expect(deliver(message('/fail'))).rejects.toThrow(/^HTTP 500$/);
    await expect(deliver(message('/ok'))).resolves.toBeUndefined();
  });

  it('refuses a partner’s lead endpoint inside at delivery; the leads log shows the class', async () => {
    const t = await marketplaceApp({ start: new Date(), env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'false' } });
    const { appSlug, partnerId } = await t.catalog({ leadEndpointUrl: 'https://planwise.example/leads' });
    // The demo's partners point at 127.0.0.1:4799; so does a row saved before the rule.
    await t.db.kysely
      .updateTable('marketplace_partners')
      .set({ leadEndpointUrl: `http://127.0.0.1:${port}/leads` })
      .where('id', '=', partnerId)
      .execute();
    const lead = await t.call<LeadReceipt>('owner', 'POST', `/api/marketplace/apps/${appSlug}/leads/`, leadBody(['ownLoft']));
    expect(lead.status).toBe(201);
    await t.outbox.runOnce();
    expect(hits).toEqual([]);
    const page = await t.call<AdminLeadPage>('admin', 'GET', '/admin/api/marketplace/leads/');
    const webhook = page.body.results[0]?.deliveries.find((d) => d.channel === 'WEBHOOK');
    expect(webhook).toMatchObject({ status: 'pending', lastError: 'address not allowed (loopback)' });
    await t.close();
  });
});
