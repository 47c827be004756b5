import { expect, test, type Page } from '@playwright/test';
import { ALL_TRUE, CONSENT_COOKIE, acceptCookies, getJson, layoutShift, watchLayoutShifts } from './public-helpers.ts';
import { OWNER, sessionKnown, signIn, someSpace } from './user-helpers.ts';

/**
 * The page shell's JavaScript budget (issue 15): a returning guest who has decided on cookies loads
 * no React and no i18next for the header, the modal host, the pencil banner or the notifications;
 * the banner is in the static HTML (no layout shift); a first-time guest gets the cookie banner as
 * static HTML with plain script (React only for 'Cookie settings'); a signed-in person still gets their menu,
 * and a guest's first click on a modal button opens it.
 */

/** React, its DOM client and the i18next chunk, as the build names them. */
const HEAVY = /\/_astro\/(client|i18n|react|react-dom)\.[\w-]+\.js$/;

/** Records the React and i18next chunks the page requests (the list it answers) and sums its layout shifts into `window.__cls`. */
async function watchPage(page: Page): Promise<string[]> {
  const heavy: string[] = [];
  page.on('request', (r) => {
    if (HEAVY.test(new URL(r.url()).pathname)) heavy.push(r.url());
  });
  await watchLayoutShifts(page);
  return heavy;
}

/** Resolves once the browser has been idle (the islands that hydrate at idle would have started). */
const idle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 3000 })));

test('a guest with consent loads no React or i18next on home, a space and a collection; the banner is static HTML and nothing shifts', async ({
  page,
  baseURL,
  request,
}) => {
  await acceptCookies(page, baseURL);
  const space = await someSpace(request);
  const banners = await getJson<{ text: string }[]>(request, '/api/content/banner/');
  const heavy = await watchPage(page);

  const paths = ['/discover/', `/discover/space/${space.modelId}/`];
  for (const path of paths) {
    const res = await page.goto(path, { waitUntil: 'load' });
    expect(res?.ok(), path).toBeTruthy();
    await sessionKnown(page, 'guest');
    await idle(page);
    if (banners[0]?.text.trim()) expect(await res?.text(), `${path}: the banner in the HTML`).toContain('class="pencil"');
    if (path !== '/discover/') continue;
    expect(await layoutShift(page)).toBeLessThan(0.02);
    // A collection the home page links to, visited last.
    paths.push((await page.locator('main a[href*="/discover/collection/"]').first().getAttribute('href')) ?? '');
  }
  expect(paths).toHaveLength(3);
  expect(heavy).toEqual([]);
});

test("a first-time guest on home loads no React or i18next before a click: the static banner's 'Accept all' sets the cookie, then 'Cookie settings' loads the dialog", async ({
  page,
}) => {
  const heavy = await watchPage(page);
  const res = await page.goto('/discover/', { waitUntil: 'load' });
  expect(await res?.text(), 'the banner in the HTML').toContain('class="cc-banner"');
  await sessionKnown(page, 'guest');
  await idle(page);
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  expect(heavy).toEqual([]);
  expect(await layoutShift(page)).toBeLessThan(0.02);

  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.locator('#main')).toBeFocused();
  const cookie = (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE);
  expect(JSON.parse(decodeURIComponent(cookie?.value ?? ''))).toEqual(ALL_TRUE);
  expect(heavy).toEqual([]);

  await page.locator('footer').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Privacy Preference Center' })).toBeVisible();
  expect(heavy.length, 'React loads for the dialog').toBeGreaterThan(0);
});

test("a guest's first click on 'Add to collection' and 'Share' opens the modal the host loads for it", async ({ page, baseURL, request }) => {
  await acceptCookies(page, baseURL);
  const space = await someSpace(request);
  await page.goto(`/discover/space/${space.modelId}/`);
  await sessionKnown(page, 'guest');
  await page.getByRole('button', { name: 'Add to collection' }).click();
  const prompt = page.getByRole('dialog');
  await expect(prompt.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible();
});

test('a signed-in person still gets the header menu', async ({ page }) => {
  await signIn(page, OWNER);
  await sessionKnown(page, 'user');
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeHidden();
  await page.getByRole('button', { name: /Account menu of/ }).click();
  await expect(page.locator('.du-menu').getByRole('button', { name: 'Sign out' })).toBeVisible();
});

/** The chunks a built script imports statically (`import…from"./x.js"`, `import"./x.js"`, `export…from"./x.js"`), as paths. */
function staticImports(code: string, url: string): string[] {
  return [...code.matchAll(/\b(?:import|export)\s*(?:[\w$\s{},*]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => new URL(m[1] ?? '', url).pathname);
}

test("a page's scripts come in one round of imports: one site script for the layout, and every chunk an entry needs imported by the entry itself", async ({
  page,
  request,
}) => {
  const space = await someSpace(request);
  for (const path of ['/discover/', `/discover/space/${space.modelId}/`, '/discover/search/?q=house']) {
    await page.goto(path, { waitUntil: 'load' });
    const entries = await page.locator('script[type="module"][src]').evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).src));
    expect(
      entries.filter((src) => /\/SiteScripts\./.test(src)),
      `${path}: the layout's one script`,
    ).toHaveLength(1);
    for (const src of entries) {
      const direct = staticImports(await (await request.get(src)).text(), src);
      for (const dep of direct) {
        const nested = staticImports(await (await request.get(dep)).text(), new URL(dep, src).href);
        expect(
          nested.filter((n) => !direct.includes(n)),
          `${path}: ${src} reaches these through ${dep}`,
        ).toEqual([]);
      }
    }
  }
});
