import { expect, test } from '@playwright/test';
import { auditA11y, DEMO_PASSWORD, signInAsAdmin } from './admin-helpers.ts';

/** Accounts (/admin/accounts) → Feature flags: an administrator takes search from one person (issue 14); their next page has no search box. */

test('an administrator turns search off for a person from the Accounts screen, and back on', async ({ page, browser, baseURL }, testInfo) => {
  await signInAsAdmin(page, '/admin/accounts');
  // The visitor, signed in elsewhere, has the header search (everybody does by default).
  const visitor = await browser.newContext({ baseURL: baseURL as string });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/auth/sign-in?target=%2Fdiscover%2F');
  await visitorPage.getByLabel('Email').fill('visitor@example.com');
  await visitorPage.getByLabel('Password').fill(DEMO_PASSWORD);
  await visitorPage.getByRole('button', { name: 'Sign in' }).click();
  await visitorPage.waitForURL((url) => url.pathname === '/discover/');
  const visitorFlags = async () => ((await (await visitorPage.request.get('/api/session/user/')).json()) as { flags: string[] }).flags;
  expect(await visitorFlags()).toContain('discover/search');

  await page.getByRole('searchbox', { name: 'Search' }).fill('Victor Visitor');
  await page.getByRole('button', { name: 'Feature flags of Victor Visitor' }).click();
  const section = page.getByRole('region', { name: 'Feature flags' });
  const group = section.getByRole('group', { name: 'Feature flags of Victor Visitor' });
  const search = group.getByRole('checkbox', { name: 'Search' });
  await expect(search).toBeChecked();
  await expect(group.getByRole('checkbox')).toHaveCount(8);
  await expect(group).toContainText('The search box in the site header');
  await auditA11y(page, 'feature flags');

  const save = section.getByRole('button', { name: 'Save flags' });
  try {
    await search.uncheck();
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'The feature flags of Victor Visitor are saved.' })).toBeAttached();
    // No new sign-in: the visitor's next page knows.
    expect(await visitorFlags()).not.toContain('discover/search');
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('flags-390.png'), fullPage: true });
  } finally {
    if (!(await search.isChecked())) {
      await search.check();
      await save.click();
      await expect(page.getByRole('status').filter({ hasText: 'The feature flags of Victor Visitor are saved.' })).toBeAttached();
    }
  }
  expect(await visitorFlags()).toContain('discover/search');
  await visitor.close();
});
