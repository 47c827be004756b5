import { expect, test } from '@playwright/test';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';

/**
 * Curated texts per locale (issue 26): an admin gives the live banner and a featured tag a German
 * text in the console; the German home shows them (the tag in its static HTML after the publish),
 * the English home keeps English.
 */

// The publish may queue behind the banner's on 2 shared cores.
test.describe.configure({ timeout: 300_000 });

interface PublicBanner {
  id: string;
  text: string;
  translations: Record<string, { text?: string }>;
}
interface Tab {
  id: string;
  name: string;
  isActive: boolean;
  tags: string[];
  translations: Record<string, { name?: string }>;
}

test('a banner and a featured tag translated in the console reach the German home; English stays English', async ({ page, request, baseURL }) => {
  const stamp = Date.now().toString(36);
  const germanBanner = `Frühlingsangebot ${stamp}`;
  const germanTab = `Wohnungen ${stamp}`;

  await signInAsAdmin(page, '/admin/banner');
  const live = (await getJson<PublicBanner[]>(page, '/api/content/banner/'))[0] as PublicBanner;
  await page.getByRole('button', { name: `Edit banner “${live.text}”` }).click();
  await page.locator('summary', { hasText: 'Text in other languages' }).click();
  await page.getByLabel('Deutsch (de)').fill(germanBanner);
  await expect(page.getByText('1 of 12 languages given')).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/admin-locale-texts-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await auditA11y(page, 'banner editor with the texts per language open');
  await page.getByRole('button', { name: 'Save banner' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Banner saved.' })).toBeAttached();

  const de = (await getJson<PublicBanner[]>(page, '/api/content/banner/?locale=de'))[0] as PublicBanner;
  expect(de).toMatchObject({ id: live.id, text: germanBanner });
  expect((await getJson<PublicBanner[]>(page, '/api/content/banner/?locale=fr'))[0]?.text).toBe(live.text);

  // A featured tag's German name: the home page is re-rendered by the publisher.
  const tabs = await getJson<Tab[]>(page, '/api/content/featuredTag/?spacesLimit=1&filterEmpty=true');
  const tab = tabs[0] as Tab;
  const put = await page.request.put(`/admin/api/featuredTag/${tab.id}/`, {
    data: { name: tab.name, isActive: true, tags: tab.tags, translations: { ...tab.translations, de: { name: germanTab } } },
    headers: { Origin: baseURL as string },
  });
  expect(put.ok(), await put.text()).toBeTruthy();
  await expect(async () => {
    const html = await (await request.get('/discover/de/', { headers: { cookie: '' } })).text();
    expect(html).toContain(germanTab);
  }).toPass({ timeout: 180_000, intervals: [1000] });
  const english = await (await request.get('/discover/', { headers: { cookie: '' } })).text();
  expect(english).not.toContain(germanTab);

  // A visitor of the German home sees both; the English home keeps the English banner.
  await page.goto('/discover/de/');
  await expect(page.locator('aside.pencil')).toContainText(germanBanner);
  await expect(page.getByRole('tab', { name: germanTab })).toBeVisible();
  await page.goto('/discover/');
  await expect(page.locator('aside.pencil')).toContainText(live.text);
  await expect(page.locator('aside.pencil')).not.toContainText(germanBanner);
});
