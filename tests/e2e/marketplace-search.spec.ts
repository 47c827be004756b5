import { expect, test } from '@playwright/test';
import { acceptCookies } from './public-helpers.ts';
import { expectNoAxeViolations } from '../axe.ts';

/**
 * Marketplace apps are in the static search index (issue 13): a search for a demo app's name shows
 * it in the "Apps" group above the space results (never as a space card), and its link opens the
 * app page. axe on the results.
 */
test('a search finds a marketplace app in the Apps group and opens its page', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await page.goto('/discover/search/?q=Planwise');
  const group = page.getByRole('region', { name: 'Apps' });
  const app = group.getByRole('link', { name: /Planwise Floor Plans/ });
  await expect(app).toBeVisible();
  await expect(app).toContainText('by Planwise');
  await expect(app).toHaveAttribute('href', '/discover/marketplace/app/planwise-floor-plans/');
  // Space results stay space cards: no app page among them.
  await expect(page.locator('.results-summary')).toBeVisible();
  await expect(page.locator('.grid a[href*="/marketplace/"]')).toHaveCount(0);

  await expectNoAxeViolations(page, 'search with an app');

  await app.click();
  await expect(page).toHaveURL(/\/discover\/marketplace\/app\/planwise-floor-plans\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Planwise Floor Plans');
});
