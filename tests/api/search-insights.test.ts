import { afterEach, describe, expect, it } from 'vitest';
import { ACCEPT_ALL, CONSENT_COOKIE } from '../../src/domain/consent.ts';
import type { SearchInsights } from '../../src/domain/search-insights.ts';
import { TestClock } from '../../src/server/platform/clock.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import { SESSIONS, json, seedFixtures } from './fixtures.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

type Props = Record<string, string | number | null>;
const CONSENTED = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(ACCEPT_ALL))}`;

/** An admin's test app over the fixture world, its clock on 10 March 2030. */
async function world() {
  const clock = new TestClock('2030-03-10T12:00:00.000Z');
  const t = await createTestApp({ session: () => Promise.resolve(SESSIONS.admin), clock });
  await seedFixtures(t.db.kysely);
  current = t;
  const send = async (events: [string, Props][], cookie = CONSENTED) => {
    const body = {
      events: events.map(([name, props]) => ({
        name,
        props,
        at: clock.now().toISOString(),
        path: '/discover/search/',
        locale: 'en',
        sessionId: 'session-0001',
      })),
    };
    const res = await t.app.request('/api/analytics/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
  };
  const insights = async (query = '') => json<SearchInsights>(await t.app.request(`/admin/api/search-insights/${query}`));
  return { t, clock, send, insights };
}

const searched = (query: string): [string, Props] => ['search', { query, location: 'header', override: null }];
const answered = (query: string, results: number): [string, Props] => ['search_results', { query, results }];
const clicked = (query: string, space: string): [string, Props] => ['search_click', { query, space, position: 1, location: 'page' }];

describe('search insights for administrators (issue 25)', () => {
  it('counts a query once whatever its case, accents and spaces, named by its most used spelling', async () => {
    const { send, insights } = await world();
    await send([searched('Château'), searched('  chateau '), searched('CHATEAU'), searched('Château'), searched('museum')]);
    await send([answered('chateau', 3)]);
    const r = await insights();
    expect(r.topQueries).toEqual([
      { query: 'Château', searches: 4, results: 3 },
      { query: 'museum', searches: 1, results: null },
    ]);
    expect(r.totals.searches).toBe(5);
  });

  it('lists the queries the search page answered with nothing, most searched first', async () => {
    const { send, insights, clock } = await world();
    await send([answered('lighthuose', 0), answered('Lighthuose', 0), answered('zeppelin', 0), answered('loft', 4)]);
    clock.advance(60_000);
    await send([answered('zeppelin', 0), answered('zeppelin', 0)]);
    const r = await insights();
    expect(r.noResults).toEqual([
      { query: 'zeppelin', searches: 3, lastAt: '2030-03-10T12:01:00.000Z' },
      { query: 'lighthuose', searches: 2, lastAt: '2030-03-10T12:00:00.000Z' },
    ]);
    expect(r.totals.noResults).toBe(5);
  });

  it('lists the spaces opened from results with their name, link and the queries that led there', async () => {
    const { send, insights } = await world();
    await send([clicked('loft', 'LOFTPARIS01'), clicked('Loft ', 'LOFTPARIS01'), clicked('paris', 'LOFTPARIS01'), clicked('museum', 'GONE000001')]);
    const r = await insights();
    expect(r.clicked[0]).toMatchObject({
      modelId: 'LOFTPARIS01',
      url: '/discover/space/LOFTPARIS01/',
      clicks: 3,
      queries: [
        { query: 'loft', clicks: 2 },
        { query: 'paris', clicks: 1 },
      ],
    });
    expect(r.clicked[0]?.name).toEqual(expect.any(String));
    expect(r.clicked[1]).toMatchObject({ modelId: 'GONE000001', name: null, clicks: 1 });
    expect(r.totals.clicks).toBe(4);
  });

  it('covers the chosen days only, the last 30 by default', async () => {
    const { send, insights, clock } = await world();
    clock.set('2030-01-15T10:00:00.000Z');
    await send([searched('winter')]);
    clock.set('2030-03-01T23:59:00.000Z');
    await send([searched('spring')]);
    clock.set('2030-03-10T12:00:00.000Z');
    expect((await insights()).topQueries.map((q) => q.query)).toEqual(['spring']);
    const january = await insights('?from=2030-01-01&to=2030-01-15');
    expect(january).toMatchObject({ from: '2030-01-01', to: '2030-01-15', topQueries: [{ query: 'winter', searches: 1 }] });
    expect((await insights('?from=2030-03-02&to=2030-03-10')).topQueries).toEqual([]);
  });

  it('knows nothing of visitors who refused analytics', async () => {
    const { send, insights } = await world();
    await send([searched('secret'), answered('secret', 0)], '');
    expect(await insights()).toMatchObject({ totals: { searches: 0, noResults: 0, clicks: 0 }, topQueries: [], noResults: [], clicked: [] });
  });

  it('refuses a period that ends before it starts or is longer than 366 days', async () => {
    const { t } = await world();
    expect((await t.app.request('/admin/api/search-insights/?from=2030-03-10&to=2030-03-01')).status).toBe(400);
    expect((await t.app.request('/admin/api/search-insights/?from=2028-01-01&to=2030-03-01')).status).toBe(400);
  });
});
