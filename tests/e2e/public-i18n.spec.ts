import { expect, test } from '@playwright/test';
import { acceptCookies, getJson, islandsReady, searchBox } from './public-helpers.ts';

/** The 13 locales (spec 9): locale-prefixed pages, hreflang, the switcher, lazy strings in islands. */

const LANGS = ['en', 'en-GB', 'de', 'es', 'fr', 'it', 'nl', 'pt', 'ru', 'ja', 'ko', 'zh-CN', 'zh-TW'];

test.describe('languages', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL);
  });

  test('the home page exists in every locale with hreflang links to all of them', async ({ page }) => {
    await page.goto('/discover/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const links = page.locator('link[rel="alternate"][hreflang]');
    await expect(links).toHaveCount(LANGS.length + 1);
    const hreflangs = await links.evaluateAll((els) => els.map((e) => [e.getAttribute('hreflang'), new URL(e.getAttribute('href') ?? '').pathname]));
    expect(hreflangs).toContainEqual(['x-default', '/discover/']);
    expect(hreflangs).toContainEqual(['de', '/discover/de/']);
    expect(hreflangs).toContainEqual(['zh-TW', '/discover/zh-tw/']);
    for (const [lang, path] of hreflangs) {
      if (lang === 'x-default') continue;
      const res = await page.request.get(path as string);
      expect(res.status(), `${lang} ${path}`).toBe(200);
    }
  });

  test('a German page speaks German, in the static HTML and in the islands', async ({ page }) => {
    await page.goto('/discover/de/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Betritt die bemerkenswertesten Orte der Welt');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/discover\/de\/$/);
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'Spaces nach Titel, Beschreibung oder Stichwort suchen');
    await searchBox(page).click();
    await expect(page.getByRole('listbox', { name: 'Suchvorschläge' }).getByRole('option', { name: 'Museen' })).toBeVisible();
    // Links stay in German; space pages are English-only (the build budget) and links go there.
    await expect(page.locator('footer').getByRole('link', { name: 'Über uns' })).toBeVisible();
    const spaceLinks = await page.locator('a[href*="/space/"]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(spaceLinks.length).toBeGreaterThan(0);
    for (const p of spaceLinks) expect(p).toMatch(/^\/discover\/space\//);
    const tagLinks = await page.locator('a[href*="/tag/"]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    for (const p of tagLinks) expect(p).toMatch(/^\/discover\/de\/tag\//);
  });

  test('a Japanese search submits to the Japanese search page and shows translated counts', async ({ page }) => {
    await page.goto('/discover/ja/');
    await searchBox(page).click();
    await searchBox(page).fill('museum');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/discover\/ja\/search\/\?q=museum$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('「museum」の検索結果');
    await expect(page.getByText(/件のスペース/).first()).toBeVisible();
  });

  test('the language switcher lists the 13 languages and keeps the page', async ({ page, request }) => {
    const tags = await getJson<{ results: { slug: string }[] }>(request, '/api/content/tag/?limit=1');
    const path = `/discover/tag/${tags.results[0]?.slug}/`;
    await page.goto(path);
    await islandsReady(page);
    const switcher = page.locator('footer details');
    await switcher.locator('summary').click();
    const nav = switcher.getByRole('navigation', { name: 'Choose a language' });
    await expect(nav.getByRole('link')).toHaveCount(13);
    await expect(nav.getByRole('link', { name: 'English', exact: true })).toHaveAttribute('aria-current', 'true');
    await nav.getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(new RegExp(`/discover/fr/${path.slice('/discover/'.length)}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('Russian uses its plural forms', async ({ page }) => {
    await page.goto('/discover/ru/camera/matterport-pro2/');
    const lede = (await page.locator('.page-head__lede').textContent()) ?? '';
    const n = Number(/\d+/.exec(lede)?.[0]);
    const form = new Intl.PluralRules('ru').select(n);
    const word = { one: 'пространство', few: 'пространства', many: 'пространств', other: 'пространства' }[form as 'one'];
    expect(lede).toContain(`${word} `);
  });

  test('an unknown page under a locale answers that locale’s not-found page', async ({ page }) => {
    const res = await page.goto('/discover/es/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no disponible');
  });

  test('space pages are English, with no alternates', async ({ page, request }) => {
    const list = await getJson<{ results: { modelId: string }[] }>(request, '/api/content/space/?limit=1');
    await page.goto(`/discover/space/${list.results[0]?.modelId}/`);
    await islandsReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
  });
});
