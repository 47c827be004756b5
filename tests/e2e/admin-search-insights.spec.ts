import { expect, test, type Page } from '@playwright/test';
import { auditA11y, signInAsAdmin } from './admin-helpers.ts';
import { acceptCookies, searchBox } from './public-helpers.ts';

/**
 * Search insights (/admin/search-insights, issue 25): what visitors who allow analytics searched for,
 * what found nothing and which results they opened, over a chosen period.
 */

const SHOTS = process.env['E2E_SHOTS_DIR'];

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Letters no space of the demo world is near, even with two typos forgiven. */
const nonsense = () => `zqxw${Array.from({ length: 6 }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('')}`;

test('an administrator sees the query a consenting visitor searched that found nothing, and the result they opened', async ({ page, browser, baseURL }) => {
  const query = nonsense();

  // A guest who accepted analytics searches from the header and gets no results.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await acceptCookies(guest, baseURL);
  await guest.goto('/discover/');
  const answered = guest.waitForRequest(
    (r) =>
      r.url().endsWith('/api/analytics/events') &&
      ((r.postDataJSON() as { events: { name: string; props: { query?: string } }[] }).events ?? []).some(
        (e) => e.name === 'search_results' && e.props.query === query,
      ),
  );
  await searchBox(guest).click();
  await searchBox(guest).fill(query);
  await searchBox(guest).press('Enter');
  await guest.waitForURL(/\/discover\/search\/?\?q=/);
  await expect(guest.locator('[data-none]')).toBeVisible();
  expect((await answered).postDataJSON()).toMatchObject({
    events: expect.arrayContaining([expect.objectContaining({ name: 'search_results', props: { query, results: 0 } })]),
  });

  // …then opens a result of another search.
  await guest.goto('/discover/search/?q=museum');
  const card = guest.locator('[data-results] .card__title a').first();
  const opened = (await card.textContent())?.trim() ?? '';
  const clicked = guest.waitForRequest(
    (r) =>
      r.url().endsWith('/api/analytics/events') && ((r.postDataJSON() as { events: { name: string }[] }).events ?? []).some((e) => e.name === 'search_click'),
  );
  await card.click();
  expect((await clicked).postDataJSON()).toMatchObject({
    events: expect.arrayContaining([
      expect.objectContaining({ name: 'search_click', props: expect.objectContaining({ query: 'museum', position: 1, location: 'page' }) }),
    ]),
  });
  await visitor.close();

  // The administrator opens the screen: the last 30 days by default.
  await signInAsAdmin(page, '/admin/search-insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Search insights' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  const none = page.getByTestId('sin-noResults');
  await expect(none.getByRole('row', { name: new RegExp(query) })).toBeVisible();
  await expect(none.getByRole('link', { name: query })).toHaveAttribute('href', `/discover/search/?q=${query}`);
  const top = page.getByTestId('sin-top');
  await expect(top.getByRole('row', { name: new RegExp(query) })).toContainText('0');
  const opens = page.getByTestId('sin-clicked').getByRole('row', { name: opened });
  await expect(opens).toContainText('museum');
  await expect(opens.getByRole('link', { name: opened })).toHaveAttribute('href', /^\/discover\/space\/[^/]+\/$/);
  await auditA11y(page, 'search insights');
  await shoot(page, 'admin-search-insights');

  // Another period from the keyboard: a custom period that ended before today does not have it.
  await page.getByRole('radio', { name: 'Last 7 days' }).check();
  await expect(page).toHaveURL(/days=7/);
  await expect(none.getByRole('row', { name: new RegExp(query) })).toBeVisible();
  await page.getByRole('radio', { name: 'Custom' }).check();
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(none).toContainText('Every search in this period found something.');
  await expect(page.getByText('No searches in this period.')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('2019-12-01');
  await expect(page.getByText('The end date is before the start date.')).toBeVisible();
  await auditA11y(page, 'search insights, custom period');
});
