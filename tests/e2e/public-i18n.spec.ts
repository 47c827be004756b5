import { expect, test } from '@playwright/test';
import { acceptCookies, getJson, islandsReady, searchBox } from './public-helpers.ts';
import { E2E_SITE_LOCALES } from './site-locales.ts';

/**
 * Locales (spec 9): locale-prefixed pages, hreflang, the switcher, lazy strings in islands. The
 * test server builds English and German only (see site-locales.ts), so German stands for every
 * prefixed locale, and a locale left out of the build must not be linked anywhere.
 */

test.describe('languages', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL);
  });

  test('the home page exists in every built locale, with hreflang links to each and to no other', async ({ page }) => {
    await page.goto('/discover/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const links = page.locator('link[rel="alternate"][hreflang]');
    await expect(links).toHaveCount(E2E_SITE_LOCALES.length + 1);
    const hreflangs = await links.evaluateAll((els) => els.map((e) => [e.getAttribute('hreflang'), new URL(e.getAttribute('href') ?? '').pathname]));
    expect(hreflangs).toEqual(
      expect.arrayContaining([
        ['x-default', '/discover/'],
        ['en', '/discover/'],
        ['de', '/discover/de/'],
      ]),
    );
    for (const [lang, path] of hreflangs) {
      if (lang === 'x-default') continue;
      const res = await page.request.get(path as string);
      expect(res.status(), `${lang} ${path}`).toBe(200);
      expect(await res.text(), `${lang} ${path}`).toContain(`<html lang="${lang}"`);
    }
    // French is a supported locale, but not built here: nothing links to it and it is not served.
    expect(hreflangs.map(([lang]) => lang)).not.toContain('fr');
    expect((await page.request.get('/discover/fr/')).status()).toBe(404);
  });

  test('a German page speaks German, in the static HTML and in the islands', async ({ page }) => {
    await page.goto('/discover/de/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Betritt die bemerkenswertesten Orte der Welt');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/discover\/de\/$/);
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'Spaces nach Titel, Beschreibung oder Stichwort suchen');
    await searchBox(page).click();
    await expect(page.getByRole('listbox', { name: 'Suchvorschläge' }).getByRole('option', { name: 'Museen' })).toBeVisible();
    // Links stay in German, space pages too (rendered on their first request, issue 26).
    await expect(page.locator('footer').getByRole('link', { name: 'Über uns' })).toBeVisible();
    const spaceLinks = await page.locator('a[href*="/space/"]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(spaceLinks.length).toBeGreaterThan(0);
    for (const p of spaceLinks) expect(p).toMatch(/^\/discover\/de\/space\//);
    const tagLinks = await page.locator('a[href*="/tag/"]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    for (const p of tagLinks) expect(p).toMatch(/^\/discover\/de\/tag\//);
  });

  test('a German search submits to the German search page and shows translated counts', async ({ page }) => {
    await page.goto('/discover/de/');
    await searchBox(page).click();
    await searchBox(page).fill('museum');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/discover\/de\/search\/\?q=museum$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ergebnisse für „museum“');
    // "{count} Space" / "{count} Spaces" (English says "spaces", lower case).
    await expect(page.locator('.results-summary')).toHaveText(/^\d+ Spaces?$/);
  });

  test('the language switcher lists the built languages and keeps the page', async ({ page, request }) => {
    const tags = await getJson<{ results: { slug: string }[] }>(request, '/api/content/tag/?limit=1');
    const path = `/discover/tag/${tags.results[0]?.slug}/`;
    await page.goto(path);
    await islandsReady(page);
    const switcher = page.locator('footer details');
    await switcher.locator('summary').click();
    const nav = switcher.getByRole('navigation', { name: 'Choose a language' });
    await expect(nav.getByRole('link')).toHaveText(['English', 'Deutsch']);
    await expect(nav.getByRole('link', { name: 'English', exact: true })).toHaveAttribute('aria-current', 'true');
    await nav.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(new RegExp(`/discover/de/${path.slice('/discover/'.length)}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('German counts use its plural forms and number format', async ({ page }) => {
    await page.goto('/discover/de/camera/matterport-pro2/');
    const lede = (await page.locator('.page-head__lede').textContent()) ?? '';
    const n = Number(/^[\d.]+/.exec(lede)?.[0].replace(/\./g, ''));
    expect(n).toBeGreaterThan(0);
    const word = new Intl.PluralRules('de').select(n) === 'one' ? 'Space' : 'Spaces';
    expect(lede).toBe(`${new Intl.NumberFormat('de').format(n)} ${word}, aufgenommen mit Matterport Pro2.`);
  });

  test('an unknown page under a locale answers that locale’s not-found page', async ({ page }) => {
    const res = await page.goto('/discover/de/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht verfügbar');
  });

  test('a space page has its German page, and each lists the other as an alternate', async ({ page, request }) => {
    const list = await getJson<{ results: { modelId: string }[] }>(request, '/api/content/space/?limit=1');
    const modelId = list.results[0]?.modelId ?? '';
    await page.goto(`/discover/space/${modelId}/`);
    await islandsReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute('href', new RegExp(`/discover/de/space/${modelId}/$`));
    await page.goto(`/discover/de/space/${modelId}/`);
    await expect(page).toHaveURL(new RegExp(`/discover/de/space/${modelId}/$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', new RegExp(`/discover/space/${modelId}/$`));
  });
});
