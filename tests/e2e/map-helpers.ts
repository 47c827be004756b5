import type { Page } from '@playwright/test';

/** Only this server may be reached: every other request is refused and remembered (the maps are offline). */
export async function offline(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  return outside;
}

/** Scripts of the map (MapLibre and the map view) among the page's script requests. */
export const mapScripts = (urls: readonly string[]) => urls.filter((u) => /map-view|maplibre/.test(u));
