import { expect, test, type Page } from '@playwright/test';
import { auditA11y } from './admin-helpers.ts';
import { acceptCookies } from './public-helpers.ts';
import { api, me, OWNER, signIn } from './user-helpers.ts';

/**
 * Issue 15: islands hydrate only when needed. A guest's space and account pages load no island
 * code before the first interaction, and that first click still does what it says (the directive
 * holds it and replays it once the island has hydrated); a signed-in owner's islands hydrate on
 * the head script's answer.
 */

/** Module scripts the page has requested so far (island components among them). */
const scripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => u.endsWith('.js')),
  );

test('a guest: the first click on Share and on Follow opens the modal; nothing hydrates before', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  const space = (await api<{ results: { modelId: string }[] }>(page.request, '/api/content/space/?limit=1')).results[0] as { modelId: string };
  await page.goto(`/discover/space/${space.modelId}/`);
  await expect(page.locator('html')).toHaveAttribute('data-signed-in', 'no');
  await page.waitForLoadState('load');
  // Still the server's HTML: the island has not hydrated, its code has not been asked for.
  await expect(page.locator('astro-island:has(.du-space-actions)')).toHaveAttribute('ssr', '');
  expect(
    (await scripts(page)).filter((u) => /SpaceActions|OwnerBadge|SpaceMap/.test(u)),
    'island code before interaction',
  ).toEqual([]);
  // The server HTML already looks final: the heart is enabled, not a disabled placeholder.
  await expect(page.locator('.du-space-actions .du-heart')).toBeEnabled();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page).toHaveURL(/#share$/);
  await expect(page.locator('astro-island:has(.du-space-actions)')).not.toHaveAttribute('ssr', '');
  const share = page.getByRole('dialog');
  await expect(share).toBeVisible();
  await auditA11y(page, 'space page, share dialog');

  // An organization with listed spaces has a static page (one without any is served by the fallback shell).
  const withOrg = await api<{ results: { organization?: { id: string } | null }[] }>(page.request, '/api/content/space/?limit=20');
  const org = withOrg.results.find((s) => s.organization)?.organization as { id: string };
  await page.goto(`/discover/account/${org.id}/`);
  await expect(page.locator('html')).toHaveAttribute('data-signed-in', 'no');
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island:has(.du-follow)')).toHaveAttribute('ssr', '');
  expect(
    (await scripts(page)).filter((u) => /FollowButton|AccountOwner|ViewSwitch/.test(u)),
    'island code before interaction',
  ).toEqual([]);
  await auditA11y(page, 'account page before interaction');
  // A tap: pointerdown starts hydration and the click comes in the same task, surely before the island has hydrated.
  await page.getByRole('button', { name: 'Follow' }).evaluate((button: HTMLElement) => {
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    button.click();
  });
  await expect(page).toHaveURL(/#sign-in-follow$/);
  await expect(page.getByRole('dialog', { name: 'Sign in to follow' })).toBeVisible();
  await auditA11y(page, 'account page, sign-in offer');
});

test('a signed-in owner: the owner badge and the Edit profile link appear without any interaction', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER);
  const user = await me(page);
  const org = user.memberships[0]?.organization_sid ?? '';
  // A public space of theirs (the demo organization also has private spaces: delivered captures).
  const spaces = (await api<{ results: { modelId: string }[] }>(page.request, `/api/content/account/${org}/spaces?limit=50`)).results;
  let space = spaces[0] as { modelId: string };
  for (const s of spaces) {
    space = s;
    if ((await api<{ visibility: string }>(page.request, `/api/content/space/${s.modelId}/`)).visibility === 'PUBLIC') break;
  }
  await page.goto(`/discover/space/${space.modelId}/`);
  await expect(page.locator('.visibility-badge')).toHaveText('Public');
  await auditA11y(page, 'space page, owner');
  await page.goto(`/discover/account/${org}/`);
  await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  // An organization they own: its follower count, no Follow button.
  await expect(page.locator('.du-follow__btn')).toHaveCount(0);
  await auditA11y(page, 'account page, owner');
});
