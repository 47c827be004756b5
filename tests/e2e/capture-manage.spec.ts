import { expect, test, type Page } from '@playwright/test';
import { acceptCookies } from './public-helpers.ts';
import { signIn } from './user-helpers.ts';
import { audit, CAPTURE, MEMBER, pickTime, placeOrder, shoot } from './capture-helpers.ts';

/**
 * After the order (issue 12): order details with the invoice for the owner, reschedule with the
 * prior and the new date, cancel with a full account credit shown on the dashboard, and a plain
 * member of the organization who sees the order but not its invoices.
 */

/** The dashboard's credit balance of an account, in cents. */
async function creditCents(page: Page, account: string): Promise<number> {
  await page.goto(CAPTURE.dashboard);
  const stat = page.locator('.co-stat').filter({ hasText: `Account credit · ${account}` });
  const text = (await stat.getByTestId('credit-balance').textContent()) ?? '';
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

test('order details, reschedule and cancel with a full account credit', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const details = await placeOrder(page, baseURL, 2);
  expect(details).toMatch(/\/discover\/capture\/orders\/[^/]+\/$/);
  await page.goto(details);
  await expect(page.getByRole('heading', { level: 1, name: /^Order CAP-\d+/ })).toBeVisible();
  const account = (await page.locator('.co-dash__top .kicker').textContent()) ?? '';
  const before = await creditCents(page, account);
  await page.goto(details);
  await expect(page.locator('.co-status')).toHaveText('Received');
  await expect(page.getByText(/You can reschedule or cancel until/)).toBeVisible();
  // The owner sees the invoice and its PDF.
  const pdf = page.getByRole('link', { name: /^Download INV-\S+ PDF$/ });
  await expect(pdf).toBeVisible();
  const res = await page.request.get((await pdf.getAttribute('href')) ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  await audit(page, 'order details');
  await shoot(page, '09-order-details');

  // Reschedule: pick a new time, confirm with the prior and the new date side by side.
  const prior = (await page.getByTestId('appointment').textContent()) ?? '';
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule the appointment' });
  await expect(dialog).toBeVisible();
  await audit(page, 'reschedule picker');
  await shoot(page, '10a-reschedule-pick');
  await pickTime(page, dialog, 1);
  const confirm = page.getByRole('dialog', { name: 'Confirm the new time' });
  await expect(confirm.getByText('Previous time', { exact: true })).toBeVisible();
  await expect(confirm).toContainText(prior);
  await expect(confirm.getByText('New time', { exact: true })).toBeVisible();
  await audit(page, 'reschedule confirmation');
  await shoot(page, '10-reschedule-confirm');
  await confirm.getByRole('button', { name: 'Confirm new time' }).click();
  const done = page.getByRole('dialog', { name: 'Your appointment was rescheduled.' });
  await expect(done).toContainText(prior);
  await audit(page, 'rescheduled');
  await done.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByTestId('appointment')).not.toHaveText(prior);
  await expect(page.getByText('Your appointment was rescheduled.')).toBeVisible();

  // Cancel: a confirmation, then the full amount as account credit.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(cancel).toContainText('is credited to the account');
  await audit(page, 'cancel confirmation');
  await shoot(page, '11-cancel-confirm');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  const cancelled = page.getByText(/^Order cancelled\. \$[\d,.]+ was credited to the account; its credit balance is now \$[\d,.]+\.$/);
  await expect(cancelled).toBeVisible();
  const [credited = 0, balance = 0] = [...((await cancelled.textContent()) ?? '').matchAll(/\$([\d,]+(?:\.\d+)?)/g)].map((m) =>
    Math.round(Number(m[1]?.replace(/,/g, '')) * 100),
  );
  expect(credited).toBeGreaterThan(0);
  await expect(page.locator('.co-status')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Credit note' })).toBeVisible();
  await shoot(page, '12-cancelled');

  // The whole order total came back as account credit, and the dashboard shows the new balance.
  const after = await creditCents(page, account);
  expect(after).toBe(balance);
  expect(after).toBe(before + credited);
  await expect(page.locator('.co-order').filter({ hasText: 'Cancelled' }).first()).toBeVisible();
});

test('a plain member of the organization sees the order but not its invoices', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const details = await placeOrder(page, baseURL, 3);
  const member = await browser.newContext();
  const mp = await member.newPage();
  await acceptCookies(mp, baseURL);
  await signIn(mp, MEMBER, details);
  await expect(mp.getByRole('heading', { level: 1, name: /^Order CAP-\d+/ })).toBeVisible();
  await expect(mp.getByText('Invoices are visible to the account’s Owners and Billing Contacts only. Ask one of them for a copy.')).toBeVisible();
  await expect(mp.getByRole('link', { name: /PDF/ })).toHaveCount(0);
  await audit(mp, 'order details (member)');
  await shoot(mp, '13-member-details');
  // The API refuses the invoice list too.
  const order = (await (await mp.request.get(`/api/capture/orders/${details.split('/').filter(Boolean).pop() ?? ''}/`)).json()) as { accountId: string };
  const invoices = await mp.request.get(`/api/capture/accounts/${order.accountId}/invoices/`);
  expect(invoices.status()).toBe(403);
  await member.close();
});

test('a guest is sent to sign-in from the flow, the dashboard and order details', async ({ page }) => {
  for (const path of [CAPTURE.flow, CAPTURE.dashboard, '/discover/capture/orders/some-order/']) {
    await page.goto(path);
    await page.waitForURL(/\/auth\/sign-in\?target=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('target') ?? '')).toContain(path.replace(/\/$/, ''));
  }
});
