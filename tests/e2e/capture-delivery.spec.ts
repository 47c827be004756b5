import { expect, test } from '@playwright/test';
import { roomGlb } from '../api/capture-glb.ts';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';
import { shoot } from './capture-helpers.ts';

/**
 * The capture service delivers (issue 24): the demo technician signs in, sees today's visit at
 * /admin/jobs, says "Arrived" and "Captured", uploads the capture (tus) and the processed upload
 * delivers the order; the customer opens the new space from the order's details. Administrators see
 * the orders (with the late delivery flagged) and the technicians. axe on every new screen.
 */
test.describe.configure({ timeout: 180_000 });

const TECH = 'tech@example.com';

interface JobList {
  jobs: { orderId: string; status: string; canArrive: boolean; canCapture: boolean; canUpload: boolean; address: { streetAddress: string } }[];
}

test('a technician delivers today’s visit and the customer opens the new space from the order', async ({ page, browser }) => {
  await signInAsAdmin(page, '/admin/jobs', TECH);
  await expect(page.getByRole('heading', { level: 1, name: 'My jobs' })).toBeVisible();
  // The console shows a technician only their jobs.
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link')).toHaveText(['My jobs']);
  const today = (await getJson<JobList>(page, '/admin/api/capture/jobs/?days=2')).jobs.find((j) => j.address.streetAddress === '1 Market St');
  expect(today, 'the seeded visit of today').toBeTruthy();
  const orderId = today?.orderId ?? '';
  const card = page.getByRole('article').filter({ hasText: '1 Market St' });
  await expect(card).toContainText('Key box at the side gate, code 4821');
  await expect(card).toContainText('Sam Site');
  await auditA11y(page, 'jobs (technician)');
  await shoot(page, 'jobs-week');
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await auditA11y(page, 'jobs, day view');

  if (today?.canArrive) {
    await card.getByRole('button', { name: 'Arrived' }).click();
    await expect(page.getByTestId('admin-status').getByText('Marked as arrived.')).toBeVisible();
  }
  // (A data folder kept from an earlier run may have this visit captured already.)
  if (today?.canArrive || today?.canCapture) {
    await card.getByRole('button', { name: 'Captured' }).click();
    await expect(page.getByTestId('admin-status').getByText('Marked as captured. Upload the capture next.')).toBeVisible();
  }
  await expect(card.getByRole('button', { name: 'Upload capture' })).toBeVisible();
  await shoot(page, 'jobs-captured');
  await card.locator('input[type=file]').setInputFiles({ name: 'visit.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from(await roomGlb()) });
  await expect(page.getByTestId('admin-status').getByText('Capture uploaded.')).toBeVisible({ timeout: 30_000 });
  // The pipeline's job processes it; its success delivers the order.
  await expect
    .poll(async () => (await getJson<{ status: string }>(page, `/admin/api/capture/jobs/${orderId}/`)).status, { timeout: 90_000, intervals: [1000] })
    .toBe('DELIVERED');
  await page.reload();
  await expect(card).toContainText('Delivered at');

  // Another technician's view is not this one's: a job that is not theirs answers 404.
  expect((await page.request.get('/admin/api/capture/jobs/no-such-order/')).status()).toBe(404);

  // The customer: order details with visit and delivery times, and "View your space".
  const context = await browser.newContext();
  const customer = await context.newPage();
  await customer.emulateMedia({ reducedMotion: 'reduce' });
  await customer.goto(`/auth/sign-in?target=${encodeURIComponent(`/discover/capture/orders/${orderId}`)}`);
  await customer.getByLabel('Email').fill('owner@example.com');
  await customer.getByLabel('Password').fill('discover-demo');
  await customer.getByRole('button', { name: 'Sign in' }).click();
  await customer.waitForURL(`**/discover/capture/orders/${orderId}`);
  await expect(customer.getByTestId('delivery-time')).toContainText('Delivered');
  await expect(customer.getByTestId('visit-time')).toContainText('Captured');
  await auditA11y(customer, 'order details, delivered');
  await shoot(customer, 'order-delivered');
  await customer.getByRole('link', { name: 'View your space' }).click();
  await customer.waitForURL(/\/discover\/showcase\/\?m=/);
  await expect(customer.locator('body')).not.toContainText('not found', { ignoreCase: true });
  await context.close();
});

test('administrators see every order with the late delivery flagged, reassign (audited), and manage technicians', async ({ page }) => {
  await signInAsAdmin(page, '/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Capture orders' })).toBeVisible();
  await expect(page.getByText(/deliver(y is|ies are) overdue/)).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Capture orders' })).toContainText('500 Howard St');
  await auditA11y(page, 'capture orders');
  await shoot(page, 'orders');
  await page.getByLabel('Status').selectOption('DELIVERED');
  await expect(page.getByRole('grid', { name: 'Capture orders' })).not.toContainText('500 Howard St');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('link', { name: 'CAP-D00001' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order CAP-D00001' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Statuses’ history' })).toBeVisible();
  await auditA11y(page, 'capture order details');
  await shoot(page, 'order-detail');
  await page.getByLabel('Technician', { exact: true }).selectOption({ label: 'Diego Alvarez (Los Angeles)' });
  await page.getByRole('button', { name: 'Reassign' }).click();
  await expect(page.getByTestId('admin-status').getByText('The visit now goes to Diego Alvarez. The customer was told by email.')).toBeVisible();
  // Like every admin write, the reassignment is in the audit log: who moved the visit from whom to whom.
  await page.goto('/admin/audit-log');
  await page.getByRole('searchbox', { name: 'Search' }).fill('tech-los-angeles');
  const reassigned = page.getByTestId('audit-entries').getByRole('listitem').filter({ hasText: 'Reassign · Capture order' }).first();
  await expect(reassigned).toContainText('by admin@example.com');
  await expect(reassigned.locator('tr.aud-diff__changed', { hasText: 'technicianId' }).locator('td').last()).toHaveText('tech-los-angeles');

  await page.goto('/admin/technicians');
  await expect(page.getByRole('heading', { level: 1, name: 'Technicians' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Technicians' })).toContainText('tech@example.com');
  await auditA11y(page, 'technicians');
  await shoot(page, 'technicians');
  await page.getByRole('link', { name: 'Priya Natarajan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit technician' })).toBeVisible();
  await auditA11y(page, 'technician form');
  await shoot(page, 'technician-form');
});
