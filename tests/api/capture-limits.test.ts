/**
 * Fair use of technicians' time (issue 21): upcoming orders are capped per person and per account
 * (409 ORDER_LIMIT_REACHED), live holds per account (429 HOLD_LIMIT_REACHED with Retry-After), both
 * checked in the transaction that inserts, so requests sent at the same moment cannot all pass
 * (the parallel cases matter on PostgreSQL: `npx vitest run --project pg`).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { captureApp, HOUSE, ORG, orderBody, SF } from './capture-helpers.ts';

type App = Awaited<ReturnType<typeof captureApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});
const open = async (env: Record<string, string> = {}) => (app = await captureApp({ env }));
type Who = 'owner' | 'billing' | 'member';

/** Starts the San Francisco technician offers for a one-hour visit (+30 min travel): Tuesday to Thursday, 08:00 to 15:30 local. */
const STARTS = ['08', '09', '10'].flatMap((day) => ['16:00', '17:30', '19:00', '20:30', '22:00', '23:30'].map((time) => `2030-01-${day}T${time}:00.000Z`));
const at = (i: number) => STARTS[i] as string;

const order = (t: App, who: Who, start: string, accountId?: string) =>
  t.call(who, 'POST', '/api/capture/orders/', orderBody({ start, ...(accountId ? { accountId } : {}) }));
const hold = (t: App, who: Who, start: string) => t.call(who, 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start });
const upgrade = async (t: App, who: Who, accountId: string) =>
  expect((await t.call(who, 'POST', `/api/capture/accounts/${accountId}/plan/`, { plan: 'PROFESSIONAL' })).status).toBe(200);

describe('upcoming orders per person and per account (default 5)', () => {
  test('the sixth order of one account is refused with a message the flow shows; cancelling one makes room', async () => {
    const t = await open();
    await upgrade(t, 'owner', ORG);
    for (let i = 0; i < 3; i++) expect((await order(t, 'owner', at(i), ORG)).status).toBe(200);
    for (let i = 3; i < 5; i++) expect((await order(t, 'billing', at(i), ORG)).status).toBe(200);
    const refused = await order(t, 'member', at(5), ORG);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      code: 'ORDER_LIMIT_REACHED',
      message:
        'Acme Realty already has 5 upcoming orders, the most one account can have at a time. You can place another once one of them has been captured or cancelled.',
      extra: { scope: 'ACCOUNT', accountId: ORG, limit: 5, openOrders: 5 },
      retry: false,
    });
    // The member's own account is not limited by the organization's orders.
    await upgrade(t, 'member', 'acc-mia');
    expect((await order(t, 'member', at(5), 'acc-mia')).status).toBe(200);

    const first = (await t.call('owner', 'GET', '/api/capture/orders/')).json as { orders: { id: string; accountId: string }[] };
    const mine = first.orders.find((o) => o.accountId === ORG) as { id: string };
    expect((await t.call('owner', 'POST', `/api/capture/orders/${mine.id}/cancel/`)).status).toBe(200);
    expect((await order(t, 'member', at(6), ORG)).status).toBe(200);
  });

  test('one person cannot spread more than 5 upcoming orders over several accounts; past visits stop counting', async () => {
    const t = await open();
    await upgrade(t, 'owner', ORG);
    await upgrade(t, 'owner', 'acc-olivia');
    for (let i = 0; i < 3; i++) expect((await order(t, 'owner', at(i), ORG)).status).toBe(200);
    for (let i = 3; i < 5; i++) expect((await order(t, 'owner', at(i), 'acc-olivia')).status).toBe(200);
    // Choosing a time for a sixth order already says so; rescheduling one of the five does not.
    const held = await hold(t, 'owner', at(5));
    expect(held.status).toBe(409);
    expect(held.json).toMatchObject({ code: 'ORDER_LIMIT_REACHED', extra: { scope: 'PERSON' } });
    const mine = ((await t.call('owner', 'GET', '/api/capture/orders/')).json as { orders: { id: string }[] }).orders[0] as { id: string };
    const moving = await t.call('owner', 'POST', '/api/capture/holds/', { address: SF, property: HOUSE, start: at(5), orderId: mine.id });
    expect(moving.status).toBe(200);
    const refused = await order(t, 'owner', at(6), 'acc-olivia');
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      code: 'ORDER_LIMIT_REACHED',
      message:
        'You already have 5 upcoming orders, the most one person can have at a time. You can place another once one of them has been captured or cancelled.',
      extra: { scope: 'PERSON', limit: 5, openOrders: 5 },
      retry: false,
    });
    // Nothing was booked or billed for the refused order.
    expect(((await t.call('owner', 'GET', '/api/capture/orders/')).json as { orders: unknown[] }).orders).toHaveLength(5);
    // Once Tuesday's visits are over they are no longer upcoming (even before an administrator marks them captured).
    t.clock.advance(2 * 24 * 3_600_000);
    expect((await order(t, 'owner', '2030-01-11T16:00:00.000Z', 'acc-olivia')).status).toBe(200);
  });

  test('the cap is configurable (CAPTURE_MAX_OPEN_ORDERS) and holds under parallel Confirms', async () => {
    const t = await open({ CAPTURE_MAX_OPEN_ORDERS: '2' });
    await upgrade(t, 'owner', ORG);
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => order(t, 'owner', at(i), ORG)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json).toMatchObject({ code: 'ORDER_LIMIT_REACHED', extra: { limit: 2 } });
    // Different people of one account at the same moment: the account's cap holds too.
    const t2 = await captureApp({ env: { CAPTURE_MAX_OPEN_ORDERS: '1' } });
    try {
      await upgrade(t2, 'owner', ORG);
      const people: Who[] = ['owner', 'billing', 'member'];
      const racing = await Promise.all(people.map((who, i) => order(t2, who, at(i), ORG)));
      expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const booked = await t2.db.kysely
        .selectFrom('capture_orders' as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(booked.n)).toBe(1);
    } finally {
      await t2.close();
    }
  });
});

describe('live holds per account (default 3)', () => {
  test('a person keeps one hold; the people of an account share CAPTURE_MAX_HOLDS, answered 429 with Retry-After', async () => {
    const t = await open({ CAPTURE_MAX_HOLDS: '2' });
    expect((await hold(t, 'billing', at(0))).status).toBe(200);
    t.clock.advance(4 * 60_000);
    expect((await hold(t, 'member', at(1))).status).toBe(200);
    const refused = await hold(t, 'owner', at(2));
    expect(refused.status).toBe(429);
    expect(refused.res.headers.get('retry-after')).toBe('360');
    expect(refused.json).toEqual({
      code: 'HOLD_LIMIT_REACHED',
      message:
        'People of Acme Realty are already holding 2 times, the most one account can hold at once. Please try again in 6 minutes, when one of those holds ends.',
      extra: { scope: 'ACCOUNT', accountId: ORG, limit: 2, retryAfterSeconds: 360 },
      retry: true,
    });
    // When the first of them ends, there is room again.
    t.clock.advance(7 * 60_000);
    expect((await hold(t, 'owner', at(2))).status).toBe(200);
    // A person's own hold does not count against them: choosing another time replaces it.
    expect((await hold(t, 'owner', at(3))).status).toBe(200);
    expect((await hold(t, 'billing', at(4))).status).toBe(429);
  });

  test('people of one account holding at the same moment cannot pass the cap together', async () => {
    const t = await open({ CAPTURE_MAX_HOLDS: '1' });
    const results = await Promise.all([hold(t, 'billing', at(0)), hold(t, 'member', at(1))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(results.find((r) => r.status === 429)?.json).toMatchObject({ code: 'HOLD_LIMIT_REACHED', retry: true });
  });
});
