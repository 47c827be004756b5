import { expect, test } from '@playwright/test';
import { ANCHORAGE, audit, expectStep, fillUsAddress, next, nextWeek, NOWHERE, SAN_FRANCISCO, shoot, spaceSize, startOrder } from './capture-helpers.ts';

/**
 * The ordering flow's checks (issue 12; spec 5 and 8 messages): each address outcome, the
 * country's own fields, the too-large modal with Talk to Sales and Check Another Address, and the
 * phone rule for the property's country.
 */

test('each country shows its own fields, labels and required marks', async ({ page, baseURL }) => {
  await startOrder(page, baseURL);
  await page.getByLabel('Country').selectOption('JP');
  await expect(page.getByLabel('Prefecture')).toBeVisible();
  await expect(page.getByLabel('Postal code')).toBeVisible();
  await page.getByLabel('Country').selectOption('IE');
  await expect(page.getByLabel('Eircode')).toBeVisible();
  await expect(page.getByLabel('County')).toBeVisible();
  await page.getByLabel('Country').selectOption('US');
  await expect(page.getByLabel('ZIP code')).toBeVisible();
  await page.getByLabel('ZIP code').fill('ABCDE');
  await next(page).click();
  await expect(page.getByText('Enter a valid ZIP code')).toBeVisible();
  await expect(page.getByText('Please enter street address')).toBeVisible();
});

test('address not found: the spec message, and the customer stays on the address', async ({ page, baseURL }) => {
  await startOrder(page, baseURL);
  await fillUsAddress(page, NOWHERE);
  await next(page).click();
  await expect(page.getByRole('alert').filter({ hasText: "We couldn't verify that address, please try again." })).toBeVisible();
  await expectStep(page, 1, 'Tell us about the property');
  await audit(page, 'address not found');
  await shoot(page, '01b-not-found');
});

test('address not covered: the spec message and the notify-me form, prefilled for a signed-in user', async ({ page, baseURL }) => {
  await startOrder(page, baseURL);
  await fillUsAddress(page, ANCHORAGE);
  await next(page).click();
  await expect(page.getByText('We unfortunately do not cover your area yet...')).toBeVisible();
  const form = page.getByRole('form', { name: 'Notify me' });
  await expect(form.getByLabel('Email')).toHaveValue('owner@example.com');
  await expect(form.getByLabel('First name')).not.toHaveValue('');
  await audit(page, 'not covered');
  await shoot(page, '01c-not-covered');
  await form.getByLabel('Email').fill('');
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByText('Enter an email address like name@example.com.')).toBeVisible();
  await form.getByLabel('Email').fill('owner@example.com');
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByText("Thank you! We'll let you know when we're available in your area.")).toBeVisible();
  // Another address, covered this time, moves on.
  await page.getByRole('button', { name: 'Check another address' }).click();
  await fillUsAddress(page, SAN_FRANCISCO);
  await next(page).click();
  await expectStep(page, 2, 'Property details');
  await expect(page.getByText('Congrats, a technician is in your area. Complete your order today.')).toBeVisible();
});

test('too large: the modal offers Talk to Sales and Check Another Address', async ({ page, baseURL }) => {
  await startOrder(page, baseURL);
  await fillUsAddress(page, SAN_FRANCISCO);
  await next(page).click();
  await expectStep(page, 2, 'Property details');
  // 3,000 m² is about 32,292 sq ft: over the 30,000 sq ft limit once converted.
  await page.getByLabel('sq. meters (m²)').check();
  await spaceSize(page, 1).fill('3000');
  await expect(page.getByText(/Unfortunately, you are over the limit/).first()).toBeVisible();
  await next(page).click();
  const dialog = page.getByRole('dialog', { name: 'Oops, the space is too large' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'Unfortunately, you are over the limit. Try reducing the amount of area you need to be captured or contact us for larger spaces.',
  );
  await audit(page, 'too-large modal');
  await shoot(page, '02b-too-large');
  await dialog.getByRole('button', { name: 'Talk to Sales' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue('owner@example.com');
  await dialog.getByLabel('Phone').fill('+1 415 555 2671');
  await dialog.getByLabel('Company').fill('Owner Holdings');
  await audit(page, 'talk to sales');
  await shoot(page, '02c-talk-to-sales');
  await dialog.getByRole('button', { name: 'Send to Sales' }).click();
  await expect(dialog.getByText('Thank you! Our sales team will contact you within one business day.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Check Another Address goes back to step 1.
  await next(page).click();
  await page.getByRole('dialog', { name: 'Oops, the space is too large' }).getByRole('button', { name: 'Check Another Address' }).click();
  await expectStep(page, 1, 'Tell us about the property');
  await expect(page.getByLabel('Street address')).toHaveValue(SAN_FRANCISCO.street);
});

test("a phone that is not a number, or not one of the property's country, is refused with the spec messages", async ({ page, baseURL }) => {
  await startOrder(page, baseURL);
  await fillUsAddress(page, SAN_FRANCISCO);
  await next(page).click();
  await spaceSize(page, 1).fill('800');
  await next(page).click();
  await expectStep(page, 3, 'Choose a time');
  await nextWeek(page, () => page.getByRole('button', { name: 'Next week' }).click());
  await page.getByRole('group', { name: 'Days' }).locator('button[data-empty="false"]').first().click();
  await page.getByRole('radio').last().check();
  await next(page).click();
  await expectStep(page, 4, 'Who is the site contact?');
  const phone = page.getByLabel('Phone');
  await next(page).click();
  await expect(page.getByText('Please enter Phone')).toBeVisible();
  await phone.fill('12');
  await next(page).click();
  await expect(page.getByText('Not a valid phone number')).toBeVisible();
  await phone.fill('(415) 123-4567');
  await next(page).click();
  await expect(page.getByText('Enter a valid Phone')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  // Someone else: the names are asked for.
  await page.getByLabel('Someone else').check();
  await next(page).click();
  await expect(page.getByText('Please enter First Name')).toBeVisible();
  await expect(page.getByText('Please enter Last Name')).toBeVisible();
  await audit(page, 'contact with errors');
  await shoot(page, '04b-contact-errors');
  // A file over 8 MB is refused before upload.
  await page.getByLabel(/Floor plans or photos/).setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: Buffer.alloc(9 * 1024 * 1024) });
  await expect(page.getByText('Your file is too large. The maximum size allowed is 8 MB.')).toBeVisible();
});
