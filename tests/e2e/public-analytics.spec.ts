import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, breakHeaderUser, islandsReady } from './public-helpers.ts';

/** First-party analytics behind consent (spec 7), render errors and chunk failures (spec 2, 8). */

interface Sent {
  name: string;
  props: Record<string, unknown>;
  path: string;
  sessionId: string;
}

function collect(page: Page): { events: Sent[] } {
  const out = { events: [] as Sent[] };
  page.on('request', (r) => {
    if (r.url().endsWith('/api/analytics/events') && r.method() === 'POST') out.events.push(...(r.postDataJSON() as { events: Sent[] }).events);
  });
  return out;
}

/**
 * Resolves once the browser has sent every request the page started so far: the tracker sends (or
 * queues) the page view while its script runs, so a request the page makes afterwards is seen after it.
 */
async function requestsSoFar(page: Page): Promise<void> {
  const marker = page.waitForRequest((r) => r.url().endsWith('?requests-so-far'));
  await page.evaluate(() => fetch('/discover/?requests-so-far', { method: 'HEAD' }).then(() => undefined));
  await marker;
}

test.describe('analytics', () => {
  test('sends nothing before consent, then the waiting page view once performance cookies are accepted', async ({ page }) => {
    const sent = collect(page);
    await page.goto('/discover/');
    await islandsReady(page);
    await requestsSoFar(page);
    expect(sent.events).toHaveLength(0);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/analytics/events'));
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => sent.events.map((e) => e.name)).toContain('page_view');
    expect(sent.events[0]).toMatchObject({ name: 'page_view', path: '/discover/' });
    // The collector accepted it (the body of a keepalive answer is not readable here; the API suite checks it).
    expect((await answer).status()).toBe(202);
  });

  test('a visitor who refuses performance cookies sends nothing', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL, { version: 3, strictlyNecessary: true, custom: { performance: false, functionality: true, targeting: true } });
    const sent = collect(page);
    await page.goto('/discover/');
    await islandsReady(page);
    await requestsSoFar(page);
    expect(sent.events).toHaveLength(0);
  });

  test('page views are sent on every page with consent', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL);
    const sent = collect(page);
    await page.goto('/discover/search/?q=castle');
    await expect.poll(() => sent.events.map((e) => `${e.name} ${e.path}`)).toContain('page_view /discover/search/');
  });
});

test.describe('errors', () => {
  test('a render error shows the not-found page with a reset action and is tracked', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL);
    const sent = collect(page);
    // A malformed session answer (a signed-in user without a first name) makes the header's user island throw while rendering.
    await breakHeaderUser(page);
    await page.route('**/api/content/construct/', (route) => route.fulfill({ status: 204 }));
    await page.goto('/discover/');
    const fallback = page.getByRole('dialog', { name: 'Page unavailable' });
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('This content could not be found or was removed by the owner');
    await expect(fallback.getByRole('link', { name: 'Find other spaces' })).toHaveAttribute('href', '/discover/?featuredTagId=all');
    const errors = () => sent.events.filter((e) => e.name === 'error' && String(e.props['error_component_stack']).includes('HeaderUser'));
    await expect
      .poll(() => errors()[0]?.props)
      .toMatchObject({
        error_type: 'TypeError',
        error_message: expect.stringContaining('null'),
        error_stack: expect.any(String),
        error_component_stack: expect.stringContaining('HeaderUser'),
        session_start: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    // Reset renders the island again; the page's session answer is still the broken one, so it fails (and is tracked) again.
    await fallback.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => errors().length).toBe(2);
    await expect(fallback).toBeVisible();
  });

  test('a script chunk that fails to load shows a clear retry', async ({ page }) => {
    await page.goto('/discover/');
    await islandsReady(page);
    await page.route(/\/_astro\/ConsentDialog\.[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Cookie settings' }).click();
    const retry = page.getByRole('alert').filter({ hasText: 'Part of this page could not be loaded' });
    await expect(retry).toBeVisible();
    await page.unroute(/\/_astro\/ConsentDialog\.[^/]+\.js$/);
    await retry.getByRole('button', { name: 'Retry' }).click();
    // The retry loads the chunk again.
    await expect(page.getByRole('dialog', { name: 'Privacy Preference Center' })).toBeVisible();
    await expect(retry).toHaveCount(0);
  });
});
