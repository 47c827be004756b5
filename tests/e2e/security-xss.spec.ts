import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { islandsReady } from './public-helpers.ts';
import { DEMO_PASSWORD, OWNER } from './user-helpers.ts';

/**
 * The XSS corpus: payloads stored in every user-controlled field that a page renders (profile
 * description, location, website and social links; collection name and description; space name and
 * summary through the owner's PATCH; banner text and hyperlink through the admin API), then every
 * page that renders them loaded in Chromium, static pages after the next publish and the views
 * rendered in the browser. A payload that runs sets `window.__xss` or opens a dialog.
 */

/** The static pages follow after the debounced full rebuild (see publish.spec.ts), slower on a busy machine. */
const PUBLISH_WAIT_MS = 240_000;
const mark = `xss${Date.now() % 1_000_000}`;

/** Long payloads, for description-sized fields: every classic context break, each setting __xss to its number. */
const LONG = [
  `${mark}`,
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=window.__xss=2>',
  "'><svg onload=window.__xss=3>",
  '</title></textarea></style><script>window.__xss=4</script>',
  '<iframe srcdoc="<script>parent.__xss=5</script>"></iframe>',
  '<a href="javascript:window.__xss=6">x</a>',
  '</script><script>window.__xss=7</script>',
  '<img src=x onerror=alert(8)>',
  "{{constructor.constructor('window.__xss=9')()}}",
  '<details open ontoggle=window.__xss=10>',
  '\u2028\u2029"};window.__xss=11;//',
  '[x](javascript:window.__xss=12)',
  '${window.__xss=13}',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=14>',
].join(' ');
/** Payloads that fit short fields (names: 70, location: 50). */
const NAME = `${mark} </script><img src=x onerror=window.__xss=20>`;
const LOCATION = `"><svg onload=window.__xss=21>`;
/** http(s) links the URL rules accept, with a break-out attempt inside. */
const LINK = `https://x.example/${mark}"><svg onload=window.__xss=22>`;
const SOCIAL = `https://x.example/'onmouseover='window.__xss=23`;

/** Signs a request context in (cookies stay in the context). */
async function signIn(request: APIRequestContext, email: string, origin: string): Promise<void> {
  const res = await request.post('/auth/sign-in', { form: { email, password: DEMO_PASSWORD }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
}

/** Fails on any executed payload: the flag, a dialog, or a page error naming one. */
async function expectNoScriptRan(page: Page, path: string, dialogs: string[]): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), `${path} is a page`).toBeLessThan(400);
  await page.waitForLoadState('networkidle');
  // Islands hydrate at idle or on interaction: hover and focus around, then wait until they have run.
  await page.mouse.move(200, 200);
  await page.keyboard.press('Tab');
  await islandsReady(page);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `${path}: a payload ran`).toBeUndefined();
  expect(dialogs, `${path}: a dialog opened`).toEqual([]);
}

test('stored XSS payloads in every rendered user field never execute', async ({ page, browser, baseURL }) => {
  test.setTimeout(PUBLISH_WAIT_MS + 180_000);
  const origin = baseURL as string;
  const headers = { Origin: origin };
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  // The owner: profile, social links, a public collection, and a space of their organization.
  await signIn(page.request, OWNER, origin);
  const me = (await (await page.request.get('/api/session/user/')).json()) as {
    user_sid: string;
    group_sid: string;
    memberships: { organization_sid: string }[];
  };
  const before = (await (await page.request.get('/api/content/user/me/profile/')).json()) as Record<string, unknown>;
  const profile = await page.request.post('/api/content/user/me/profile/', {
    data: { description: LONG, location: { description: LOCATION }, url: LINK },
    headers,
  });
  expect(profile.ok(), await profile.text()).toBeTruthy();
  const social = await page.request.put('/api/content/user/me/profile/socialmedia/', {
    data: { twitter: SOCIAL, facebook: LINK, linkedin: 'https://linkedin.com/in/x', instagram: null },
    headers,
  });
  expect(social.ok(), await social.text()).toBeTruthy();
  // Schemes other than http(s) are refused outright.
  for (const bad of ['javascript:window.__xss=30', 'data:text/html,<script>window.__xss=31</script>', 'vbscript:msgbox(1)']) {
    expect((await page.request.post('/api/content/user/me/profile/', { data: { url: bad }, headers })).status()).toBe(400);
  }

  const org = me.memberships[0]?.organization_sid as string;
  const spaces = (await (await page.request.get(`/api/content/space/?organizationId=${org}&limit=1`)).json()) as {
    results: { id: string; modelId: string; name: string; summary: string }[];
  };
  const space = spaces.results[0];
  expect(space, 'the owner’s organization has a public space').toBeDefined();
  if (!space) return;
  const patched = await page.request.patch(`/api/content/space/${space.id}/`, { data: { name: NAME, summary: LONG.slice(0, 500) }, headers });
  expect(patched.ok(), await patched.text()).toBeTruthy();

  const created = await page.request.post('/api/content/collection/', {
    data: { name: NAME, description: LONG, visibility: 'PUBLIC', children: [{ id: space.id }] },
    headers,
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const collection = (await created.json()) as { id: string; sid: string };

  // The administrator: a banner whose text and link carry payloads.
  const adminContext = await browser.newContext({ baseURL: origin });
  const admin = await adminContext.newPage();
  admin.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(admin.request, 'admin@example.com', origin);
  for (const hyperlink of ['javascript:window.__xss=40', '/\\evil.example', '//evil.example/x']) {
    expect((await admin.request.post('/admin/api/banner/', { data: { text: 'x', color: 'FFBB00', hyperlink }, headers })).status()).toBe(400);
  }
  const banner = await admin.request.post('/admin/api/banner/', {
    data: { text: `${mark} <img src=x onerror=window.__xss=41> <script>window.__xss=42</script>`, color: 'FFBB00', hyperlink: LINK, isActive: true },
    headers,
  });
  expect(banner.ok(), await banner.text()).toBeTruthy();
  const bannerId = ((await banner.json()) as { id: string }).id;

  try {
    // Rendered in the browser from the API at once: the editor, the banner, the admin console.
    await expectNoScriptRan(page, '/discover/profile/private/', dialogs);
    await expect(page.getByLabel('Description')).toHaveValue(LONG);
    await expectNoScriptRan(page, `/discover/profile/${me.user_sid}/?edit=true`, dialogs);
    await expectNoScriptRan(page, '/discover/', dialogs);
    await expect(page.getByText(`${mark} <img src=x onerror=window.__xss=41>`, { exact: false })).toBeVisible();
    await expectNoScriptRan(admin, '/admin/banner', dialogs);
    await expect(admin.getByText(mark).first()).toBeVisible();

    // The static pages, once the publish has rebuilt them.
    await expect(async () => {
      await page.goto(`/discover/space/${space.modelId}/`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(mark, { timeout: 1000 });
    }).toPass({ timeout: PUBLISH_WAIT_MS, intervals: [3000] });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
    for (const path of [
      `/discover/space/${space.modelId}/`,
      `/discover/space/${space.modelId}/related-collections/`,
      `/discover/collection/${collection.sid}/`,
      `/discover/profile/${me.user_sid}/`,
      `/discover/profile/${me.user_sid}/collections/`,
      `/discover/account/${org}/`,
      `/discover/de/account/${org}/`,
      `/discover/search/?q=${mark}`,
      '/discover/',
    ]) {
      await expectNoScriptRan(page, path, dialogs);
    }
    await page.goto(`/discover/collection/${collection.sid}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
    await page.goto(`/discover/profile/${me.user_sid}/`);
    await expect(page.getByText(LOCATION)).toBeVisible();
  } finally {
    await page.request.patch(`/api/content/space/${space.id}/`, { data: { name: space.name, summary: space.summary }, headers });
    await page.request.delete(`/api/content/collection/${collection.id}/`, { headers });
    await page.request.post('/api/content/user/me/profile/', {
      data: {
        description: (before['description'] as string | null) ?? null,
        location: { description: (before['location'] as { description?: string | null } | undefined)?.description ?? null },
        url: (before['url'] as string | null) ?? null,
      },
      headers,
    });
    await page.request.put('/api/content/user/me/profile/socialmedia/', { data: (before['socialMedia'] as object | undefined) ?? {}, headers });
    await admin.request.delete('/admin/api/banner/', { data: [bannerId], headers });
    await adminContext.close();
  }
});
