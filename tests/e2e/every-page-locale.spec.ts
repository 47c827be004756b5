import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { matchPage, type PageTypeId } from '../../src/domain/page-types.ts';
import { LOCALES } from '../../src/i18n/locales.ts';
import { E2E_SITE_LOCALES } from './site-locales.ts';

/**
 * Every page type in every locale (issue 26): each answers 200 in its language (never a redirect to
 * English, never a 404), the product's own texts on it are translated (a sample of headings, terms,
 * buttons and labels outside the English-marked text differs from the English page's), and its
 * hreflang set and the English page's name each other. The test server builds English and German
 * (site-locales.ts): German stands for every locale; `E2E_SITE_LOCALES=all` builds and checks all
 * 13. Space pages in other locales are not pre-rendered: their first request renders them
 * (src/domain/kept-pages.ts). Sign-in and sign-up are rendered per request, so they are checked in
 * every locale whatever the build.
 */

type LocaleInfo = (typeof LOCALES)[number];
/** The built locales besides English: each gets its own run of the page-type walk. */
const BUILT = LOCALES.filter((l) => l.code !== 'en' && E2E_SITE_LOCALES.includes(l.code));
const GERMAN = LOCALES.find((l) => l.code === 'de') as LocaleInfo;

/** Page types that stay English (spec 9: capture; the embedded player; the company's forms) or have no page of their own to visit. */
const ENGLISH_OR_UNVISITABLE = new Set<PageTypeId>([
  'capture',
  'captureOrder',
  'captureOrders',
  'captureOrderDetails',
  'showcase',
  'contact',
  'feedback',
  'nominate',
  'adminConsole',
  'homePanel',
  'profilePrivate',
  'notFound',
]);

/** Pages to start from; links found on them fill in the other page types. */
const SEEDS = ['', 'marketplace/', 'help/', 'blog/', 'pros/', 'about/', 'press/', 'faq/', 'legal/terms/', 'search/', 'accounts/', 'following/', 'manage/'];

const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));

/** Pages of one type the walk follows: an editors' collection links no profile, a user's does. */
const FOLLOWED_PER_TYPE = 3;

/** One page in `locale` of every page type, found by following links from the seeds. */
async function pagesByType(request: APIRequestContext, locale: LocaleInfo): Promise<Map<PageTypeId, string>> {
  const found = new Map<PageTypeId, string>();
  const followed = new Map<PageTypeId, number>();
  const queue = SEEDS.map((p) => `/discover/${locale.prefix}/${p}`);
  const seen = new Set<string>();
  for (let i = 0; i < queue.length && i < 60; i++) {
    const path = queue[i] ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    const match = matchPage(path);
    if (match && !found.has(match.type)) found.set(match.type, path);
    const res = await request.get(path, { maxRedirects: 0 });
    if (res.status() !== 200) continue;
    for (const href of hrefsOf(await res.text())) {
      const url = new URL(href, 'http://x');
      const m = matchPage(url.pathname);
      if (!m || m.locale !== locale.prefix || ENGLISH_OR_UNVISITABLE.has(m.type) || seen.has(url.pathname)) continue;
      const n = followed.get(m.type) ?? 0;
      if (n >= FOLLOWED_PER_TYPE) continue;
      followed.set(m.type, n + 1);
      if (!found.has(m.type)) found.set(m.type, url.pathname);
      queue.push(url.pathname);
    }
  }
  return found;
}

interface PageFacts {
  lang: string;
  /** hreflang → href. */
  alternates: Map<string, string>;
  /** Product texts outside English-marked text: headings, terms, buttons, labels. */
  texts: string[];
}

/** The facts of a page's HTML, read by a browser without running its scripts. */
async function factsOf(browser: Browser, html: string): Promise<PageFacts> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.route('**/*', (route) => route.abort());
    await page.setContent(html, { waitUntil: 'domcontentloaded' });
    const facts = await page.evaluate(() => {
      const lang = document.documentElement.lang;
      const alternates = [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute('hreflang') ?? '',
        new URL(l.getAttribute('href') ?? '', 'http://x').pathname,
      ]);
      // Section headings the product names (an id for aria-labelledby), terms, labels, the kicker, the footer's headings; not names of content.
      const texts = [...document.querySelectorAll('h2[id], dt, label, th, legend, .kicker, footer h2, .cp-note, .visually-hidden')]
        .filter((e) => (e.closest('[lang]')?.getAttribute('lang') ?? lang) === lang)
        .map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim())
        .filter((t) => t.length > 1);
      return { lang, alternates, texts: [...new Set(texts)] };
    });
    return { lang: facts.lang, alternates: new Map(facts.alternates as [string, string][]), texts: facts.texts };
  } finally {
    await context.close();
  }
}

for (const locale of BUILT) {
  test(`every page type answers in ${locale.name}, with its own texts translated and symmetric hreflang`, async ({ request, browser }) => {
    test.setTimeout(300_000);
    const pages = await pagesByType(request, locale);
    const wanted = ['home', 'search', 'tag', 'camera', 'collection', 'account', 'profile', 'accounts', 'marketplace', 'pros', 'space', 'relatedCollections'];
    wanted.push('about', 'press', 'faq', 'help', 'helpArticle', 'legal', 'blog', 'blogPost');
    for (const type of wanted) expect(pages.has(type as PageTypeId), `a ${locale.name} ${type} page is linked from the site`).toBe(true);
    const report: string[] = [];
    for (const [type, path] of pages) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), `${type} ${path}`).toBe(200);
      const de = await factsOf(browser, await res.text());
      expect(de.lang, `${type} ${path}`).toBe(locale.lang);
      const englishPath = path.replace(`/discover/${locale.prefix}/`, '/discover/');
      const enRes = await request.get(englishPath, { maxRedirects: 0 });
      expect(enRes.status(), englishPath).toBe(200);
      const en = await factsOf(browser, await enRes.text());
      // The product's texts: the German page has some, and most of them are not the English page's.
      const same = de.texts.filter((t) => en.texts.includes(t));
      report.push(`${type.padEnd(20)} ${String(de.texts.length).padStart(3)} texts, ${same.length} as in English`);
      expect(de.texts.length, `${type}: texts of the product`).toBeGreaterThan(0);
      // British English shares most texts with English.
      if (locale.code !== 'en_GB') expect(same.length / de.texts.length, `${type} ${path}: English left: ${same.join(' | ')}`).toBeLessThanOrEqual(0.5);
      // hreflang both ways: each page names the other, and both list the same languages.
      expect(de.alternates.get('en'), `${type}: hreflang en`).toBe(englishPath);
      expect(en.alternates.get(locale.lang), `${type}: English page's hreflang ${locale.lang}`).toBe(path);
      expect([...de.alternates.keys()].sort(), type).toEqual([...en.alternates.keys()].sort());
    }
    console.log(report.join('\n'));
  });
}

test('company articles show the English text marked lang="en" under a note, in the German frame', async ({ request, browser }) => {
  const res = await request.get(`/discover/${GERMAN.prefix}/faq/`, { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.route('**/*', (route) => route.abort());
  await page.setContent(await res.text(), { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('lang', GERMAN.lang);
  await expect(page.locator('h1')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.cp-main')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.cp-note')).toHaveText('Dieser Text ist nur auf Englisch verfügbar.');
  await expect(page.locator('.kicker')).toHaveText('Hilfe & Support');
  await context.close();
});

test('sign-in and sign-up speak the language of the page they were opened from', async ({ request }) => {
  for (const [path, heading] of [
    ['/auth/sign-in', 'Anmelden'],
    ['/auth/sign-up', 'Registrieren'],
    ['/auth/forgot-password', 'Passwort zurücksetzen'],
  ] as const) {
    const res = await request.get(`${path}?target=${encodeURIComponent(`/discover/${GERMAN.prefix}/`)}`, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).toContain(`<html lang="${GERMAN.lang}">`);
    expect(html, path).toContain(`<h1>${heading}</h1>`);
    const english = await (await request.get(path)).text();
    expect(english).toContain('<html lang="en">');
  }
});

test('sign-in, sign-up and the password reset answer in each of the 13 locales (none left in English)', async ({ request }) => {
  const headingOf = (html: string) => /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1]?.trim();
  for (const path of ['/auth/sign-in', '/auth/sign-up', '/auth/forgot-password']) {
    const english = headingOf(await (await request.get(path)).text());
    expect(english, path).toBeTruthy();
    for (const locale of LOCALES.filter((l) => l.code !== 'en')) {
      const res = await request.get(`${path}?target=${encodeURIComponent(`/discover/${locale.prefix}/`)}`, { maxRedirects: 0 });
      expect(res.status(), `${path} ${locale.code}`).toBe(200);
      const html = await res.text();
      expect(html, `${path} ${locale.code}`).toContain(`<html lang="${locale.lang}">`);
      if (locale.code !== 'en_GB') expect(headingOf(html), `${path} ${locale.code}`).not.toBe(english);
    }
  }
});
