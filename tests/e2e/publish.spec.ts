import { expect, test } from '@playwright/test';

/**
 * The publisher rebuilds the whole site after a change (for now: incremental publishing is
 * planned). The test server builds 2 locales of a 400-space world, about 15 s on an idle 2-core
 * machine. In the worst case a rebuild started by an earlier test is running when the rename
 * lands, so the page follows after that build, the 2 s quiet period and one more full build; on a
 * busy machine each build takes two to three times as long. Hence a generous but bounded wait.
 */
const PUBLISH_WAIT_MS = 120_000;

/** The publisher: an admin's change reaches the static pages after the debounced rebuild. */
test('an admin renames a space and the static page shows the new name after the next publish', async ({ page, request, baseURL }) => {
  test.setTimeout(PUBLISH_WAIT_MS + 30_000);
  const signIn = await request.post('/auth/sign-in', {
    form: { email: 'admin@example.com', password: 'discover-demo', target: '/discover/' },
    headers: { Origin: baseURL as string },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(303);

  type Space = { id: string; modelId: string; name: string };
  const list = (await (await request.get('/api/content/space/?limit=5&offset=3')).json()) as { results: Space[] };
  const space = list.results[0] as Space;
  const newName = `${space.name} (renovated ${Date.now() % 100000})`;
  const patch = await request.patch(`/admin/api/space/${space.id}/`, { data: { name: newName }, headers: { Origin: baseURL as string } });
  expect(patch.ok(), await patch.text()).toBeTruthy();

  // The API answers at once; the static page follows after the rebuild.
  expect(((await (await request.get(`/api/content/space/${space.id}/`)).json()) as Space).name).toBe(newName);
  await expect(async () => {
    await page.goto(`/discover/space/${space.modelId}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName, { timeout: 1000 });
  }).toPass({ timeout: PUBLISH_WAIT_MS, intervals: [2000] });
});
