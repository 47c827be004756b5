import { expect, test, type APIRequestContext } from '@playwright/test';

/** Reads one page of a public list from the running API. */
async function api<T>(request: APIRequestContext, path: string, init?: { method?: string; data?: unknown }): Promise<T> {
  const res = init?.method === 'POST' ? await request.post(path, { data: init.data }) : await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

interface Card {
  id: string;
  modelId: string;
  name: string;
  countryName: string;
  tags: string[];
}
interface Page<T> {
  results: T[];
  totalResults: number;
}

test.describe('public site, as a visitor browses it', () => {
  test('home shows the carousel, featured tags and popular searches', async ({ page }) => {
    await page.goto('/discover/');
    await expect(page).toHaveTitle(/Discover/);
    for (const q of ['Museums', 'Luxury Homes', 'Cool Places']) {
      await expect(page.getByRole('link', { name: q, exact: true }).first()).toHaveAttribute(
        'href',
        new RegExp(`/discover/search/?\\?q=${encodeURIComponent(q).replace(/%20/g, '(\\+|%20)')}`),
      );
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
    await page
      .getByRole('button', { name: /tour|explore|play/i })
      .first()
      .click();
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
    const space = (await api<Page<Card & { organization: { id: string } | null }>>(request, '/api/content/space/?limit=50')).results.find(
      (s) => s.organization,
    );
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

  test('?featuredTagId selects a featured tag tab; all selects every space', async ({ page, request }) => {
    const names = await api<{ id: string; name: string }[]>(request, '/api/content/featuredTag/listNames?filterInactive=true&filterEmpty=true');
    const second = names[1] as { id: string; name: string };
    await page.goto(`/discover/?featuredTagId=${second.id}`);
    await expect(page.getByRole('tab', { name: second.name, exact: true }).first()).toHaveAttribute('aria-selected', 'true');
    await page.goto('/discover/?featuredTagId=all');
    await expect(page.getByRole('tab', { name: 'All', exact: true }).first()).toHaveAttribute('aria-selected', 'true');
  });

  test('every camera page of the site exists', async ({ page }) => {
    const { CAMERA_TYPES } = await import('../../src/domain/cameras.ts');
    for (const camera of CAMERA_TYPES) {
      const res = await page.goto(`/discover/camera/${camera.id}`);
      expect(res?.status(), camera.id).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(camera.label);
    }
  });

  test('public profiles and their collections, for people with and without collections', async ({ page, request }) => {
    const users = await api<Page<{ sid: string; name: string }>>(request, '/api/content/user/?limit=200');
    for (const user of users.results.slice(0, 3)) {
      await page.goto(`/discover/profile/${user.sid}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(user.name);
      const res = await page.goto(`/discover/profile/${user.sid}/collections`);
      expect(res?.status()).toBe(200);
    }
  });

  test('an unlisted space is reachable by its link but kept out of search engines', async ({ page, request }) => {
    // Nothing public lists unlisted spaces, so the test reads one from the server's database.
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(`${process.env['E2E_DATA_DIR'] ?? '/tmp/discover-e2e-data'}/discover.sqlite`, { readOnly: true });
    const row = db.prepare("SELECT modelId, name FROM spaces WHERE visibility = 'UNLISTED' LIMIT 1").get() as { modelId: string; name: string };
    db.close();
    const res = await page.goto(`/discover/space/${row.modelId}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(row.name);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const sitemap = await (await request.get('/discover/sitemap-0.xml')).text();
    expect(sitemap).not.toContain(row.modelId);
    const listed = await api<Page<Card>>(request, '/api/content/space/?limit=3');
    for (const s of listed.results) expect(sitemap).toContain(`/discover/space/${s.modelId}/`);
  });

  test('signed-in-only shells send a guest to sign in with a target', async ({ page }) => {
    for (const path of ['/discover/profile/private', '/discover/accounts']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/sign-in\?target=/);
      expect(decodeURIComponent(new URL(page.url()).searchParams.get('target') ?? '')).toContain(path);
    }
  });

  test('the showcase stand-in plays a space tour', async ({ page, request }) => {
    const space = (await api<Page<Card>>(request, '/api/content/space/?limit=1')).results[0] as Card;
    await page.goto(`/discover/showcase/?m=${space.modelId}`);
    await expect(page.getByText(space.name).first()).toBeVisible();
  });

  test('sitemap and robots.txt are served', async ({ request }) => {
    for (const path of ['/discover/robots.txt', '/robots.txt']) {
      const robots = await request.get(path);
      expect(robots.ok()).toBeTruthy();
      expect(await robots.text()).toMatch(/Sitemap:/i);
    }
    expect((await request.get('/discover/sitemap-index.xml')).ok()).toBeTruthy();
  });
});
