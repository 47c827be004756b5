import { expect, test, type Page } from '@playwright/test';
import { api, sessionKnown, signIn, VISITOR } from './user-helpers.ts';
import { expectNoAxeViolations } from '../axe.ts';

/**
 * The Following page (/following, from the account menu): the accounts you follow with Unfollow,
 * and the feed of what they published, newest first, a page at a time.
 */

test.describe.configure({ timeout: 90_000 });

interface Org {
  id: string;
  name: string;
  spaceCount: number;
}

/** Follows or unfollows through the API as the page's signed-in user (same-site Origin, as the site sends it). */
async function follow(page: Page, accountId: string, on: boolean): Promise<void> {
  const res = await page.request.put('/api/content/user/follow/', { data: { accountId, follow: on }, headers: { Origin: new URL(page.url()).origin } });
  expect(res.ok(), `follow ${accountId} answered ${res.status()}`).toBeTruthy();
}

/** Unfollows everything, so the feed holds only what a test follows. */
async function unfollowAll(page: Page): Promise<void> {
  for (const id of (await api<{ ids: string[] }>(page.request, '/api/content/user/follow/')).ids) await follow(page, id, false);
}

test('follow an organization from its page, see its newest space under Following, unfollow it from the list', async ({ page }) => {
  const orgs = (await api<{ results: Org[] }>(page.request, '/api/content/account/?limit=60')).results.filter((o) => o.spaceCount > 0);
  const org = orgs[3] as Org;
  const spaces = (await api<{ results: { name: string; createdAt: string }[] }>(page.request, `/api/content/space/?organizationId=${org.id}&limit=200`))
    .results;
  const newest = [...spaces].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]?.name ?? '';

  await signIn(page, VISITOR, `/discover/account/${org.id}/`);
  await unfollowAll(page);
  await page.reload();
  await sessionKnown(page, 'user');
  const button = page.locator('.du-follow__btn');
  await expect(button).toHaveText('Follow');
  await button.click();
  await expect(button).toHaveText('Following');

  await page.getByRole('button', { name: /Account menu of/ }).click();
  await page.getByRole('link', { name: 'Following', exact: true }).click();
  await expect(page).toHaveURL(/\/discover\/following\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Accounts you follow' });
  await expect(list.getByRole('link', { name: new RegExp(org.name) })).toHaveAttribute('href', `/discover/account/${org.id}/`);
  const feed = page.getByRole('region', { name: 'Newly published' });
  const first = feed.locator('.du-feed__item').first();
  await expect(first.getByRole('heading', { name: newest })).toBeVisible();
  await expect(first.locator('.du-feed__by')).toHaveText(new RegExp(`^Space by ${org.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
  await expect(feed.locator('.du-feed__item')).toHaveCount(org.spaceCount);
  await expectNoAxeViolations(page, 'following');

  await list.getByRole('button', { name: `Unfollow ${org.name}` }).click();
  await expect(list.getByText('You don’t follow any account yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `You no longer follow ${org.name}.` })).toBeAttached();
  await expect(feed.getByText('The accounts you follow have not published anything yet.')).toBeVisible();
  // Focus does not fall back to the page's start: it is on the list's heading.
  await expect(list.getByRole('heading', { name: 'Accounts you follow' })).toBeFocused();
  expect((await api<{ ids: string[] }>(page.request, '/api/content/user/follow/')).ids).not.toContain(org.id);
  await expectNoAxeViolations(page, 'following, empty');
});

test('the feed pages with Load more, newest first', async ({ page }) => {
  const orgs = (await api<{ results: Org[] }>(page.request, '/api/content/account/?limit=200')).results.filter((o) => o.spaceCount > 0);
  await signIn(page, VISITOR, '/discover/following/');
  await unfollowAll(page);
  // Enough organizations for more than one page of 12.
  const picked: Org[] = [];
  for (const o of orgs) {
    if (picked.reduce((n, p) => n + p.spaceCount, 0) > 14) break;
    picked.push(o);
    await follow(page, o.id, true);
  }
  const total = picked.reduce((n, p) => n + p.spaceCount, 0);
  await page.reload();
  const feed = page.getByRole('region', { name: 'Newly published' });
  await expect(feed.locator('.du-feed__item')).toHaveCount(12);
  await expect(feed.getByText(`Showing 12 of ${total}`)).toBeVisible();
  await feed.getByRole('button', { name: 'Load more' }).click();
  await expect(feed.locator('.du-feed__item')).toHaveCount(Math.min(24, total));
  const dates = await api<{ results: { publishedAt: string }[] }>(page.request, '/api/content/user/follow/feed/?limit=48');
  const published = dates.results.map((r) => r.publishedAt);
  expect([...published].sort().reverse()).toEqual(published);
  await unfollowAll(page);
});

test('a guest is sent to sign in; the page exists in German', async ({ page }) => {
  await page.goto('/discover/following/');
  await expect(page).toHaveURL(/\/auth\/sign-in\?target=%2Fdiscover%2Ffollowing%2F/);
  await signIn(page, VISITOR);
  await page.goto('/discover/de/following/');
  await expect(page.getByRole('heading', { level: 1, name: 'Gefolgt' })).toBeVisible();
});
