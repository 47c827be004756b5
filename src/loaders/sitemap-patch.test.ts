import { describe, expect, test } from 'vitest';
import { patchSitemaps } from './sitemap-patch.ts';

const B = 'https://d.example/discover';
const locales = {
  groupOf: (url: string) => url.slice(B.length).replace(/^\/(de)(?=\/)/, '') || '/',
  langOf: (url: string) => (url.startsWith(`${B}/de/`) ? 'de' : 'en'),
};
const head = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';
const alt = (urls: string[]) => urls.map((u) => `<xhtml:link rel="alternate" hreflang="${locales.langOf(u)}" href="${u}"/>`).join('');
const entry = (url: string, group: string[] = []) => `<url><loc>${url}</loc>${group.length > 1 ? alt(group) : ''}</url>`;

describe('sitemap patch', () => {
  const home = [`${B}/`, `${B}/de/`];
  const paris = [`${B}/collection/paris/`, `${B}/de/collection/paris/`];
  const files = new Map([['sitemap-0.xml', `${head}${entry(home[0] as string, home)}${entry(home[1] as string, home)}${entry(`${B}/space/abc/`)}</urlset>`]]);

  test('a new collection joins the sitemap in both locales, linked to each other', () => {
    const out = patchSitemaps(
      files,
      paris.map((url) => ({ url, indexable: true })),
      locales,
    ).get('sitemap-0.xml') as string;
    expect(out).toContain(entry(paris[0] as string, paris));
    expect(out).toContain(entry(paris[1] as string, paris));
    expect(out).toContain(entry(`${B}/space/abc/`));
    expect(out.endsWith('</urlset>')).toBe(true);
  });

  test('a removed or now noindex page leaves it; untouched pages stay as they are', () => {
    const out = patchSitemaps(files, [{ url: `${B}/space/abc/`, indexable: false }], locales).get('sitemap-0.xml') as string;
    expect(out).not.toContain('/space/abc/');
    expect(out).toContain(entry(home[0] as string, home));
  });

  test('nothing to change, nothing written', () => {
    expect(patchSitemaps(files, [{ url: `${B}/space/abc/`, indexable: true }], locales).size).toBe(0);
  });
});
