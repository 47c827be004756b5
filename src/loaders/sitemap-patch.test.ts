import { describe, expect, test } from 'vitest';
import { SITEMAP_LOCALES } from './sitemap-kept-locales.ts';
import { patchSitemaps, sitemapIndexOf, splitSitemaps, withKeptLocales } from './sitemap-patch.ts';

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

describe('pages rendered on request in other locales', () => {
  const site = 'https://d.example';
  test('an English page of a kept type brings its locale versions, in the same state; other pages come alone', () => {
    const pages = withKeptLocales(
      [
        { url: `${site}/discover/collection/paris/`, indexable: true },
        { url: `${site}/discover/tag/gone/`, indexable: false },
        { url: `${site}/discover/marketplace/`, indexable: true },
        { url: `${site}/discover/de/space/abc/`, indexable: true },
      ],
      ['de', 'zh-cn'],
    );
    expect(pages.slice(4)).toEqual([
      { url: `${site}/discover/de/collection/paris/`, indexable: true },
      { url: `${site}/discover/zh-cn/collection/paris/`, indexable: true },
      { url: `${site}/discover/de/tag/gone/`, indexable: false },
      { url: `${site}/discover/zh-cn/tag/gone/`, indexable: false },
    ]);
  });

  test('the build lists them with alternates between every locale version', () => {
    const en = `${site}/discover/account/a1/`;
    const files = new Map([['sitemap-0.xml', `${head}<url><loc>${en}</loc></url></urlset>`]]);
    const listed = [{ url: en, indexable: true }];
    const out = patchSitemaps(files, withKeptLocales(listed, ['de']).slice(1), SITEMAP_LOCALES).get('sitemap-0.xml') as string;
    const de = `${site}/discover/de/account/a1/`;
    const links = `<xhtml:link rel="alternate" hreflang="en" href="${en}"/><xhtml:link rel="alternate" hreflang="de" href="${de}"/>`;
    expect(out).toContain(`<url><loc>${en}</loc>${links}</url>`);
    expect(out).toContain(`<url><loc>${de}</loc>${links}</url>`);
  });
});

test('a large sitemap is split into files of a few thousand URLs, all named by the index', () => {
  const head = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
  const urls = Array.from({ length: 5 }, (_, i) => `<url><loc>https://d.example/discover/p${i}/</loc></url>`);
  const split = splitSitemaps(
    new Map([
      ['sitemap-0.xml', `${head}${urls.slice(0, 3).join('')}</urlset>`],
      ['sitemap-1.xml', `${head}${urls.slice(3).join('')}</urlset>`],
    ]),
    2,
  );
  expect([...split.keys()]).toEqual(['sitemap-0.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
  expect(split.get('sitemap-2.xml')).toBe(`${head}${urls[4]}</urlset>`);
  const index =
    '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://d.example/discover/sitemap-0.xml</loc></sitemap></sitemapindex>';
  expect(sitemapIndexOf(index, [...split.keys()])).toBe(
    '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      ['0', '1', '2'].map((n) => `<sitemap><loc>https://d.example/discover/sitemap-${n}.xml</loc></sitemap>`).join('') +
      '</sitemapindex>',
  );
});
