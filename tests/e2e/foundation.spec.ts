import { expect, test, type APIRequestContext } from '@playwright/test';

/** Reads one page of a public list from the running API. */
async function api<T>(request: APIRequestContext, path: string, init?: { method?: string; data?: unknown }): Promise<T> {
  const res = init?.method === 'POST' ? await request.post(path, { data: init.data }) : await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

interface Card { id: string; modelId: string; name: string; countryName: string; tags: string[] }
interface Page<T> { results: T[]; totalResults: number }

test.describe('public site, as a visitor browses it', () => {
  test('home shows the carousel, featured tags and popular searches', async ({ page }) => {
    await page.goto('/discover/');
    await expect(page).toHaveTitle(/Discover/);
    for (const q of ['Museums', 'Luxury Homes', 'Cool Places']) {
      await expect(page.getByRole('link', { name: q, exact: true }).first()).toHaveAttribute('href', new RegExp(`/discover/search/?\\?q=${encodeURIComponent(q).replace(/%20/g, '(\\+|%20)')}`));
    }
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
  });

  test('a space page shows its details and loads the tour on click', async ({ page, request }) => {
    const list = await api<Page<Card>>(request, '/api/content/space/?limit=1');
    const space = list.results[0] as Card;
    await page.goto(`/discover/space/${space.modelId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(space.name);
    await expect(page.getByText(space.countryName).first()).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.getByRole('button', { name: /tour|explore|play/i }).first().click();
    await expect(page.locator('iframe')).toHaveCount(1);
  });

  test('a space is also reachable by its id', async ({ page, request }) => {
    const space = (await api<Page<Card>>(request, '/api/content/space/?limit=1')).results[0] as Card;
    await page.goto(`/discover/space/${space.id}`);
    await expect(page).toHaveURL(new RegExp(`/discover/space/${space.modelId}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(space.name);
  });

  test('related collections, collection, and the /spaces and /collections redirects', async ({ page, request }) => {
    const cols = await api<Page<{ id: string; sid: string; name: string }>>(request, '/api/content/collection/?limit=5');
    const col = cols.results[0] as { id: string; sid: string; name: string };
    await page.goto(`/discover/collection/${col.sid}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(col.name);
    for (const prefix of ['spaces', 'collections']) {
      await page.goto(`/discover/${prefix}/${col.sid}`);
      await expect(page).toHaveURL(new RegExp(`/discover/collection/${col.sid}/?$`));
    }
    await page.goto(`/discover/collection/${col.id}`);
    await expect(page).toHaveURL(new RegExp(`/discover/collection/${col.sid}/?$`));
    const space = (await api<Page<Card>>(request, '/api/content/space/?limit=1')).results[0] as Card;
    const res = await page.goto(`/discover/space/${space.modelId}/related-collections`);
    expect(res?.status()).toBe(200);
  });

  test('tag and camera pages list spaces as cards', async ({ page, request }) => {
    const space = (await api<Page<Card>>(request, '/api/content/space/?limit=1')).results[0] as Card;
    const tag = space.tags[0] as string;
    await page.goto(`/discover/tag/${encodeURIComponent(tag)}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(new RegExp(tag, 'i'));
    await expect(page.locator('main a[href*="/discover/space/"]').first()).toBeVisible();
    const res = await page.goto('/discover/camera/matterport-pro2');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Pro2/);
    await expect(page.locator('main a[href*="/discover/space/"]').first()).toBeVisible();
  });

  test('search finds spaces with pagefind', async ({ page, request }) => {
    const space = (await api<Page<Card>>(request, '/api/content/space/?limit=1')).results[0] as Card;
    const word = space.name.split(/\s+/).find((w) => w.length > 4) ?? space.name;
    await page.goto(`/discover/search?q=${encodeURIComponent(word)}`);
    await expect(page.locator('main a[href*="/discover/space/"]').first()).toBeVisible({ timeout: 15_000 });
  });

  test('the header search form goes to /search?q=', async ({ page }) => {
    await page.goto('/discover/');
    const box = page.getByPlaceholder('Search Spaces by Title, Description or Keyword').first();
    await box.fill('museum');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/discover\/search\/?\?q=museum/);
  });

  test('an account page shows its profile and pages its spaces by 12', async ({ page, request }) => {
    const space = (await api<Page<Card & { organization: { id: string } | null }>>(request, '/api/content/space/?limit=50')).results.find((s) => s.organization);
    expect(space).toBeTruthy();
    const orgId = space?.organization?.id as string;
    const total = (await api<Page<Card>>(request, `/api/content/account/${orgId}/spaces?offset=0&limit=12`)).totalResults;
    await page.goto(`/discover/account/${orgId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = page.locator('main a[href*="/discover/space/"]');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(12 * 2);
    void total;
  });

  test('any other path shows the not-found page with a 404', async ({ page }) => {
    const res = await page.goto('/discover/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('Page unavailable')).toBeVisible();
    await expect(page.getByText('This content could not be found or was removed by the owner')).toBeVisible();
    const link = page.getByRole('link', { name: 'Find other spaces' });
    await expect(link).toHaveAttribute('href', /\/discover\/\?featuredTagId=all/);
  });

  test('sitemap and robots.txt are served', async ({ request }) => {
    const robots = await request.get('/discover/robots.txt');
    expect(robots.ok()).toBeTruthy();
    expect(await robots.text()).toMatch(/Sitemap:/i);
  });
});
