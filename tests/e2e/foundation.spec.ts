import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';

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

/** Distinct space pages a part of the page links to. */
async function spaceLinks(scope: Locator): Promise<string[]> {
  const hrefs = await scope.locator('a[href*="/discover/space/"]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)];
}

test.describe('public site, as a visitor browses it', () => {
  test('home shows the carousel, featured tags and popular searches', async ({ page, request }) => {
    type Slide = { id: string; item: { name: string; space: { name: string } | null } | null };
    const slides = (await api<Slide[]>(request, '/api/content/fci/?includeInactive=false')).filter((s) => s.id && s.item);
    const tags = await api<{ id: string; name: string; spaces: Card[] }[]>(
      request,
      '/api/content/featuredTag/?filterInactive=true&filterEmpty=true&spacesLimit=12',
    );
    // The seeded world has both; without them this test would prove nothing.
    expect(slides.length).toBeGreaterThan(1);
    expect(tags.length).toBeGreaterThan(1);
    await page.goto('/discover/');
    await expect(page).toHaveTitle(/Discover/);

    // The carousel: one slide per API slide, in order, each titled by its item.
    const carousel = page.getByRole('region', { name: 'Featured', exact: true });
    const slideEls = carousel.locator('[aria-roledescription="slide"]');
    await expect(slideEls).toHaveCount(slides.length);
    await expect(slideEls.locator('.slide__title')).toHaveText(slides.map((s) => s.item?.space?.name ?? s.item?.name ?? ''));
    await expect(carousel.getByRole('button', { name: `Slide 1 of ${slides.length}` })).toHaveAttribute('aria-current', 'true');

    // Featured tags: "All" and then each tag as a tab; the open "All" panel shows up to 12 spaces,
    // and each tag's panel (fetched when its tab is picked: home-panels.spec.ts) the tag's own spaces.
    const tabs = page.getByRole('tablist', { name: 'Featured tags' }).getByRole('tab');
    await expect(tabs).toHaveText(['All', ...tags.map((t) => t.name)]);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const allPanel = page.getByRole('tabpanel', { name: 'All' });
    await expect(allPanel.locator('a[href*="/discover/space/"]').first()).toBeVisible();
    const allSpaces = await spaceLinks(allPanel);
    expect(allSpaces.length).toBeGreaterThan(0);
    expect(allSpaces.length).toBeLessThanOrEqual(12);
    for (const tag of tags) {
      await page.getByRole('tab', { name: tag.name, exact: true }).click();
      const panel = page.locator(`[role="tabpanel"][data-panel="${tag.id}"]`);
      await expect(panel.locator('.tab-panel__more a')).toBeVisible();
      expect(await spaceLinks(panel), tag.name).toEqual(tag.spaces.map((s) => `/discover/space/${s.modelId}/`));
    }

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
    // A space in a collection: its related-collections page lists that collection.
    type Child = { space: Card | null };
    const withSpaces = await api<Page<{ sid: string; name: string; children: Page<Child> }>>(
      request,
      '/api/content/collection/?type=SPACE&limit=1&childrenCount=1',
    );
    const holder = withSpaces.results[0] as { sid: string; name: string; children: Page<Child> };
    const member = holder.children.results[0]?.space as Card;
    await page.goto(`/discover/space/${member.modelId}/related-collections`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Collections featuring ${member.name}`);
    const listed = page.getByRole('region', { name: 'Featured in collections' });
    await expect(listed.getByRole('link', { name: holder.name, exact: true })).toHaveAttribute('href', new RegExp(`/discover/collection/${holder.sid}/?$`));
  });

  test('tag and camera pages list spaces as cards', async ({ page, request }) => {
    const space = (await api<Page<Card>>(request, '/api/content/space/?limit=1')).results[0] as Card;
    const tag = space.tags[0] as string;
    await page.goto(`/discover/tag/${encodeURIComponent(tag)}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(new RegExp(tag, 'i'));
    await expect(page.locator('main a[href*="/discover/space/"]').first()).toBeVisible();
    await page.goto('/discover/camera/matterport-pro2');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Pro2/);
    await expect(page.locator('.page-head__lede')).toHaveText(/^\d[\d,]* spaces? captured with Matterport Pro2\.$/);
    await expect(page.locator('main a[href*="/discover/space/"]').first()).toBeVisible();
  });

  test('the search page finds a space by a word of its name', async ({ page, request }) => {
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
    // The organization with the most spaces, so there is a second page to load.
    const accounts = await api<Page<{ id: string; name: string; spaceCount: number }>>(request, '/api/content/account/?limit=200');
    const org = [...accounts.results].sort((a, b) => b.spaceCount - a.spaceCount)[0] as { id: string; name: string };
    const first = await api<Page<Card>>(request, `/api/content/account/${org.id}/spaces?offset=0&limit=12`);
    const total = first.totalResults;
    expect(total, `${org.name} has more than one page of spaces`).toBeGreaterThan(12);

    await page.goto(`/discover/account/${org.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(org.name);
    const grid = page.locator('#account-spaces-grid');
    await expect(grid.locator(':scope > li')).toHaveCount(12);
    expect(await spaceLinks(grid)).toEqual(first.results.map((s) => `/discover/space/${s.modelId}/`));
    const more = page.locator('[data-load-more]');
    await expect(more).toContainText(`Showing 12 of ${total}`);

    await more.getByRole('button', { name: 'Load more' }).click();
    const shown = Math.min(24, total);
    await expect(grid.locator(':scope > li')).toHaveCount(shown);
    await expect(more).toContainText(`Showing ${shown} of ${total}`);
    const second = await api<Page<Card>>(request, `/api/content/account/${org.id}/spaces?offset=12&limit=12`);
    expect((await spaceLinks(grid)).slice(12)).toEqual(second.results.map((s) => `/discover/space/${s.modelId}/`));
    if (total <= 24) await expect(more.getByRole('button', { name: 'Load more' })).toHaveCount(0);
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
    type Owned = { sid: string; name: string; collections: string[] };
    const people: Owned[] = [];
    for (const user of users.results.slice(0, 20)) {
      const cols = await api<Page<{ sid: string; name: string }>>(request, `/api/content/user/${user.sid}/collections/?limit=100`);
      people.push({ ...user, collections: cols.results.map((c) => c.name) });
    }
    const withSome = people.find((p) => p.collections.length > 0);
    const withNone = people.find((p) => p.collections.length === 0);
    expect(withSome, 'a person with public collections').toBeTruthy();
    expect(withNone, 'a person without public collections').toBeTruthy();
    for (const person of [withSome, withNone] as Owned[]) {
      await page.goto(`/discover/profile/${person.sid}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(person.name);
      await page.goto(`/discover/profile/${person.sid}/collections`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Collections by ${person.name}`);
      const listed = page.getByRole('region', { name: 'Collections', exact: true });
      if (person.collections.length) {
        await expect(listed.locator('.collection-card .card__title')).toHaveText(person.collections);
      } else {
        await expect(listed.getByText('No public collections yet.')).toBeVisible();
      }
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
    const index = await request.get('/discover/sitemap-index.xml');
    expect(index.ok()).toBeTruthy();
    expect(await index.text()).toMatch(/<loc>[^<]*\/discover\/sitemap-0\.xml<\/loc>/);
  });
});
