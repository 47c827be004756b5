import { expect, test, type Request } from '@playwright/test';
import { ALL_TRUE, acceptCookies, searchBox, signInAs } from './public-helpers.ts';

/** The header search box (spec 2, 7, 9). */
test.describe('header search box', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL);
  });

  test('shows the placeholder; submit and clear stay disabled while empty', async ({ page }) => {
    await page.goto('/discover/');
    const box = searchBox(page);
    await expect(box).toHaveAttribute('placeholder', 'Search Spaces by Title, Description or Keyword');
    const form = page.locator('[data-header-search] form');
    await expect(form.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
    await box.click();
    const clear = form.locator('.search-field__clear');
    await expect(clear).toBeDisabled();
    await expect(clear).toBeHidden();
    await box.fill('castle');
    await expect(form.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
    await expect(form.getByRole('button', { name: 'Clear search' })).toBeEnabled();
  });

  test('focus opens popular queries; typing shows up to 3 preview cards from one debounced call', async ({ page }) => {
    const calls: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/content/space/search/') && r.method() === 'POST') calls.push(r);
    });
    await page.goto('/discover/');
    await searchBox(page).click();
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
    for (const q of ['Museums', 'Luxury Homes', 'Cool Places']) await expect(list.getByRole('option', { name: q })).toBeVisible();
    await expect(list.getByRole('option', { name: 'SHOW MORE' })).toHaveCount(0);

    await searchBox(page).pressSequentially('museum', { delay: 40 });
    const cards = list
      .getByRole('group', { name: 'Spaces' })
      .getByRole('option')
      .filter({ has: page.locator('img') });
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(3);
    await expect(cards.first().locator('.hs-card__name')).not.toBeEmpty();
    await expect(cards.first().locator('.hs-card__place')).not.toBeEmpty();
    await expect(list.getByRole('option', { name: 'SHOW MORE' })).toBeVisible();
    // Typing six letters quickly made a single preview call (500 ms debounce) with the spec's body.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.postDataJSON()).toEqual({
      searchText: 'museum',
      searchBy: { name: true, summary: true, tag: true, location: true, description: true },
      page: 1,
      pageSize: 3,
    });
  });

  test('arrow keys move through the cards and Enter opens one', async ({ page }) => {
    await page.goto('/discover/');
    await searchBox(page).click();
    await searchBox(page).fill('museum');
    const first = page.getByRole('listbox').getByRole('option').first();
    await expect(first.locator('img')).toBeVisible();
    const name = (await first.locator('.hs-card__name').textContent()) ?? '';
    await page.keyboard.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/discover\/space\/\w{11}\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('closes on Escape, outside click and cleared text', async ({ page }) => {
    await page.goto('/discover/');
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await searchBox(page).click();
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();

    await searchBox(page).fill('loft');
    await expect(list).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(list).toBeHidden();

    await searchBox(page).click();
    await expect(list).toBeVisible();
    await page.locator('[data-header-search]').getByRole('button', { name: 'Clear search' }).click();
    await expect(list).toBeHidden();
    await expect(searchBox(page)).toHaveValue('');
  });

  test('submitting goes to the search page and fires the search event', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL, ALL_TRUE);
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/analytics/events')) sent.push(...((r.postDataJSON() as { events: unknown[] }).events ?? []));
    });
    await page.goto('/discover/');
    await searchBox(page).click();
    await searchBox(page).fill('harbour view');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/discover\/search\/\?q=harbour%20view$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “harbour view”');
    await expect.poll(() => sent.some((e) => (e as { name: string }).name === 'search')).toBe(true);
    const search = sent.find((e) => (e as { name: string }).name === 'search') as { props: Record<string, unknown> };
    expect(search.props).toEqual({ query: 'harbour view', location: 'header', override: null });
  });

  test("'SHOW MORE' and a popular query open the search page", async ({ page }) => {
    await page.goto('/discover/');
    await searchBox(page).click();
    await searchBox(page).fill('museum');
    await page.getByRole('option', { name: 'SHOW MORE' }).click();
    await expect(page).toHaveURL(/\/discover\/search\/\?q=museum$/);
    await searchBox(page).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Luxury Homes' }).click();
    await expect(page).toHaveURL(/\/discover\/search\/\?q=Luxury%20Homes$/);
  });

  test("'pro 2', with or without the brand, any case, opens the Pro2 camera page", async ({ page }) => {
    for (const text of ['pro 2', 'Matterport PRO 2']) {
      await page.goto('/discover/');
      await searchBox(page).click();
      await searchBox(page).fill(text);
      await searchBox(page).press('Enter');
      await expect(page).toHaveURL(/\/discover\/camera\/matterport-pro2\/$/);
    }
  });

  test("'pro 3' opens the Pro3 camera page only with the discover/pro3 flag", async ({ page, baseURL }) => {
    await page.goto('/discover/');
    await searchBox(page).click();
    await searchBox(page).fill('matterport pro 3');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/discover\/search\/\?q=matterport%20pro%203$/);

    // The demo administrator carries discover/pro3 (and discover/search).
    await signInAs(page, 'admin@example.com', baseURL);
    await page.goto('/discover/');
    await searchBox(page).click();
    await searchBox(page).fill('Pro 3');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/discover\/camera\/matterport-pro3\/$/);
  });

  test('is hidden for a signed-in user without discover/search, shown for guests', async ({ page, browser, baseURL }) => {
    await page.goto('/discover/');
    await expect(page.locator('[data-header-search]')).toBeVisible();

    // An administrator takes discover/search away from the demo visitor, then gives it back.
    const admin = await browser.newContext({ baseURL: baseURL as string });
    const adminPage = await admin.newPage();
    await signInAs(adminPage, 'admin@example.com', baseURL);
    await signInAs(page, 'visitor@example.com', baseURL);
    const sid = ((await (await page.request.get('/api/session/user/')).json()) as { user_sid: string }).user_sid;
    const setFlags = (flags: string[]) => adminPage.request.put(`/admin/api/user/${sid}/flags/`, { data: { flags }, headers: { Origin: baseURL as string } });
    try {
      expect((await setFlags([])).ok()).toBeTruthy();
      await page.goto('/discover/');
      await expect(page.locator('[data-header-search]')).toBeHidden();
    } finally {
      expect((await setFlags(['discover/search'])).ok()).toBeTruthy();
      await admin.close();
    }
    await page.goto('/discover/');
    await expect(page.locator('[data-header-search]')).toBeVisible();
  });

  test('on a phone it opens as a full-screen dialog', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/discover/');
    await searchBox(page).click();
    const dialog = page.getByRole('dialog', { name: 'Search spaces' });
    await expect(dialog).toBeVisible();
    const modalInput = dialog.getByRole('combobox');
    await expect(modalInput).toBeFocused();
    await page.keyboard.type('castle');
    await expect(dialog.getByRole('option').first().locator('img')).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    await dialog.getByRole('button', { name: 'Close search' }).click();
    await expect(dialog).toBeHidden();
  });

  test('works without JavaScript as a plain form', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL as string, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/discover/');
    await page.locator('[data-header-search] input[name="q"]').fill('villa');
    await page.locator('[data-header-search] input[name="q"]').press('Enter');
    await expect(page).toHaveURL(/\/discover\/search\/\?q=villa$/);
    await context.close();
  });
});
