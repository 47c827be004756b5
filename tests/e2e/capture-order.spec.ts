import { expect, test, type Locator } from '@playwright/test';
import { acceptCookies } from './public-helpers.ts';
import { OWNER, VISITOR, signIn } from './user-helpers.ts';
import {
  audit,
  CAPTURE,
  expectStep,
  fillUsAddress,
  next,
  nextWeek,
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
  // The site's CSP has no 'unsafe-eval': zod must parse jitless, so no violation is reported on the way.
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
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
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/discover\/capture\/orders\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your capture orders' })).toBeVisible();
  await expect(page.locator('.co-order').first()).toContainText('1 Market St');
  await expect(page.locator('.co-order').first()).toContainText('Received');
  await audit(page, 'dashboard');
  await shoot(page, '08-dashboard');
});

test('keyboard only: the whole order, steps 1 to 7, with Tab, Shift+Tab, arrows, Space and Enter', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await startOrder(page, baseURL);
  const kb = page.keyboard;
  // Tab (or Shift+Tab) until the control has focus, as a keyboard user moves through the page;
  // every control on the way must show where the focus is.
  const tabTo = async (target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') => {
    for (let i = 0; i < 60; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) {
        const ring = await target.evaluate((el) => {
          const box = (e: Element) => getComputedStyle(e).boxShadow;
          const own = getComputedStyle(el);
          return own.outlineStyle !== 'none' || box(el) !== 'none' || (el.parentElement ? box(el.parentElement) !== 'none' : false);
        });
        expect(ring, 'the focused control shows a focus ring').toBe(true);
        return;
      }
      await kb.press(key);
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  };

  // 1. Address: the country by typing its name on the focused select, the fields in order.
  const country = page.getByLabel('Country');
  await tabTo(country);
  await kb.type('United States');
  await expect(country).toHaveValue('US');
  await tabTo(page.getByLabel('Street address'));
  await kb.type(SAN_FRANCISCO.street);
  await tabTo(page.getByLabel('City'));
  await kb.type(SAN_FRANCISCO.city);
  await tabTo(page.getByLabel('State'));
  await kb.type('California');
  await expect(page.getByLabel('State')).toHaveValue(SAN_FRANCISCO.state);
  await tabTo(page.getByLabel('ZIP code'));
  await kb.type(SAN_FRANCISCO.zip);
  // Enter in a field submits the step (Next).
  await kb.press('Enter');

  // 2. Property: the step's title has focus, so the next Tab starts at its content.
  await expectStep(page, 2, 'Property details');
  await expect(page.getByRole('heading', { level: 1, name: 'Property details' })).toBeFocused();
  await tabTo(page.getByLabel('Residential'));
  await kb.press('ArrowRight');
  await expect(page.getByLabel('Commercial')).toBeChecked();
  await tabTo(spaceSize(page, 1));
  await kb.type('900');
  await tabTo(next(page));
  await kb.press('Enter');

  // 3. Time: the week and day buttons with Enter, a start with the arrow keys and Space.
  await expectStep(page, 3, 'Choose a time');
  await tabTo(page.getByRole('button', { name: 'Next week' }));
  await nextWeek(page, () => kb.press('Enter'));
  const day = page.getByRole('group', { name: 'Days' }).locator('button[data-empty="false"]').first();
  await expect(day).toBeVisible();
  await tabTo(day);
  await kb.press('Enter');
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  const slot = page.getByRole('radio', { disabled: false }).first();
  await tabTo(slot);
  await kb.press('Space');
  await expect(page.getByText(/We are holding this time for you/)).toBeVisible();
  await tabTo(next(page));
  await kb.press('Enter');

  // 4. Contact: it's me (prefilled); the phone, then Next.
  await expectStep(page, 4, 'Who is the site contact?');
  await tabTo(page.getByLabel('Phone'));
  await kb.type('(415) 555-2671');
  await tabTo(next(page));
  await kb.press('Enter');

  // 5. Review: the upgrade (a Starter account), the terms box with Space, Next.
  await expectStep(page, 5, 'Review order');
  const plan = page.getByRole('heading', { level: 2, name: /^Plan:/ });
  await expect(plan).toBeVisible();
  if (/Starter/.test((await plan.textContent()) ?? '')) {
    await tabTo(page.getByRole('button', { name: 'Upgrade to Professional' }));
    await kb.press('Enter');
    await expect(page.getByText('Your account is now on the Professional plan.')).toBeVisible();
  }
  const terms = page.getByLabel(/I agree to the Capture Services Terms/);
  await tabTo(terms);
  await kb.press('Space');
  await expect(terms).toBeChecked();
  // Shift+Tab goes back up the page just as well.
  await tabTo(page.getByRole('button', { name: /^Edit/ }).first(), 'Shift+Tab');
  await tabTo(next(page));
  await kb.press('Enter');

  // 6. Checkout: invoice billing is chosen; Confirm with Enter.
  await expectStep(page, 6, 'Checkout');
  await expect(page.getByText('Amount due')).toBeVisible();
  await tabTo(next(page, 'Confirm'));
  await kb.press('Enter');

  // 7. Order received, and 'Return to Dashboard' is reachable.
  await expectStep(page, 7, 'Order received');
  await tabTo(page.getByRole('link', { name: 'Return to Dashboard' }));
  await kb.press('Enter');
  await expect(page).toHaveURL(/\/discover\/capture\/orders\/$/);
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
