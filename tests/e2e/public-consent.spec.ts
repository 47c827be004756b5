import { expect, test, type Page } from '@playwright/test';
import { ALL_TRUE, CONSENT_COOKIE, islandsReady } from './public-helpers.ts';

/** Cookie consent, exactly as spec sections 2, 3, 4 and 9 describe it. */

const DAY = 24 * 60 * 60;

/** Records every `consent-changed` event of the page. */
async function recordConsentEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { __consentEvents: unknown[] }).__consentEvents = [];
    window.addEventListener('consent-changed', (e) => (window as unknown as { __consentEvents: unknown[] }).__consentEvents.push((e as CustomEvent).detail));
  });
}
const consentEvents = (page: Page) => page.evaluate(() => (window as unknown as { __consentEvents: unknown[] }).__consentEvents);

async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE);
}

test.describe('cookie banner', () => {
  test('shows at the bottom, 495 px wide at most, on layer 1050, with its four parts', async ({ page }) => {
    await page.goto('/discover/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Learn more about cookies' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept all' })).toBeVisible();
    const style = await banner.evaluate((el) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return { maxWidth: s.maxWidth, zIndex: s.zIndex, position: s.position, bottomGap: window.innerHeight - r.bottom, width: r.width };
    });
    expect(style).toMatchObject({ maxWidth: '495px', zIndex: '1050', position: 'fixed' });
    expect(style.width).toBeLessThanOrEqual(495);
    expect(style.bottomGap).toBeLessThanOrEqual(16);
  });

  test("'Accept all' writes the all-true cookie with the exact attributes, broadcasts it and hides the banner", async ({ page }) => {
    await recordConsentEvents(page);
    const pings: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/mp/consent-cookie') && pings.push(r.method()));
    await page.goto('/discover/');
    await islandsReady(page);
    await expect.poll(() => pings.length).toBe(1);
    const before = Date.now() / 1000;
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);

    const cookie = await consentCookie(page);
    expect(cookie).toBeDefined();
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? ''))).toEqual(ALL_TRUE);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: true, httpOnly: false });
    // The product's own domain: the site's host (a Secure cookie is accepted on http://127.0.0.1, a secure context).
    expect(cookie?.domain.replace(/^\./, '')).toBe('127.0.0.1');
    expect(cookie?.expires).toBeGreaterThan(before + 365 * DAY - 120);
    expect(cookie?.expires).toBeLessThan(before + 365 * DAY + 120);

    expect(await consentEvents(page)).toEqual([ALL_TRUE]);
    // The ping fires again when the has-consent state changes (spec 7).
    await expect.poll(() => pings).toEqual(['GET', 'GET']);

    await page.reload();
    await islandsReady(page);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  });

  test("uses Domain=localhost when the host contains 'localhost'", async ({ page, baseURL }) => {
    const url = new URL('/discover/', baseURL);
    url.hostname = 'localhost';
    await page.goto(url.href);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept all' }).click();
    const cookie = (await page.context().cookies(url.href)).find((c) => c.name === CONSENT_COOKIE);
    expect(cookie?.domain.replace(/^\./, '')).toBe('localhost');
    expect(cookie?.secure).toBe(true);
  });

  test('re-renders its text when the language changes', async ({ page }) => {
    await page.goto('/discover/');
    await islandsReady(page);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner.getByRole('button', { name: 'Accept all' })).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('discover:language', { detail: { locale: 'de' } })));
    const german = page.getByRole('region', { name: 'Cookie-Einwilligung' });
    await expect(german.getByRole('button', { name: 'Alle akzeptieren' })).toBeVisible();
    await expect(german.getByRole('button', { name: 'Cookie-Einstellungen' })).toBeVisible();
  });
});

test.describe('preference dialog', () => {
  async function openDialog(page: Page) {
    await page.goto('/discover/');
    await islandsReady(page);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Cookie settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy Preference Center' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test('has the spec layout: max 575 × 685 px, 5 % from the top, layer 1060', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const dialog = await openDialog(page);
    const m = await dialog.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const overlay = el.parentElement as HTMLElement;
      return { width: r.width, height: r.height, top: r.top, z: getComputedStyle(overlay).zIndex };
    });
    expect(m.width).toBe(575);
    expect(m.height).toBe(685);
    expect(m.top).toBeCloseTo(900 * 0.05, 0);
    expect(m.z).toBe('1060');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  });

  test('is full screen at 480 px and below', async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 800 });
    const dialog = await openDialog(page);
    const r = await dialog.boundingBox();
    expect(r).toEqual({ x: 0, y: 0, width: 480, height: 800 });
  });

  test('four expandable sections with toggles starting all on; strictly necessary on and disabled', async ({ page }) => {
    const dialog = await openDialog(page);
    const names = ['Performance cookies', 'Functional cookies', 'Targeting cookies', 'Strictly necessary cookies'];
    for (const name of names) {
      const toggle = dialog.getByRole('switch', { name });
      await expect(toggle).toBeChecked();
      const expander = dialog.getByRole('button', { name });
      await expect(expander).toHaveAttribute('aria-expanded', 'false');
      await expander.click();
      await expect(expander).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator(`#${await expander.getAttribute('aria-controls')}`)).toBeVisible();
    }
    await expect(dialog.getByRole('switch', { name: 'Strictly necessary cookies' })).toBeDisabled();
    await expect(dialog.getByText('Always active')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Cookie policy' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Accept all cookies' })).toBeVisible();
  });

  test("'Confirm my choices' saves the local copy, broadcasts it and hides the banner", async ({ page }) => {
    await recordConsentEvents(page);
    const dialog = await openDialog(page);
    await dialog.getByRole('switch', { name: 'Targeting cookies' }).click();
    await dialog.getByRole('switch', { name: 'Functional cookies' }).click();
    await dialog.getByRole('button', { name: 'Confirm my choices' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    const expected = { version: 3, strictlyNecessary: true, custom: { performance: true, functionality: false, targeting: false } };
    expect(JSON.parse(decodeURIComponent((await consentCookie(page))?.value ?? ''))).toEqual(expected);
    expect(await consentEvents(page)).toEqual([expected]);
    await expect(page.getByRole('status').filter({ hasText: 'Your cookie preferences were saved.' })).toBeVisible();
  });

  test("'Accept all cookies' saves all true; the close button closes without saving", async ({ page }) => {
    let dialog = await openDialog(page);
    await dialog.getByRole('switch', { name: 'Targeting cookies' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(await consentCookie(page)).toBeUndefined();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();

    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Cookie settings' }).click();
    dialog = page.getByRole('dialog', { name: 'Privacy Preference Center' });
    await dialog.getByRole('button', { name: 'Accept all cookies' }).click();
    expect(JSON.parse(decodeURIComponent((await consentCookie(page))?.value ?? ''))).toEqual(ALL_TRUE);
  });

  test('the footer link reopens the dialog with the saved choices', async ({ page }) => {
    const dialog = await openDialog(page);
    await dialog.getByRole('switch', { name: 'Performance cookies' }).click();
    await dialog.getByRole('button', { name: 'Confirm my choices' }).click();
    await page.locator('footer').getByRole('button', { name: 'Cookie settings' }).click();
    const again = page.getByRole('dialog', { name: 'Privacy Preference Center' });
    await expect(again.getByRole('switch', { name: 'Performance cookies' })).not.toBeChecked();
    await expect(again.getByRole('switch', { name: 'Targeting cookies' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
  });
});
