import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { addressAndProperty, audit, CAPTURE, MEMBER, next, shoot, startOrder, toCheckout } from './capture-helpers.ts';
import { acceptCookies } from './public-helpers.ts';
import { signIn } from './user-helpers.ts';

/**
 * Fair use of technicians' time (issue 21), as a customer meets it in the ordering flow: the
 * account's cap of live holds (the e2e server allows two, CAPTURE_MAX_HOLDS) is told on 'Choose a
 * time' in the server's words, and the cap of upcoming orders at Confirm with the way to the
 * dashboard, where orders can be cancelled.
 */

const BILLING = 'billing@example.com';
const SF = { countryCode: 'US', streetAddress: '1 Market St', city: 'San Francisco', administrativeArea: 'CA', postalCode: '94105' };
const HOUSE = { propertyType: 'RESIDENTIAL', unit: 'SQUARE_FT', spaces: [{ name: 'Main space', size: 1200 }] };

/** A write to the capture API from a signed-in page's context (same-site, as the island sends it). */
const post = (request: APIRequestContext, baseURL: string, path: string, data: unknown) => request.post(path, { data, headers: { origin: baseURL } });

/** The first free start of each day in San Francisco four weeks ahead (times the other specs do not book; a day apart, so no two overlap). */
async function freeStarts(request: APIRequestContext, baseURL: string): Promise<string[]> {
  const from = new Date(Date.now() + 28 * 86_400_000).toISOString().slice(0, 10);
  const res = await post(request, baseURL, '/api/capture/availability/', { address: SF, property: HOUSE, from, days: 7 });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { days: { slots: { start: string }[] }[] };
  return body.days.flatMap((d) => d.slots.slice(0, 1).map((s) => s.start));
}

/** Signs a person in in a context of their own and answers its page. */
async function personPage(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await acceptCookies(page, baseURL);
  await signIn(page, email, CAPTURE.landing);
  return page;
}

test('two colleagues hold times: the third person of the account is told on Choose a time, and can pick once one is let go', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  await startOrder(page, base);
  // The owner lets any hold of an earlier test go, so only the colleagues' holds count.
  const starts = await freeStarts(page.request, base);
  expect(starts.length).toBeGreaterThan(2);
  const own = await post(page.request, base, '/api/capture/holds/', { address: SF, property: HOUSE, start: starts[2] });
  expect(own.status()).toBe(200);
  expect((await page.request.delete(`/api/capture/holds/${((await own.json()) as { id: string }).id}/`, { headers: { origin: base } })).status()).toBe(204);

  const colleagues = await Promise.all([personPage(browser, base, BILLING), personPage(browser, base, MEMBER)]);
  const holds: { page: Page; id: string }[] = [];
  try {
    for (const [i, colleague] of colleagues.entries()) {
      const res = await post(colleague.request, base, '/api/capture/holds/', { address: SF, property: HOUSE, start: starts[i] });
      expect(res.status(), await res.text()).toBe(200);
      holds.push({ page: colleague, id: ((await res.json()) as { id: string }).id });
    }

    await addressAndProperty(page, 1200);
    const slot = page.getByRole('radio', { disabled: false }).first();
    await expect(slot).toBeVisible();
    await slot.click();
    const told = page.getByText(
      /^People of .+ are already holding 2 times, the most one account can hold at once\. Please try again in \d+ minutes?, when one of those holds ends\.$/,
    );
    await expect(told).toBeVisible();
    await expect(page.getByText(/We are holding this time for you/)).toHaveCount(0);
    await audit(page, 'hold limit');
    await shoot(page, 'limits-hold');

    // A colleague lets their time go: the pick goes through.
    const first = holds.shift() as { page: Page; id: string };
    expect((await first.page.request.delete(`/api/capture/holds/${first.id}/`, { headers: { origin: base } })).status()).toBe(204);
    await slot.click();
    await expect(page.getByText(/We are holding this time for you/)).toBeVisible();
    await expect(told).toHaveCount(0);

    // The cap of upcoming orders is told at Confirm (the e2e server's cap is high, so its answer is played here), with the way to the dashboard.
    await toCheckout(page);
    const accounts = (await (await page.request.get('/api/capture/accounts/')).json()) as {
      defaultAccountId: string;
      accounts: { accountId: string; name: string }[];
    };
    const account = accounts.accounts.find((a) => a.accountId === accounts.defaultAccountId)?.name ?? '';
    const atCap = `${account} already has 5 upcoming orders, the most one account can have at a time. You can place another once one of them has been captured or cancelled.`;
    await page.route('**/api/capture/orders/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            json: {
              code: 'ORDER_LIMIT_REACHED',
              message: atCap,
              extra: { scope: 'ACCOUNT', limit: 5, openOrders: 5 },
              retry: false,
            },
          })
        : route.fallback(),
    );
    await next(page, 'Confirm').click();
    await expect(page.getByText(atCap)).toBeVisible();
    const dashboard = page.getByRole('link', { name: 'Return to Dashboard' });
    await expect(dashboard).toBeVisible();
    await audit(page, 'order limit');
    await shoot(page, 'limits-orders');
    await page.unroute('**/api/capture/orders/');
    await dashboard.click();
    await expect(page).toHaveURL(/\/discover\/capture\/orders\/$/);
  } finally {
    for (const h of holds) await h.page.request.delete(`/api/capture/holds/${h.id}/`, { headers: { origin: base } });
    await Promise.all(colleagues.map((c) => c.context().close()));
  }
});

test("someone at their cap of upcoming orders is told on 'Choose a time', with the way to the dashboard", async ({ page, baseURL }) => {
  await startOrder(page, baseURL);
  await addressAndProperty(page, 1200);
  // The e2e server's cap is high (its data folder keeps every run's orders): the server's answer at the cap is played here.
  const atCap =
    'You already have 5 upcoming orders, the most one person can have at a time. You can place another once one of them has been captured or cancelled.';
  await page.route('**/api/capture/holds/', (route) =>
    route.fulfill({ status: 409, json: { code: 'ORDER_LIMIT_REACHED', message: atCap, extra: { scope: 'PERSON', limit: 5, openOrders: 5 }, retry: false } }),
  );
  await page.getByRole('radio', { disabled: false }).first().click();
  await expect(page.getByText(atCap)).toBeVisible();
  await expect(page.getByText(/We are holding this time for you/)).toHaveCount(0);
  await page.unroute('**/api/capture/holds/');
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/discover\/capture\/orders\/$/);
});
