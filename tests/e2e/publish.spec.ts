import { expect, test, type APIRequestContext } from '@playwright/test';
import { me, sessionKnown, signIn, someSpace, VISITOR } from './user-helpers.ts';

/**
 * Publishing as visitors see it: a change reaches the static pages through an incremental publish
 * (the pages it affects re-rendered and swapped in), not a full build; content the served build
 * does not have yet is answered at once from the API. The e2e server's world is 400 spaces in two
 * locales; the product's budget for a change to be live is 15 s (2,000 spaces, every locale). On
 * this shared 2-core machine a publish can queue behind another test's, so the waits allow that
 * once: twice the budget.
 */
const BUDGET_MS = 15_000;
const WAIT_MS = 2 * BUDGET_MS;

/** What a visitor without a session gets at a path: the static page, or the API-rendered shell (noindex header). */
async function visitorView(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { cookie: '' } });
  return { status: res.status(), shell: res.headers()['x-robots-tag'] === 'noindex', html: await res.text() };
}

/** Whether a page's HTML has this level-one heading (scoped styles may add attributes to the tag). */
const hasHeading = (html: string, text: string) => new RegExp(`<h1(?:\\s[^>]*)?>${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`).test(html);

/** Waits until the static page at `path` (not a shell) satisfies `check`; answers the seconds it took. */
async function staticPageWhere(request: APIRequestContext, path: string, check: (html: string) => boolean, since = Date.now()): Promise<number> {
  await expect(async () => {
    const v = await visitorView(request, path);
    expect(v.status).toBe(200);
    expect(v.shell).toBe(false);
    expect(check(v.html)).toBe(true);
  }).toPass({ timeout: WAIT_MS, intervals: [250] });
  return (Date.now() - since) / 1000;
}

test('an admin renames a space and its static page shows the new name within the budget', async ({ page, request, baseURL }) => {
  test.setTimeout(WAIT_MS + 30_000);
  const signInRes = await request.post('/auth/sign-in', {
    form: { email: 'admin@example.com', password: 'discover-demo', target: '/discover/' },
    headers: { Origin: baseURL as string },
    maxRedirects: 0,
  });
  expect(signInRes.status()).toBe(303);
  type Space = { id: string; modelId: string; name: string };
  const list = (await (await request.get('/api/content/space/?limit=5&offset=3')).json()) as { results: Space[] };
  const space = list.results[0] as Space;
  const newName = `${space.name.replace(/ \(renovated \d+\)$/, '')} (renovated ${Date.now() % 100000})`;
  const started = Date.now();
  const patch = await request.patch(`/admin/api/space/${space.id}/`, { data: { name: newName }, headers: { Origin: baseURL as string } });
  expect(patch.ok(), await patch.text()).toBeTruthy();
  // The API answers at once; the static page follows after the incremental publish.
  expect(((await (await request.get(`/api/content/space/${space.id}/`)).json()) as Space).name).toBe(newName);
  const seconds = await staticPageWhere(request, `/discover/space/${space.modelId}/`, (html) => hasHeading(html, newName), started);
  test.info().annotations.push({ type: 'change-to-live', description: `space rename: ${seconds.toFixed(1)} s` });
  await page.goto(`/discover/space/${space.modelId}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName);
});

test('a new collection opens at once, its rename and its deletion reach the static pages within the budget', async ({ page, request }) => {
  test.setTimeout(4 * WAIT_MS + 60_000);
  const space = await someSpace(request);
  const name = `Weekend ${Date.now() % 1_000_000}`;
  let sid = '';

  await test.step('create it in the browser and open it at once: its page is there, not 404', async () => {
    await signIn(page, VISITOR, `/discover/space/${space.modelId}/`);
    await sessionKnown(page, 'user');
    await page.getByRole('button', { name: 'Add to collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to collection' });
    await dialog.getByRole('link', { name: 'New collection' }).click();
    const create = page.getByRole('dialog', { name: 'New collection' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create collection' }).click();
    await expect(dialog.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();

    const { user_sid } = await me(page);
    await page.goto(`/discover/profile/${user_sid}/collections/`);
    const link = page.getByRole('region', { name: 'My collections' }).getByRole('link', { name });
    sid = decodeURIComponent(/\/collection\/([^/]+)\//.exec((await link.getAttribute('href')) ?? '')?.[1] ?? '');
    expect(sid).not.toBe('');
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/collection/${sid}/`)), link.click()]);
    expect(response.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('region', { name: 'Spaces in this collection' }).getByRole('link', { name: space.name })).toBeVisible();
  });

  await test.step('the static page replaces the API-rendered one after the publish', async () => {
    const seconds = await staticPageWhere(request, `/discover/collection/${sid}/`, (html) => hasHeading(html, name));
    test.info().annotations.push({ type: 'new collection', description: `static after ${seconds.toFixed(1)} s` });
  });

  const renamed = `${name} (renamed)`;
  await test.step('rename it in My collections: the static page shows the new name within the budget', async () => {
    const { user_sid } = await me(page);
    await page.goto(`/discover/profile/${user_sid}/collections/`);
    const region = page.getByRole('region', { name: 'My collections' });
    await region.getByRole('button', { name: `Rename ${name}` }).click();
    await region.getByLabel('Name', { exact: true }).fill(renamed);
    const started = Date.now();
    await region.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(region.getByRole('link', { name: renamed })).toBeVisible();
    // The owner sees the new name at once, also on the page built before the rename.
    await page.goto(`/discover/collection/${sid}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
    const seconds = await staticPageWhere(request, `/discover/collection/${sid}/`, (html) => hasHeading(html, renamed), started);
    test.info().annotations.push({ type: 'change-to-live', description: `collection rename: ${seconds.toFixed(1)} s` });
    expect(seconds).toBeLessThanOrEqual(WAIT_MS / 1000);
  });

  await test.step('delete it: it disappears from the home page (latest collections and footer) within the budget', async () => {
    // As the newest collection it is on the home page first.
    await staticPageWhere(request, '/discover/', (html) => html.includes(renamed));
    const { user_sid } = await me(page);
    await page.goto(`/discover/profile/${user_sid}/collections/`);
    const region = page.getByRole('region', { name: 'My collections' });
    await region.getByRole('button', { name: `Delete ${renamed}` }).click();
    const started = Date.now();
    await page
      .getByRole('dialog', { name: `Delete ${renamed}` })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(region.getByRole('link', { name: renamed })).toHaveCount(0);
    const seconds = await staticPageWhere(request, '/discover/', (html) => !html.includes(renamed), started);
    test.info().annotations.push({ type: 'change-to-live', description: `collection deletion off the home page: ${seconds.toFixed(1)} s` });
    // Its own page is gone too, and the German home page no longer lists it.
    await expect(async () => expect((await visitorView(request, `/discover/collection/${sid}/`)).status).toBe(404)).toPass({ timeout: WAIT_MS });
    await staticPageWhere(request, '/discover/de/', (html) => !html.includes(renamed));
    // Any other page's footer (latest collections) follows as well.
    await staticPageWhere(request, '/discover/search/', (html) => !html.includes(renamed));
  });
});
