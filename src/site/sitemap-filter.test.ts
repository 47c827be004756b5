import { expect, test } from 'vitest';
import { isIndexable } from './build-integration.ts';

test('the sitemap leaves out the page types the page registry keeps out of it, in every locale', () => {
  const url = (path: string) => `https://example.test/discover/${path}`;
  for (const path of ['', 'collection/c1/', 'de/tag/museum/', 'space/abc/', 'marketplace/app/x/', 'about/']) expect(isIndexable(url(path)), path).toBe(true);
  for (const path of ['search/', 'home-panel/ft1/', 'de/home-panel/ft1/', 'following/', 'manage/', 'profile/private/', 'capture/orders/o1/', '404/'])
    expect(isIndexable(url(path)), path).toBe(false);
});
