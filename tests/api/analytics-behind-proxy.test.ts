/**
 * The analytics collector behind a load balancer (CLIENT_IP_HEADER): it counts its rate limit per
 * visitor, not per proxy, and stores the visitor's address (with targeting consent), not the proxy's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT_ALL, CONSENT_COOKIE } from '../../src/domain/consent.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CLIENT_IP_HEADER: 'x-real-ip' } });
});
afterAll(() => t.close());

/** Every request arrives over the proxy's connection, as @hono/node-server hands it over. */
const PROXY = { incoming: { socket: { remoteAddress: '10.0.0.5' } } };
const BATCH = Array.from({ length: 20 }, (_, i) => ({
  name: 'page_view' as const,
  props: {},
  at: '2026-03-01T10:00:00.000Z',
  path: `/discover/p${i}/`,
  locale: 'en',
  sessionId: 'session-0001',
}));

/** Posts a batch of 20 events for a visitor, through the proxy. */
const send = (visitor: string, cookie?: string) =>
  t.app.request(
    '/api/analytics/events',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-real-ip': visitor, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ events: BATCH }),
    },
    PROXY,
  );

describe('analytics behind a load balancer', () => {
  it('rate-limits each visitor on its own, not everyone behind the proxy together', async () => {
    // 600 events a minute per visitor: 30 batches of 20 pass, the 31st is refused.
    for (let i = 0; i < 30; i++) expect((await send('203.0.113.10')).status).toBe(202);
    const refused = await send('203.0.113.10');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', retry: true });
    // Another visitor through the same proxy is not affected.
    expect((await send('203.0.113.11')).status).toBe(202);
  });

  it("stores the visitor's address, not the proxy's", async () => {
    const cookie = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(ACCEPT_ALL))}`;
    expect(await (await send('203.0.113.12', cookie)).json()).toEqual({ stored: 20 });
    const ips = await t.db.kysely.selectFrom('analytics_events').select('ip').distinct().execute();
    expect(ips.map((r) => r.ip)).toEqual(['203.0.113.12']);
  });
});
