import { expect, test } from '@playwright/test';

/** The publisher: an admin's change reaches the static pages after the debounced rebuild. */
test('an admin renames a space and the static page shows the new name after the next publish', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const signIn = await request.post('/auth/sign-in', {
    form: { email: 'admin@example.com', password: 'discover-demo', target: '/discover/' },
    headers: { Origin: baseURL as string },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(303);

  const list = await (await request.get('/api/content/space/?limit=5&offset=3')).json();
  const space = list.results[0] as { id: string; modelId: string; name: string };
  const newName = `${space.name} (renovated ${Date.now() % 100000})`;
  const patch = await request.patch(`/admin/api/space/${space.id}/`, { data: { name: newName }, headers: { Origin: baseURL as string } });
  expect(patch.ok(), await patch.text()).toBeTruthy();

  // The API answers at once; the static page follows after the rebuild.
  expect((await (await request.get(`/api/content/space/${space.id}/`)).json()).name).toBe(newName);
  await expect(async () => {
    await page.goto(`/discover/space/${space.modelId}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName, { timeout: 1000 });
  }).toPass({ timeout: 150_000, intervals: [2000] });
});
