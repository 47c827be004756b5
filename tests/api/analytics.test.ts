import { afterEach, describe, expect, it } from 'vitest';
import { ACCEPT_ALL, CONSENT_COOKIE, consentRecord, type ConsentRecord } from '../../src/domain/consent.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import { SESSIONS } from './fixtures.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const cookieOf = (record: ConsentRecord) => `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(record))}`;
const event = (name: 'page_view' | 'search' | 'error', props: Record<string, string | number | boolean | null> = {}) => ({
  name,
  props,
  at: '2026-03-01T10:00:00.000Z',
  path: '/discover/',
  locale: 'en',
  sessionId: 'session-0001',
});

async function post(app: TestApp['app'], body: unknown, headers: Record<string, string> = {}) {
  return app.request('/api/analytics/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'user-agent': 'x'.repeat(400), 'x-forwarded-for': '203.0.113.9', ...headers },
    body: JSON.stringify(body),
  });
}

const rows = (t: TestApp) => t.db.kysely.selectFrom('analytics_events').selectAll().orderBy('occurredAt').execute();

describe('analytics collector (spec 7)', () => {
  it('stores nothing without a consent cookie, or when performance is refused', async () => {
    current = await createTestApp();
    expect(await (await post(current.app, { events: [event('page_view')] })).json()).toEqual({ stored: 0 });
    const noPerf = cookieOf(consentRecord({ performance: false, functionality: true, targeting: true }));
    const res = await post(current.app, { events: [event('page_view')] }, { cookie: noPerf });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ stored: 0 });
    expect(await rows(current)).toHaveLength(0);
  });

  it('stores the literal {ip} without targeting consent, the address with it', async () => {
    current = await createTestApp();
    const perfOnly = cookieOf(consentRecord({ performance: true, functionality: false, targeting: false }));
    await post(current.app, { events: [event('search', { query: 'museum', location: 'header', override: null })] }, { cookie: perfOnly });
    await post(current.app, { events: [{ ...event('page_view'), at: '2026-03-01T11:00:00.000Z' }] }, { cookie: cookieOf(ACCEPT_ALL) });
    const [search, view] = await rows(current);
    expect(search?.ip).toBe('{ip}');
    expect(JSON.parse(search?.props ?? '{}')).toEqual({ query: 'museum', location: 'header', override: null });
    expect(view?.ip).toBe('203.0.113.9');
    expect(view?.userAgent).toHaveLength(255);
    expect(view?.role).toBe('guest');
  });

  it('records the analytics role from the session (spec 6)', async () => {
    current = await createTestApp({ session: () => Promise.resolve(SESSIONS.admin) });
    await post(
      current.app,
      {
        events: [
          event('error', {
            error_message: 'boom',
            error_type: 'TypeError',
            error_stack: 's',
            error_component_stack: 'c',
            session_start: '2026-03-01T09:00:00.000Z',
          }),
        ],
      },
      { cookie: cookieOf(ACCEPT_ALL) },
    );
    const [row] = await rows(current);
    expect(row?.role).toBe('admin');
    expect(row?.name).toBe('error');
  });

  it('refuses unknown events and oversized batches', async () => {
    current = await createTestApp();
    expect((await post(current.app, { events: [{ ...event('page_view'), name: 'purchase' }] })).status).toBe(400);
    expect((await post(current.app, { events: Array.from({ length: 21 }, () => event('page_view')) })).status).toBe(400);
  });
});

describe('consent ping (spec 7)', () => {
  it('answers 204 without caching', async () => {
    current = await createTestApp();
    const res = await current.app.request('/api/mp/consent-cookie');
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
