import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The consent cookie's name (spec 9). */
export const CONSENT_COOKIE = 'cookie_consent_v3';

/** The record 'Accept all' saves (spec 3, 4). */
export const ALL_TRUE = { version: 3, strictlyNecessary: true, custom: { performance: true, functionality: true, targeting: true } };

/** Puts an accepted consent cookie in the page's context, so the banner stays out of the way. */
export async function acceptCookies(page: Page, baseURL: string | undefined, record: object = ALL_TRUE): Promise<void> {
  await page
    .context()
    .addCookies([
      { name: CONSENT_COOKIE, value: encodeURIComponent(JSON.stringify(record)), url: baseURL ?? 'http://127.0.0.1', sameSite: 'Lax', secure: true },
    ]);
}

/** Waits until the islands that hydrate at idle have run. */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[client="idle"][ssr]').length === 0, undefined, { timeout: 10_000 });
}

/** Reads JSON from the running API. */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** The header search input (the combobox). */
export const searchBox = (page: Page) => page.locator('[data-header-search] input[role="combobox"]');

/** Signs in with the demo password through the API (the page's context keeps the cookie). */
export async function signInAs(page: Page, email: string, baseURL: string | undefined): Promise<void> {
  const res = await page.request.post('/auth/sign-in', {
    form: { email, password: 'discover-demo', target: '/discover/' },
    headers: { Origin: baseURL ?? '' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
}

/** Answers the session with a signed-in user without a first name: the header's user island throws while rendering (the render-error fallback). */
export async function breakHeaderUser(page: Page): Promise<void> {
  await page.route('**/api/session/user/', (route) =>
    route.fulfill({
      json: {
        is_authenticated: true,
        first_name: null,
        last_name: 'Doe',
        email: 'doe@example.com',
        user_sid: 'u1',
        group_sid: 'g1',
        is_privileged: false,
        is_staff: false,
        flags: [],
        memberships: [],
        isUserDataPrepared: false,
        profile: null,
      },
    }),
  );
}

/** Sums the page's layout shifts (those without recent input) from its first paint on; read them with {@link layoutShift}. */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed since {@link watchLayoutShifts} (the current document's). */
export const layoutShift = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
