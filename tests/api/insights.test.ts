import { afterEach, describe, expect, it } from 'vitest';
import { ACCEPT_ALL, CONSENT_COOKIE } from '../../src/domain/consent.ts';
import type { SpaceInsight, SpaceInsightList, SpaceInsightPage } from '../../src/domain/insight.ts';
import { TestClock } from '../../src/server/platform/clock.ts';
import type { SessionUser } from '../../src/server/context.ts';
import { migrate } from '../../src/server/db/db.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import { json, SESSIONS, seedFixtures, W } from './fixtures.ts';

/** Besides the fixture's people: a MEMBER and a billing contact of Org A (Alice is its OWNER). */
const person = (id: string, role: 'MEMBER' | 'BILLING'): SessionUser => ({
  ...SESSIONS.bob,
  id,
  sid: `${id}sid`,
  email: `${id}@example.com`,
  accountId: `acc-${id}`,
  memberships: [{ accountId: W.acc.orgA, sid: 'orgasid001', name: 'Org A', role, flags: [] }],
});
const PEOPLE: Record<string, SessionUser> = { ...SESSIONS, mira: person('mira', 'MEMBER'), bill: person('bill', 'BILLING') };

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** The fixture world; each request is the person its `x-as` header names (none: a guest). */
async function world(now = '2026-06-15T12:00:00.000Z') {
  const clock = new TestClock(now);
  current = await createTestApp({ clock, session: (req) => Promise.resolve(PEOPLE[req.headers.get('x-as') ?? ''] ?? null) });
  await seedFixtures(current.db.kysely);
  const t = current;
  const get = (path: string, as?: string) => t.app.request(path, { headers: as ? { 'x-as': as } : {} });
  const views = (paths: string[], consent = true) =>
    t.app.request('/api/analytics/events', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: TEST_ORIGIN,
        'x-forwarded-for': '203.0.113.7',
        ...(consent ? { cookie: `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(ACCEPT_ALL))}` } : {}),
      },
      body: JSON.stringify({
        events: paths.map((path, i) => ({ name: 'page_view', props: {}, at: now, path, locale: 'en', sessionId: `session-${String(i).padStart(4, '0')}` })),
      }),
    });
  return { t, clock, get, views };
}

const LOFT = '/discover/space/LOFTPARIS01/';

describe('owners insight: daily views from the analytics collector', () => {
  it('counts consented page views of space pages per UTC day, whatever the locale prefix', async () => {
    const { clock, get, views } = await world('2026-06-14T23:30:00.000Z');
    expect((await views([LOFT, LOFT, '/discover/de/space/LOFTPARIS01/'])).status).toBe(202);
    // Not the space page: its related collections, another page, an unknown model, no consent.
    await views(['/discover/space/LOFTPARIS01/related-collections/', '/discover/', '/discover/space/NOSUCHMODEL/']);
    await views([LOFT], false);
    clock.set('2026-06-15T00:10:00.000Z');
    await views([LOFT]);

    const insight = await json<SpaceInsight>(await get(`/api/insights/space/${W.space.loft}/`, 'alice'));
    expect(insight.to).toBe('2026-06-15');
    expect(insight.from).toBe('2025-06-16');
    expect(insight.daily).toHaveLength(365);
    expect(insight.daily.slice(-2)).toEqual([3, 1]);
    expect(insight.last30.slice(-2)).toEqual([3, 1]);
    expect(insight.views30).toBe(4);
    expect(insight.views365).toBe(4);

    // A month later the views leave the 30-day window and stay in the year.
    clock.set('2026-07-20T08:00:00.000Z');
    const later = await json<SpaceInsight>(await get(`/api/insights/space/LOFTPARIS01/`, 'alice'));
    expect(later.views30).toBe(0);
    expect(later.views365).toBe(4);
  });

  it('counts the collections that include a space and the leads sent for it', async () => {
    const { t, get } = await world();
    const before = await json<SpaceInsight>(await get(`/api/insights/space/${W.space.loft}/`, 'alice'));
    const k = t.db.kysely;
    const stamp = { createdAt: '2026-06-01T00:00:00.000Z', updatedAt: '2026-06-01T00:00:00.000Z' };
    const coll = {
      description: null,
      type: 'SPACE',
      isFavorite: 0,
      isUgc: 1,
      isAdmin: 0,
      priority: 0,
      metaTitle: null,
      metaDescription: null,
      ownerUserId: W.user.bob,
      visibility: 'PRIVATE',
      ...stamp,
    };
    await k
      .insertInto('collections')
      .values([
        { id: 'coll-insight-on', sid: 'insighton1', name: 'Counted', isActive: 1, ...coll },
        { id: 'coll-insight-off', sid: 'insightof1', name: 'Inactive', isActive: 0, ...coll },
      ])
      .execute();
    await k
      .insertInto('collection_children')
      .values(
        ['coll-insight-on', 'coll-insight-off'].map((collectionId) => ({
          collectionId,
          childType: 'SPACE',
          childId: W.space.loft,
          position: 0,
          addedAt: stamp.createdAt,
        })),
      )
      .execute();
    const lead = (id: string, spaces: { id: string }[]) => ({
      id,
      appId: 'app-1',
      partnerId: 'partner-1',
      userId: W.user.alice,
      spaces: JSON.stringify(spaces.map((s) => ({ ...s, modelId: 'm', name: 'n' }))),
      appSlug: 'a',
      appName: 'A',
      partnerName: 'P',
      partnerSlug: 'p',
      name: 'Alice',
      email: 'alice@example.com',
      company: '',
      phone: '',
      message: '',
      consent: 1,
      webhookMessageId: null,
      emailMessageId: null,
      createdAt: stamp.createdAt,
    });
    await k
      .insertInto('marketplace_leads')
      .values([
        lead('lead-1', [{ id: W.space.loft }, { id: W.space.villa }]),
        lead('lead-2', [{ id: W.space.villa }]),
        lead('lead-3', [{ id: `${W.space.loft}-x` }]),
      ])
      .execute();
    const after = await json<SpaceInsight>(await get(`/api/insights/space/${W.space.loft}/`, 'alice'));
    expect(after.collections).toBe(before.collections + 1);
    expect(after.leads).toBe(before.leads + 1);
    const list = await json<SpaceInsightList>(await get(`/api/insights/spaces/?ids=${W.space.villa},${W.space.loft}`, 'alice'));
    expect(list.results.map((r) => [r.spaceId, r.leads])).toEqual([
      [W.space.villa, 2],
      [W.space.loft, after.leads],
    ]);
  });

  it('backfills the page views collected before the aggregate existed', async () => {
    const { t, get } = await world();
    await t.db.kysely
      .insertInto('analytics_events')
      .values(
        ['2026-06-10T10:00:00.000Z', '2026-06-10T11:00:00.000Z', '2026-06-12T09:00:00.000Z'].map((receivedAt, i) => ({
          id: `ev-${i}`,
          name: 'page_view',
          props: '{}',
          path: LOFT,
          locale: 'en',
          sessionId: 'session-0001',
          occurredAt: receivedAt,
          receivedAt,
          ip: '{ip}',
          userAgent: '',
          role: 'guest',
        })),
      )
      .execute();
    await t.db.kysely.schema.dropTable('space_views_daily').execute();
    await t.db.kysely
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '012-space-views' as never)
      .execute();
    await migrate(t.deps.db);
    const rows = await t.db.kysely.selectFrom('space_views_daily').selectAll().orderBy('day').execute();
    expect(rows.map((r) => [r.spaceId, r.day, Number(r.views)])).toEqual([
      [W.space.loft, '2026-06-10', 2],
      [W.space.loft, '2026-06-12', 1],
    ]);
    const insight = await json<SpaceInsight>(await get(`/api/insights/space/${W.space.loft}/`, 'alice'));
    expect(insight.views30).toBe(3);
  });
});

describe('owners insight: who may read it', () => {
  it('the owner, the organization’s owners and members and administrators; not billing contacts or others', async () => {
    const { get } = await world();
    const status = async (path: string, as?: string) => (await get(path, as)).status;
    const loft = `/api/insights/space/${W.space.loft}/`; // Org A, public
    const office = `/api/insights/space/${W.space.office}/`; // Org A, private, Alice's
    const bobs = `/api/insights/space/${W.space.bobs}/`; // Bob's own
    expect(await status(loft)).toBe(401);
    expect(await status(loft, 'alice')).toBe(200);
    expect(await status(loft, 'mira')).toBe(200);
    expect(await status(loft, 'admin')).toBe(200);
    expect(await status(loft, 'bill')).toBe(403);
    expect(await status(loft, 'bob')).toBe(403);
    expect(await status(office, 'bob')).toBe(404);
    expect(await status(bobs, 'bob')).toBe(200);
    expect(await status(bobs, 'alice')).toBe(403);
    expect(await status('/api/insights/space/no-such-space/', 'admin')).toBe(404);

    const both = `/api/insights/spaces/?ids=${W.space.loft},${W.space.office}`;
    expect(await status(both, 'alice')).toBe(200);
    expect(await status(both, 'bob')).toBe(403);
    expect(await status(`/api/insights/spaces/?ids=${W.space.office}`, 'bob')).toBe(404);
    expect(await status('/api/insights/spaces/?ids=', 'alice')).toBe(400);
    expect(await status(`/api/insights/spaces/?ids=${Array.from({ length: 51 }, (_, i) => `s${i}`).join(',')}`, 'admin')).toBe(400);

    const orgA = `/api/insights/account/${W.acc.orgA}/`;
    expect(await status(orgA)).toBe(401);
    expect(await status(orgA, 'bob')).toBe(403);
    expect(await status(orgA, 'bill')).toBe(403);
    expect(await status(orgA, 'mira')).toBe(200);
    expect(await status('/api/insights/account/no-such-account/', 'admin')).toBe(404);
  });

  it("lists an account's spaces by name with their summaries", async () => {
    const { get, views } = await world();
    await views([LOFT, LOFT]);
    const page = await json<SpaceInsightPage>(await get(`/api/insights/account/${W.acc.orgA}/?limit=50`, 'alice'));
    expect(page.results.map((r) => r.name)).toEqual([...page.results.map((r) => r.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(page.results.map((r) => r.spaceId)).toEqual(expect.arrayContaining([W.space.loft, W.space.office, W.space.villa]));
    const loft = page.results.find((r) => r.spaceId === W.space.loft);
    expect(loft?.views30).toBe(2);
    expect(loft?.last30).toHaveLength(30);
    const bobs = await json<SpaceInsightPage>(await get(`/api/insights/account/${W.acc.bob}/`, 'bob'));
    expect(bobs.results.map((r) => r.spaceId)).toEqual([W.space.bobs]);
  });
});
