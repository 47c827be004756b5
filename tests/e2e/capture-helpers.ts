import { expect, type Locator, type Page } from '@playwright/test';
import { acceptCookies } from './public-helpers.ts';
import { OWNER, signIn } from './user-helpers.ts';
import { expectNoAxeViolations } from '../axe.ts';

/** The capture-services pages (issue 12). */
export const CAPTURE = {
  landing: '/discover/capture/',
  flow: '/discover/capture/order/',
  dashboard: '/discover/capture/orders/',
};

/** The plain member of the owner's organization (seeded with the capture world; see src/server/modules/capture/CONTRACT.md). */
export const MEMBER = 'member@example.com';

/** axe over the page (or one part of it) with the WCAG 2.2 AA rule set: no violations. */
export async function audit(page: Page, label: string, scope?: string): Promise<void> {
  // As a visitor arrives at a step: from the top (after a fill, the sticky header can cover a
  // control near the top, which axe's target-size rule would count against that control).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(page, label, scope ? { include: scope } : {});
}

/** Screenshots of the page at 1280 and 390 px wide, for people to look at, into the folder CAPTURE_SHOTS names (off without it). */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env['CAPTURE_SHOTS'];
  if (!dir) return;
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: the sticky header would otherwise be drawn in the middle of a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** Signs in through the real form (cookie consent given, so no banner covers the flow) and opens a fresh order. */
export async function startOrder(page: Page, baseURL: string | undefined, email = OWNER): Promise<void> {
  await acceptCookies(page, baseURL);
  await signIn(page, email, CAPTURE.flow);
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about the property' })).toBeVisible();
}

/** The step's title and its 'Step X of Y' line. */
export async function expectStep(page: Page, n: number, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Step ${n} of 7`, { exact: true })).toBeVisible();
}

/** The step's Next (or Confirm) button. */
export const next = (page: Page, name = 'Next'): Locator => page.getByRole('button', { name, exact: true });

/** An address in the United States. */
export interface UsAddress {
  street: string;
  city: string;
  state: string;
  zip: string;
}

/** Covered: a technician serves the San Francisco Bay Area. */
export const SAN_FRANCISCO: UsAddress = { street: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' };
/** Not covered: no technician near Anchorage. */
export const ANCHORAGE: UsAddress = { street: '411 W 4th Ave', city: 'Anchorage', state: 'AK', zip: '99501' };
/** Not found: no such city. */
export const NOWHERE: UsAddress = { street: '12 Elm St', city: 'Qwzxville', state: 'CA', zip: '94105' };

/** Fills step 1 with a US address (country first, then the country's own fields). */
export async function fillUsAddress(page: Page, a: UsAddress): Promise<void> {
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('Street address').fill(a.street);
  await page.getByLabel('City').fill(a.city);
  await page.getByLabel('State').selectOption(a.state);
  await page.getByLabel('ZIP code').fill(a.zip);
}

/** The size input of the n-th space (1-based). */
export const spaceSize = (page: Page, n: number): Locator => page.getByRole('group', { name: `Space ${n}` }).getByLabel(/Approximate size/);
/** The name input of the n-th space (1-based). */
export const spaceName = (page: Page, n: number): Locator => page.getByRole('group', { name: `Space ${n}` }).getByLabel(/^Name/);

/** Steps 1 and 2 with a covered address and one space of `size` sq ft. */
export async function addressAndProperty(page: Page, size = 1800): Promise<void> {
  await fillUsAddress(page, SAN_FRANCISCO);
  await next(page).click();
  await expectStep(page, 2, 'Property details');
  await spaceSize(page, 1).fill(String(size));
  await next(page).click();
  await expectStep(page, 3, 'Choose a time');
}

/**
 * Goes to the next week of the time picker with `press` (a click or a key) and waits until that
 * week's times have arrived: until then the days on screen are still the week before.
 */
export async function nextWeek(scope: Locator | Page, press: () => Promise<void>): Promise<void> {
  const week = scope.locator('.co-week strong');
  const shown = await week.innerText();
  await press();
  await expect(week).not.toHaveText(shown);
}

/**
 * Picks a free start at least a week ahead (so it is more than 24 hours away and can be changed),
 * skipping `avoid`; answers the picked start's label.
 */
export async function pickTime(page: Page, scope: Locator | Page = page, weeksAhead = 1): Promise<string> {
  const days = scope.getByRole('group', { name: 'Days' }).getByRole('button');
  await expect(days.first()).toBeVisible();
  for (let i = 0; i < weeksAhead; i++) await nextWeek(scope, () => scope.getByRole('button', { name: 'Next week' }).click());
  const count = await days.count();
  for (let i = 0; i < count; i++) {
    const day = days.nth(i);
    if ((await day.getAttribute('data-empty')) === 'true') continue;
    await day.click();
    const first = scope.getByRole('radio', { disabled: false }).first();
    if (!(await first.count())) continue;
    // Pinned by its start, so the label read and the radio clicked are the same time.
    const slot = scope.locator(`input[type="radio"][value="${await first.getAttribute('value')}"]`);
    const label = (await slot.locator('xpath=..').innerText()).trim();
    // A click, not check(): picking holds the time, and in the reschedule dialog the picker then gives way to the confirmation.
    await slot.click();
    return label;
  }
  throw new Error('No free time in that week');
}

/** Steps 3 to 6 after a covered address and property: a time, the contact, review (upgrading a Starter account) and Confirm. */
export async function finishOrder(page: Page, weeksAhead = 1): Promise<void> {
  await pickTime(page, page, weeksAhead);
  await expect(page.getByText(/We are holding this time for you/)).toBeVisible();
  await toCheckout(page);
  await next(page, 'Confirm').click();
  await expectStep(page, 7, 'Order received');
}

/** From a held time (step 3) to checkout (step 6): the contact's phone, review (upgrading a Starter account), the terms. */
export async function toCheckout(page: Page): Promise<void> {
  await next(page).click();
  await expectStep(page, 4, 'Who is the site contact?');
  await page.getByLabel('Phone').fill('(415) 555-2671');
  await next(page).click();
  await expectStep(page, 5, 'Review order');
  await upgradeIfStarter(page);
  await page.getByLabel(/I agree to the Capture Services Terms/).check();
  await next(page).click();
  await expectStep(page, 6, 'Checkout');
  await expect(page.getByText('Amount due')).toBeVisible();
}

/** A Starter account is offered the upgrade on the review step: take Professional (once per data folder). */
export async function upgradeIfStarter(page: Page): Promise<void> {
  const plan = page.getByRole('heading', { level: 2, name: /^Plan:/ });
  await expect(plan).toBeVisible();
  if (/Starter/.test((await plan.textContent()) ?? '')) {
    await page.getByRole('button', { name: 'Upgrade to Professional' }).click();
    await expect(page.getByText('Your account is now on the Professional plan.')).toBeVisible();
  }
}

/** Places a whole order as the owner and answers its details address. */
export async function placeOrder(page: Page, baseURL: string | undefined, weeksAhead = 1): Promise<string> {
  await startOrder(page, baseURL);
  await addressAndProperty(page);
  await finishOrder(page, weeksAhead);
  const details = page.getByRole('link', { name: 'View order details' });
  return (await details.getAttribute('href')) ?? '';
}

/** The owner demo user, signed in (cookies accepted), on the upload page with its file picker ready. */
export async function openUploadPage(page: Page, baseURL: string | undefined): Promise<void> {
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER, '/discover/manage/upload/');
  await expect(page.getByLabel('File')).toBeEnabled();
}
