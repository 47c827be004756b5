import { expect, test } from '@playwright/test';
import { acceptCookies } from './public-helpers.ts';
import { OWNER, VISITOR, signIn } from './user-helpers.ts';
import {
  audit,
  CAPTURE,
  expectStep,
  fillUsAddress,
  next,
  pickTime,
  SAN_FRANCISCO,
  shoot,
  spaceName,
  spaceSize,
  startOrder,
  upgradeIfStarter,
} from './capture-helpers.ts';

/**
 * The capture-services ordering flow (issue 12), end to end in Chromium as the owner demo user:
 * the landing page, every step with its title, Back and Next, reload in the middle, Confirm, and
 * the summary; axe on every step.
 */

test('the landing page explains the service, shows the price from and the served areas, and starts the order', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await page.goto(CAPTURE.landing);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get your property captured by a professional');
  await expect(page.getByTestId('capture-price')).toHaveText(/Starting at \$\d/);
  await expect(page.getByText('excludes tax and VAT').first()).toBeVisible();
  const areas = page.getByRole('region', { name: 'North America' });
  await expect(areas).toContainText('United States');
  await expect(areas).toContainText('San Francisco Bay Area');
  await expect(page.getByRole('region', { name: 'Europe' })).toContainText('London');
  await audit(page, 'landing');
  await shoot(page, '00-landing');
  await page.getByRole('link', { name: 'Order a capture' }).first().click();
  // A guest is sent to sign-in with the flow as the target.
  await page.waitForURL(/\/auth\/sign-in\?target=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('target') ?? '')).toContain('/discover/capture/order/');
});

test('the whole order: address, property, time, contact, review, checkout, summary', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await startOrder(page, baseURL, OWNER);

  // 1. Address: country first, then that country's fields; Back goes to the landing page.
  await expectStep(page, 1, 'Tell us about the property');
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', CAPTURE.landing);
  await next(page).click();
  await expect(page.getByText('Please enter Country')).toBeVisible();
  await page.getByLabel('Country').selectOption('US');
  await expect(page.getByLabel('ZIP code')).toBeVisible();
  await next(page).click();
  await expect(page.getByText('Please enter street address')).toBeVisible();
  await expect(page.getByText('Please enter', { exact: true }).first()).toBeVisible();
  await audit(page, 'step 1 with errors');
  await fillUsAddress(page, SAN_FRANCISCO);
  await shoot(page, '01-address');
  await next(page).click();

  // 2. Property details, with the covered message; spaces and the counter.
  await expectStep(page, 2, 'Property details');
  await expect(page.getByText('Congrats, a technician is in your area. Complete your order today.')).toBeVisible();
  await page.getByLabel('Commercial').check();
  await spaceSize(page, 1).fill('1800');
  await page.getByRole('button', { name: 'Add another space' }).click();
  await spaceSize(page, 2).fill('400');
  await expect(page.getByText('2 spaces · 2,200 ft² total')).toBeVisible();
  await next(page).click();
  await expect(page.getByText('Enter a name for this space')).toBeVisible();
  await spaceName(page, 2).fill('Garage');
  await audit(page, 'step 2');
  await shoot(page, '02-property');
  await next(page).click();

  // 3. Choose a time: a start in the property's time zone, held for 10 minutes.
  await expectStep(page, 3, 'Choose a time');
  await expect(page.getByText(/Times in Pacific (Standard|Daylight) Time/)).toBeVisible();
  const picked = await pickTime(page);
  await expect(page.getByText(/We are holding this time for you for 10 minutes \(\d+:\d\d left\)/)).toBeVisible();
  await audit(page, 'step 3');
  await shoot(page, '03-time');

  // The place in the flow and what was entered survive a reload.
  await page.reload();
  await expectStep(page, 3, 'Choose a time');
  await expect(page.getByRole('radio', { name: picked })).toBeChecked();
  await next(page).click();

  // 4. Site contact: it's me (prefilled), phone checked for the property's country.
  await expectStep(page, 4, 'Who is the site contact?');
  await expect(page.getByLabel('It’s me')).toBeChecked();
  await expect(page.getByLabel('Email')).not.toHaveValue('');
  await page.getByLabel('Phone').fill('(415) 555-2671');
  await page.getByLabel('Access instructions').fill('Front desk has the keys.');
  await audit(page, 'step 4');
  await shoot(page, '04-contact');
  await next(page).click();

  // 5. Review: everything, 'Starting at', excludes tax and VAT, the plan, terms, the charge on Confirm.
  await expectStep(page, 5, 'Review order');
  const review = page.locator('.co-review');
  await expect(review).toContainText('1 Market St');
  await expect(review).toContainText('Garage');
  await expect(review).toContainText('Front desk has the keys.');
  await expect(page.locator('.co-price__amount')).toHaveText(/^Starting at \$/);
  await expect(page.getByText('excludes tax and VAT').first()).toBeVisible();
  await expect(page.getByText('Your default payment method is charged when you select Confirm.')).toBeVisible();
  await audit(page, 'step 5');
  // A Starter account (the owner's personal one) is offered the upgrade.
  const account = page.getByLabel('Order for');
  const starter = account.locator('option', { hasText: 'Starter' }).first();
  if ((await account.count()) && (await starter.count())) {
    const chosen = await account.inputValue();
    await account.selectOption((await starter.getAttribute('value')) ?? '');
    await expect(page.getByText('Capture services need the Professional or Business plan')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade to Professional' })).toBeVisible();
    await audit(page, 'step 5, Starter plan');
    await shoot(page, '05a-review-starter');
    await account.selectOption(chosen);
  }
  await upgradeIfStarter(page);
  await next(page).click();
  await expect(page.getByText('Please accept the terms to place your order')).toBeVisible();
  await page.getByLabel(/I agree to the Capture Services Terms/).check();
  await shoot(page, '05-review');
  // Back and Next keep the answers.
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 4, 'Who is the site contact?');
  await expect(page.getByLabel('Phone')).toHaveValue('(415) 555-2671');
  await next(page).click();
  await expectStep(page, 5, 'Review order');
  await next(page).click();

  // 6. Checkout: invoice billing to the account by default, the total, Confirm.
  await expectStep(page, 6, 'Checkout');
  await expect(page.getByRole('radio', { name: /Invoice billing to/ })).toBeChecked();
  await expect(page.getByText('Amount due')).toBeVisible();
  await audit(page, 'step 6');
  await shoot(page, '06-checkout');
  await next(page, 'Confirm').click();

  // 7. Order received: what happens next, the appointment and its .ics, Return to Dashboard.
  await expectStep(page, 7, 'Order received');
  await expect(page.getByText(/^Order CAP-\d+/)).toBeVisible();
  await expect(page.getByText(/digital twin is delivered within 24 hours of the visit/)).toBeVisible();
  const ics = page.getByRole('link', { name: 'Add to calendar (.ics)' });
  const res = await page.request.get((await ics.getAttribute('href')) ?? '');
  expect(res.headers()['content-type']).toContain('text/calendar');
  expect(await res.text()).toContain('BEGIN:VEVENT');
  await audit(page, 'step 7');
  await shoot(page, '07-received');
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/discover\/capture\/orders\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your capture orders' })).toBeVisible();
  await expect(page.locator('.co-order').first()).toContainText('1 Market St');
  await expect(page.locator('.co-order').first()).toContainText('Received');
  await audit(page, 'dashboard');
  await shoot(page, '08-dashboard');
});

test('keyboard only: the first steps are reachable and usable without a mouse', async ({ page, baseURL }) => {
  await startOrder(page, baseURL);
  const country = page.getByLabel('Country');
  await country.focus();
  await page.keyboard.press('Tab');
  await country.selectOption('US');
  await page.getByLabel('Street address').focus();
  await page.keyboard.type(SAN_FRANCISCO.street);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('City')).toBeFocused();
  await page.keyboard.type(SAN_FRANCISCO.city);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('State')).toBeFocused();
  await page.getByLabel('State').selectOption('CA');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('ZIP code')).toBeFocused();
  await page.keyboard.type(SAN_FRANCISCO.zip);
  // Enter in a field submits the step (Next).
  await page.keyboard.press('Enter');
  await expectStep(page, 2, 'Property details');
  // The new step's title has focus, so the next Tab starts at its content.
  await expect(page.getByRole('heading', { level: 1, name: 'Property details' })).toBeFocused();
  await spaceSize(page, 1).focus();
  await page.keyboard.type('900');
  await page.keyboard.press('Enter');
  await expectStep(page, 3, 'Choose a time');
  await page.getByRole('button', { name: 'Next week' }).focus();
  await page.keyboard.press('Enter');
  const day = page.getByRole('group', { name: 'Days' }).locator('button[data-empty="false"]').first();
  await day.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('radio').first().focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(/We are holding this time for you/)).toBeVisible();
  await next(page).focus();
  await page.keyboard.press('Enter');
  await expectStep(page, 4, 'Who is the site contact?');
});

test("the '#capture-space' modal's Order a capture button opens the landing page", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await signIn(page, VISITOR, '/discover/');
  await page.goto('/discover/#capture-space');
  const dialog = page.getByRole('dialog', { name: 'Capture a space' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Order a capture' }).click();
  await expect(page).toHaveURL(/\/discover\/capture\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get your property captured by a professional');
});

test('a 400 from the API puts each message next to its field', async ({ page, baseURL }) => {
  await startOrder(page, baseURL);
  // The client checks the same rules first, so the server's answer is stood in for here.
  await page.route('**/api/capture/address/check/', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'VALIDATION_ERROR',
        message: 'Invalid request.',
        retry: false,
        extra: { fields: [{ path: 'json.city', message: 'City from the server' }] },
      }),
    }),
  );
  await fillUsAddress(page, SAN_FRANCISCO);
  await next(page).click();
  const city = page.getByLabel('City');
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(city).toHaveAccessibleDescription(/City from the server/);
  await expect(city).toBeFocused();
});
