import { expect, test, type Page } from '@playwright/test';
import { OWNER } from './user-helpers.ts';
import { addressAndProperty, audit, shoot, expectStep, finishOrder, next, nextWeek, startOrder, toCheckout, upgradeIfStarter } from './capture-helpers.ts';

/** The Billing Contact of the owner's organization: another customer who may order (personal account). */
const BILLING = 'billing@example.com';
const TAKEN = 'This time was just booked by someone else. Please choose another time.';

/**
 * Two customers in two browsers want the same technician's time (issue 12, "a double-booking race
 * lost cleanly"). One technician serves the area, and a time is claimed in the database when it is
 * chosen (the 10-minute hold), so the race is decided there: both choose the same start at the
 * same moment, exactly one holds it and goes on to 'Order received'; the other is told the time was
 * just taken, stays on the step with the answers kept, and orders another time.
 */
test('two customers choose the same time at once: one order is received, the other is told and picks another time', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [a, b] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  try {
    for (const [page, email] of [
      [a, OWNER],
      [b, BILLING],
    ] as const) {
      await startOrder(page, baseURL, email);
      await addressAndProperty(page, 1200);
      // Three weeks ahead: times no other test of the suite books.
      for (let i = 0; i < 3; i++) await nextWeek(page, () => page.getByRole('button', { name: 'Next week' }).click());
    }
    // The same day in both browsers, and a start both are offered.
    const dayOf = (page: Page) => page.getByRole('group', { name: 'Days' }).locator('button[data-empty="false"]').first();
    const dayName = (await dayOf(a).innerText()).replace(/\s+/g, ' ');
    await dayOf(a).click();
    await b.getByRole('group', { name: 'Days' }).getByRole('button', { name: dayName }).click();
    const start = (await a.getByRole('radio', { disabled: false }).first().getAttribute('value')) ?? '';
    const slot = (page: Page) => page.locator(`input[type="radio"][value="${start}"]`);
    await expect(slot(b)).toBeEnabled();

    // Both choose it at the same moment.
    await Promise.all([slot(a).click(), slot(b).click()]);
    const held = (page: Page) => page.getByText(/We are holding this time for you/);
    const told = (page: Page) => page.getByRole('alert').filter({ hasText: TAKEN });
    await expect(held(a).or(told(a))).toBeVisible();
    await expect(held(b).or(told(b))).toBeVisible();
    const aWon = await held(a).isVisible();
    const [winner, loser] = aWon ? [a, b] : [b, a];
    await expect(told(winner)).toHaveCount(0);
    await expect(held(loser)).toHaveCount(0);

    // The winner confirms: 'Order received'.
    await next(winner).click();
    await expectStep(winner, 4, 'Who is the site contact?');
    await winner.getByLabel('Phone').fill('(415) 555-2671');
    await next(winner).click();
    await expectStep(winner, 5, 'Review order');
    await upgradeIfStarter(winner);
    await winner.getByLabel(/I agree to the Capture Services Terms/).check();
    await next(winner).click();
    await next(winner, 'Confirm').click();
    await expectStep(winner, 7, 'Order received');

    // The other stays on 'Choose a time' with the answers kept; the taken time is no longer offered.
    await expectStep(loser, 3, 'Choose a time');
    await expect(slot(loser)).toHaveCount(0);
    await expect(loser.getByRole('complementary', { name: 'Your order' })).toContainText('1 Market St');
    await expect(loser.getByRole('complementary', { name: 'Your order' })).toContainText('1,200');
    await audit(loser, 'time taken');
    await shoot(loser, '03b-time-taken');
    // Another time, and this order goes through too.
    await finishOrder(loser, 0);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

/**
 * Both reach Confirm for the same time: the other customer's hold has run out (its 10 minutes are
 * stood in for by releasing it through the API, as the clock cannot be moved in a browser test),
 * the first customer takes the time and confirms, then the other confirms too: the server answers
 * 409 HOLD_EXPIRED, checkout says so and offers 'Choose another time', which goes back to the
 * schedule with everything else kept.
 */
test('both confirm the same time: one order is received, the other is told at Confirm and chooses another time', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [a, b] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  const toWeek = async (page: Page, weeks: number) => {
    for (let i = 0; i < weeks; i++) await nextWeek(page, () => page.getByRole('button', { name: 'Next week' }).click());
  };
  try {
    // The other customer (b) holds a time four weeks ahead and gets to checkout.
    await startOrder(b, baseURL, BILLING);
    await addressAndProperty(b, 1200);
    await toWeek(b, 4);
    const bDay = b.getByRole('group', { name: 'Days' }).locator('button[data-empty="false"]').first();
    const dayName = (await bDay.innerText()).replace(/\s+/g, ' ');
    await bDay.click();
    const slot = b.getByRole('radio', { disabled: false }).first();
    const start = (await slot.getAttribute('value')) ?? '';
    const held = b.waitForResponse((r) => r.url().endsWith('/api/capture/holds/') && r.request().method() === 'POST');
    await slot.click();
    const hold = (await (await held).json()) as { id: string };
    await toCheckout(b);
    // Its hold runs out.
    expect((await b.request.delete(`/api/capture/holds/${hold.id}/`, { headers: { Origin: baseURL ?? '' } })).status()).toBe(204);

    // The first customer (a) takes that time and confirms.
    await startOrder(a, baseURL, OWNER);
    await addressAndProperty(a, 1200);
    await toWeek(a, 4);
    await a.getByRole('group', { name: 'Days' }).getByRole('button', { name: dayName }).click();
    await a.locator(`input[type="radio"][value="${start}"]`).click();
    await expect(a.getByText(/We are holding this time for you/)).toBeVisible();
    await toCheckout(a);
    await next(a, 'Confirm').click();
    await expectStep(a, 7, 'Order received');

    // The other confirms too: told at checkout, and back to the schedule with the rest kept.
    await next(b, 'Confirm').click();
    const told = b.getByRole('alert').filter({ hasText: 'Your 10-minute hold on this time has ended. Please choose a time again.' });
    await expect(told).toBeVisible();
    await expectStep(b, 6, 'Checkout');
    await expect(next(b, 'Confirm')).toBeDisabled();
    await audit(b, 'checkout, time gone');
    await shoot(b, '06b-checkout-time-gone');
    await told.getByRole('button', { name: 'Choose another time' }).click();
    await expectStep(b, 3, 'Choose a time');
    await expect(b.getByRole('complementary', { name: 'Your order' })).toContainText('1 Market St');
    await finishOrder(b, 0);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
