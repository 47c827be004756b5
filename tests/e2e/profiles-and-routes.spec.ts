import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, getJson } from './public-helpers.ts';
import { me, OWNER, sessionKnown, signIn, VISITOR } from './user-helpers.ts';
import { expectNoAxeViolations } from '../axe.ts';

/**
 * Profiles and routes in a few user flows: an organization's page for its owner, the profile editor,
 * a user's collections, locale prefixes and tag pages, the '#add-space' answer, the phone footer
 * (issue 14). Screenshots with FIXES_SHOTS=<dir>.
 */

async function shoot(page: Page, name: string, clip?: string): Promise<void> {
  const dir = process.env['FIXES_SHOTS'];
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    if (clip) await page.locator(clip).screenshot({ path: `${dir}/${name}-${width}.png` });
    else await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("an organization's owner: no Follow, the follower count once, Edit profile on the same row; /account/{sid} opens it", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER);
  const org = (await me(page)).memberships[0];
  if (!org) throw new Error('The owner demo user has no organization');
  const profile = await getJson<{ sid: string }>(page.request, `/api/content/account/${org.organization_sid}/profile/`);
  await page.goto(`/discover/account/${profile.sid}/`);
  await expect(page).toHaveURL(new RegExp(`/discover/account/${org.organization_sid}/$`));
  await sessionKnown(page, 'user');
  const edit = page.getByRole('link', { name: 'Edit profile' });
  await expect(edit).toBeVisible();
  await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await expect(page.getByText(/^\d[\d,]* followers?$/)).toHaveCount(1);
  const count = await page.getByText(/^\d[\d,]* followers?$/).boundingBox();
  const button = await edit.boundingBox();
  expect(Math.abs((count?.y ?? 0) + (count?.height ?? 0) / 2 - ((button?.y ?? 0) + (button?.height ?? 0) / 2))).toBeLessThan(12);
  await expectNoAxeViolations(page, 'organization page as its owner');
  await shoot(page, 'org-owner');
});

test('the profile editor: no empty band, a panel inside the page, picture inputs drawn as drop zones', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  const csp: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') csp.push(m.text());
  });
  await signIn(page, OWNER, '/discover/profile/private/');
  const panel = page.locator('.du-panel');
  await expect(panel.getByRole('heading', { name: 'Pictures' })).toBeVisible();
  // The sign-in shell is gone entirely, so the page (its title, then the panel) starts right under the header.
  await expect(page.locator('[data-auth-shell]')).toBeHidden();
  const header = await page.locator('header').first().boundingBox();
  const box = await page.locator('.du-page').boundingBox();
  expect((box?.y ?? 0) - ((header?.y ?? 0) + (header?.height ?? 0))).toBeLessThan(60);
  expect((await panel.boundingBox())?.x ?? 0).toBeGreaterThan(8);
  // The file inputs: drop zones (issue 27, tests/e2e/finish-public.spec.ts), still one labelled control each.
  const photo = page.getByRole('button', { name: /^Profile photo Drag/ });
  await expect(photo).toHaveAttribute('type', 'file');
  await expect(page.getByText('No file chosen')).toHaveCount(0);
  await photo.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(photo).toBeFocused();
  await page
    .getByRole('button', { name: /^Cover photo Drag/ })
    .setInputFiles({ name: 'too-big.png', mimeType: 'image/png', buffer: Buffer.alloc(9 * 1024 * 1024) });
  await expect(page.getByText(/Your file is too large/)).toBeVisible();
  // Saving validates with zod, jitless: no CSP report in the console.
  await page.getByLabel('Website').fill('example.com/studio');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  expect(csp.filter((t) => /Content Security Policy|unsafe-eval/i.test(t))).toEqual([]);
  await expectNoAxeViolations(page, 'profile editor');
  await shoot(page, 'profile-editor');
});

test("a user's collections are listed once for their owner; the system profile lists the editors' collections", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await signIn(page, OWNER);
  const { user_sid } = await me(page);
  await page.goto(`/discover/profile/${user_sid}/collections/`);
  const mine = page.getByRole('region', { name: 'My collections' });
  await expect(mine.getByRole('list')).toBeVisible();
  await expect(page.locator('[data-public-collections]')).toBeHidden();

  await page.goto('/discover/profile/admin/collections/');
  await expect(page.getByRole('heading', { level: 1, name: 'Collections by Discover' })).toBeVisible();
  const editors = await getJson<{ totalResults: number; results: { name: string }[] }>(page.request, '/api/content/user/admin/?limit=100');
  expect(editors.totalResults).toBeGreaterThan(0);
  await expect(page.locator('[data-public-collections] li')).toHaveCount(editors.results.length);
  await expect(page.getByRole('heading', { name: editors.results[0]?.name ?? '' }).first()).toBeVisible();
});

test('routes: a locale prefix on an English-only page goes to the English page; every tag of a public space has its page', async ({ page, request }) => {
  const { results } = await getJson<{ results: { modelId: string; tags: string[] }[] }>(request, '/api/content/space/?limit=100');
  const space = results[0];
  if (!space) throw new Error('No public space');
  // Space pages are in every locale (issue 26); capture stays English (spec 9).
  await page.goto(`/discover/de/space/${space.modelId}/`);
  await expect(page).toHaveURL(new RegExp(`/discover/de/space/${space.modelId}/$`));
  await page.goto('/discover/de/capture/');
  await expect(page).toHaveURL(/\/discover\/capture\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const slugs = new Set(
    results
      .flatMap((s) => s.tags)
      .map((t) =>
        t
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
      ),
  );
  for (const slug of slugs) expect((await request.get(`/discover/tag/${slug}/`)).status(), `/tag/${slug}/`).toBe(200);
});

test("'#add-space' with another account's public space says it belongs to another account", async ({ page, baseURL, request }) => {
  await acceptCookies(page, baseURL);
  const { results } = await getJson<{ results: { modelId: string; name: string }[] }>(request, '/api/content/space/?limit=1');
  const space = results[0];
  if (!space) throw new Error('No public space');
  await signIn(page, VISITOR);
  await page.goto('/discover/#add-space');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(space.modelId);
  await dialog.getByRole('button', { name: 'Add to Discover' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`${space.name} belongs to another account and is already on Discover.`);
  await expectNoAxeViolations(page, '#add-space answer', { include: 'dialog' });
});

test('the mobile footer wraps long names between words', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/discover/');
  const items = page.locator('.footer-cols li');
  await expect(items.first()).toBeVisible();
  const cut = await items.evaluateAll((lis) => lis.filter((li) => li.scrollWidth > li.clientWidth + 1).map((li) => li.textContent?.trim()));
  expect(cut).toEqual([]);
  await shoot(page, 'footer', 'footer.site-footer');
});
