import { describe, expect, test } from 'vitest';
import { SITE_BASE } from '../domain/urls.ts';
import { ENGLISH_ONLY_SECTIONS, LOCALES, isEnglishOnlyPath, localeFromPath, localeInfo, localizePath, stripLocale, type Locale } from './locales.ts';
import { alternates } from './page.ts';

/** The helpers as they were written before prefix checks replaced splitting the path (issue 26): the reference. */
const reference = (() => {
  const byPrefix = new Map<string, { code: string }>(LOCALES.filter((l) => l.prefix).map((l) => [l.prefix, l]));
  const stripLocale = (path: string): string => {
    if (!path.startsWith(`${SITE_BASE}/`)) return path;
    const [first = '', ...more] = path.slice(SITE_BASE.length + 1).split('/');
    if (!byPrefix.has(first.toLowerCase())) return path;
    return `${SITE_BASE}/${more.join('/')}`;
  };
  const isEnglishOnlyPath = (path: string): boolean => {
    const bare = stripLocale(path);
    if (!bare.startsWith(`${SITE_BASE}/`)) return false;
    return ENGLISH_ONLY_SECTIONS.includes(bare.slice(SITE_BASE.length + 1).split(/[/?#]/)[0] ?? '');
  };
  const localizePath = (path: string, locale: string): string => {
    if (path !== SITE_BASE && !path.startsWith(`${SITE_BASE}/`) && !path.startsWith(`${SITE_BASE}?`)) return path;
    const normalized = path === SITE_BASE ? `${SITE_BASE}/` : path.startsWith(`${SITE_BASE}?`) ? `${SITE_BASE}/${path.slice(SITE_BASE.length)}` : path;
    const bare = stripLocale(normalized);
    const prefix = isEnglishOnlyPath(bare) ? '' : localeInfo(locale).prefix;
    return prefix ? `${SITE_BASE}/${prefix}${bare.slice(SITE_BASE.length)}` : bare;
  };
  const localeFromPath = (pathname: string): string => {
    const rest = pathname.startsWith(`${SITE_BASE}/`) ? pathname.slice(SITE_BASE.length + 1) : pathname.replace(/^\/+/, '');
    return byPrefix.get(rest.split('/')[0]?.toLowerCase() ?? '')?.code ?? 'en';
  };
  return { stripLocale, isEnglishOnlyPath, localizePath, localeFromPath };
})();

/** Paths of every shape the site links: sections, locale prefixes in any case, queries, hashes, odd and foreign ones. */
const PATHS = (() => {
  const tails = ['', 'space/abc/', 'space/abc', 'tag/museum/', 'search/?q=a/b', '?q=x', '#top', 'x?y#z', 'de', 'de/', 'DE/tag/x/', 'a//b', '/'];
  const sections = ['', ...ENGLISH_ONLY_SECTIONS, 'capturex', 'captur', 'showcase?x=1', 'contact#form', 'nominate/', 'feedbacks', 'about'];
  const prefixes = ['', ...LOCALES.filter((l) => l.prefix).map((l) => `${l.prefix}/`), 'EN-GB/', 'Zh-Cn/', 'xx/', 'dee/', 'de/fr/', 'ja/ja/'];
  const out = [
    SITE_BASE,
    `${SITE_BASE}?q=1`,
    `${SITE_BASE}#x`,
    `${SITE_BASE}x/`,
    '/',
    '',
    'de',
    'de/space/x',
    '//de/x',
    '/auth/login',
    '/media/a.jpg',
    'https://example.com/discover/de/',
  ];
  for (const p of prefixes)
    for (const s of sections) for (const t of tails) out.push(`${SITE_BASE}/${p}${s}${s && t && !'?#'.includes(t[0] as string) ? '/' : ''}${t}`);
  return out;
})();

describe('locale path helpers', () => {
  test('give what splitting the path gave, on every shape of path and in every locale', () => {
    expect(PATHS.length).toBeGreaterThan(2000);
    for (const path of PATHS) {
      expect(stripLocale(path), path).toBe(reference.stripLocale(path));
      expect(isEnglishOnlyPath(path), path).toBe(reference.isEnglishOnlyPath(path));
      expect(localeFromPath(path), path).toBe(reference.localeFromPath(path));
      for (const { code } of [...LOCALES, { code: 'xx' }]) expect(localizePath(path, code), `${path} in ${code}`).toBe(reference.localizePath(path, code));
    }
  });

  test('strip a prefix, keep English-only sections in English and queries as they were', () => {
    expect(stripLocale('/discover/de/tag/x/')).toBe('/discover/tag/x/');
    expect(stripLocale('/discover/zh-CN')).toBe('/discover/');
    expect(localizePath('/discover/tag/x/?page=2#list', 'ja')).toBe('/discover/ja/tag/x/?page=2#list');
    expect(localizePath('/discover/de/capture/order/', 'fr')).toBe('/discover/capture/order/');
    expect(localizePath('/discover?q=a', 'de')).toBe('/discover/de/?q=a');
    expect(localizePath('/auth/login', 'de')).toBe('/auth/login');
    expect(isEnglishOnlyPath('/discover/it/contact#form')).toBe(true);
    expect(localeFromPath('/discover/EN-GB/about/')).toBe('en_GB');
  });
});

describe('alternates', () => {
  test('one version per locale asked for, the same list again for the same page, English only for English-only sections', () => {
    const all = LOCALES.map((l) => l.code);
    const first = alternates('/discover/de/space/abc/', all);
    expect(first.map((a) => a.path)).toEqual(all.map((code) => reference.localizePath('/discover/space/abc/', code)));
    expect(alternates('/discover/de/space/abc/', [...all])).toBe(first);
    const some: Locale[] = ['en', 'fr'];
    expect(alternates('/discover/de/space/abc/', some).map((a) => a.path)).toEqual(['/discover/space/abc/', '/discover/fr/space/abc/']);
    expect(alternates('/discover/fr/capture/', all)).toEqual([{ locale: 'en', lang: 'en', name: 'English', path: '/discover/capture/' }]);
    // Many pages later, the first page's versions are the same.
    for (let i = 0; i < 40; i++) alternates(`/discover/tag/t${i}/`, all);
    expect(alternates('/discover/de/space/abc/', all)).toEqual(first);
  });
});
