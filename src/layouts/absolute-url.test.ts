import { describe, expect, it } from 'vitest';
import { absoluteUrl } from './absolute-url.ts';

describe('absolute URLs of site paths', () => {
  it('are what the URL parser makes of every kind of path', () => {
    const sites = ['http://127.0.0.1:4321/discover/', 'https://example.com', 'https://Example.COM:443/x/', 'https://u:p@example.com/'];
    const paths = [
      '/',
      '/discover/space/abc/',
      '/discover/de/space/a-b_c.d~e/',
      '/discover/tag/family-home/',
      '/a/./b/',
      '/a/../b/',
      '/a/..',
      '/..',
      '/.hidden/x',
      '/a%20b/',
      '/a b/',
      '/ünï/',
      '/a?b=c',
      '/a#top',
      '//other.example/x',
      '/a//b/',
      'relative/path',
      '/a\\b',
    ];
    for (const s of sites) {
      const site = new URL(s);
      for (const p of paths) expect(absoluteUrl(p, site), `${p} on ${s}`).toBe(new URL(p, site).href);
    }
  });
});
