import { expect, test, type Locator } from '@playwright/test';
import { acceptCookies, getJson } from './public-helpers.ts';
import { expectNoAxeViolations } from '../axe.ts';

/**
 * The home page's featured tag tabs (issue 15): the page carries the open "All" panel only, a tag's
 * panel is its own small noindex page fetched when the tag is picked; icons come from one sprite.
 */

interface FeaturedTag {
  id: string;
  name: string;
  spaces: { modelId: string }[];
}

const featuredTags = (request: Parameters<typeof getJson>[0]) =>
  getJson<FeaturedTag[]>(request, '/api/content/featuredTag/?filterInactive=true&filterEmpty=true&spacesLimit=12');

/** Distinct space pages a part of the page links to. */
const spaceLinks = (scope: Locator) =>
  scope.locator('a[href*="/discover/space/"]').evaluateAll((as) => [...new Set(as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))]);

test('a tag panel is fetched when its tab is picked, by pointer or keyboard', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  const tags = await featuredTags(page.request);
  expect(tags.length).toBeGreaterThan(2);
  const [first, second] = tags as [FeaturedTag, FeaturedTag];

  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/home-panel/')) fetched.push(new URL(r.url()).pathname);
  });
  const response = await page.goto('/discover/');
  // The page itself holds the "All" cards only.
  const html = (await response?.text()) ?? '';
  expect(html.match(/<article class="card">/g)).toHaveLength(12);

  const tablist = page.getByRole('tablist', { name: 'Featured tags' });
  await expect(tablist.getByRole('tab')).toHaveText(['All', ...tags.map((t) => t.name)]);
  expect(await spaceLinks(page.getByRole('tabpanel', { name: 'All' }))).toHaveLength(12);
  expect(fetched).toEqual([]);

  // Picking a tag fetches its panel once; its cards are the tag's spaces, its link leads to all of them.
  const tab = tablist.getByRole('tab', { name: first.name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`featuredTagId=${first.id}`));
  const panel = page.getByRole('tabpanel', { name: first.name });
  await expect(panel.getByRole('link', { name: `See all ${first.name}` })).toBeVisible();
  expect(await spaceLinks(panel)).toEqual(first.spaces.map((s) => `/discover/space/${s.modelId}/`));
  expect(fetched).toEqual([`/discover/home-panel/${first.id}/`]);
  await expect(page.getByRole('tabpanel', { name: 'All' })).toBeHidden();

  // Keyboard: arrows move and select (the next panel loads), End and Home jump; focus follows.
  await tab.press('ArrowRight');
  const next = tablist.getByRole('tab', { name: second.name, exact: true });
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toHaveAttribute('tabindex', '-1');
  // Its panel is fetched now: read its cards once it has arrived.
  await expect(page.getByRole('tabpanel', { name: second.name }).getByRole('link', { name: `See all ${second.name}` })).toBeVisible();
  expect(await spaceLinks(page.getByRole('tabpanel', { name: second.name }))).toEqual(second.spaces.map((s) => `/discover/space/${s.modelId}/`));
  await next.press('End');
  const last = tags.at(-1) as FeaturedTag;
  await expect(tablist.getByRole('tab', { name: last.name, exact: true })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: last.name }).getByRole('link', { name: `See all ${last.name}` })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(tablist.getByRole('tab', { name: 'All', exact: true })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'All' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('link', { name: `See all ${first.name}` })).toBeVisible();
  // Each panel was fetched once, also when picked again.
  expect(fetched.filter((p) => p.endsWith(`/${first.id}/`))).toHaveLength(1);

  await expectNoAxeViolations(page, 'featured tag tabs', { include: '[data-featured-tabs]' });

  // Opened from its address, a tag's panel loads at once (German: its own localized panel).
  await page.goto(`/discover/de/?featuredTagId=${second.id}`);
  const dePanel = page.getByRole('tabpanel', { name: second.name });
  await expect(dePanel.locator('.tab-panel__more a')).toHaveAttribute('href', /^\/discover\/de\/search\/\?q=/);
  expect(fetched.at(-1)).toBe(`/discover/de/home-panel/${second.id}/`);
});

test('without JavaScript a tag tab leads to its spaces; panels stay out of search engines; icons come from one cached sprite', async ({ browser, request }) => {
  const [first] = (await featuredTags(request)) as [FeaturedTag];
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/discover/');
  await page.getByRole('tab', { name: first.name, exact: true }).click();
  await expect(page).toHaveURL(/\/discover\/search\/\?q=/);
  expect(new URL(page.url()).searchParams.get('q')).toBe(first.name);
  await context.close();

  const panel = await request.get(`/discover/home-panel/${first.id}/`);
  expect(panel.ok()).toBeTruthy();
  expect(await panel.text()).toContain('<meta name="robots" content="noindex">');
  const sitemap = await request.get('/discover/sitemap-0.xml');
  expect(await sitemap.text()).not.toContain('home-panel');

  // Every icon of the home page points into the same sprite, which is long-cached and holds its symbols.
  const home = await (await request.get('/discover/')).text();
  const uses = [...home.matchAll(/<use href="([^"#]+)#([a-z]+)"/g)];
  expect(uses.length).toBeGreaterThan(5);
  const sprites = new Set(uses.map((m) => m[1]));
  expect(sprites.size).toBe(1);
  const sprite = await request.get([...sprites][0] as string);
  expect(sprite.ok()).toBeTruthy();
  expect(sprite.headers()['cache-control']).toContain('immutable');
  expect(sprite.headers()['content-type']).toContain('image/svg+xml');
  const symbols = await sprite.text();
  for (const [, , name] of uses) expect(symbols).toContain(`<symbol id="${name}"`);
});

test("a space renamed in a tag's panel reaches that panel with the home page's publish", async ({ request, baseURL }) => {
  test.setTimeout(60_000);
  const signIn = await request.post('/auth/sign-in', {
    form: { email: 'admin@example.com', password: 'discover-demo', target: '/discover/' },
    headers: { Origin: baseURL as string },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(303);
  // A space of the last tag's panel (so not one other publish tests rename).
  const tag = (await featuredTags(request)).at(-1) as FeaturedTag;
  const { modelId } = tag.spaces.at(-1) as { modelId: string };
  const space = await getJson<{ id: string; name: string }>(request, `/api/content/space/${modelId}/`);
  const newName = `${space.name.replace(/ \(panel \d+\)$/, '')} (panel ${Date.now() % 100000})`;
  const patch = await request.patch(`/admin/api/space/${space.id}/`, { data: { name: newName }, headers: { Origin: baseURL as string } });
  expect(patch.ok(), await patch.text()).toBeTruthy();
  // Twice the product's 15 s change-to-live budget: a publish may queue behind another test's.
  for (const path of [`/discover/home-panel/${tag.id}/`, `/discover/de/home-panel/${tag.id}/`]) {
    await expect(async () => {
      const res = await request.get(path, { headers: { cookie: '' } });
      expect(await res.text()).toContain(`>${newName.replace(/&/g, '&amp;')}</a>`);
    }).toPass({ timeout: 30_000, intervals: [250] });
  }
});
