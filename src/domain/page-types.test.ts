import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { matchPage, PAGE_TYPE_IDS, PAGE_TYPES, pageType, pathOf, sitePath } from './page-types.ts';

describe('the page registry', () => {
  test('a page path is its pattern with the parameters, encoded unless asked not to', () => {
    expect(pathOf('home', {})).toBe('');
    expect(pathOf('profileCollections', { userSid: 'ana' })).toBe('profile/ana/collections');
    expect(pathOf('collection', { sid: 'a b/c' })).toBe('collection/a%20b%2Fc');
    expect(pathOf('collection', { sid: 'a b' }, false)).toBe('collection/a b');
    expect(sitePath('tag', { tag: 'museum' }, 'de')).toBe('/discover/de/tag/museum/');
    expect(sitePath('home', {})).toBe('/discover/');
  });

  test('a request path finds its page type, parameters and locale', () => {
    expect(matchPage('/discover/')).toEqual({ type: 'home', params: {}, locale: '' });
    expect(matchPage('/discover/de')).toEqual({ type: 'home', params: {}, locale: 'de' });
    expect(matchPage('/discover/collection/a%20b/')).toEqual({ type: 'collection', params: { sid: 'a b' }, locale: '' });
    expect(matchPage('/discover/zh-cn/profile/ana/collections')).toEqual({ type: 'profileCollections', params: { userSid: 'ana' }, locale: 'zh-cn' });
    expect(matchPage('/discover/space/abc/related-collections/')?.type).toBe('relatedCollections');
    expect(matchPage('/discover/capture/orders/ord-1/')).toEqual({ type: 'captureOrderDetails', params: { id: 'ord-1' }, locale: '' });
  });

  test('a literal segment wins over a parameter', () => {
    expect(matchPage('/discover/profile/private/')?.type).toBe('profilePrivate');
    expect(matchPage('/discover/de/profile/private/')).toEqual({ type: 'profilePrivate', params: {}, locale: 'de' });
  });

  test('paths of no page type, outside the base or with an undecodable parameter match nothing', () => {
    expect(matchPage('/discover/nothing/here/')).toBeNull();
    expect(matchPage('/auth/sign-in')).toBeNull();
    expect(matchPage('/discovery/')).toBeNull();
    expect(matchPage('/discover/collection/%ff/')).toBeNull();
    expect(matchPage('/discover/collection/%00/')).toBeNull();
    expect(matchPage('/discover/xyz/tag/museum/')).toBeNull();
  });

  test('every page type is found again from its own path, in English and in a locale', () => {
    for (const type of PAGE_TYPE_IDS) {
      const names = PAGE_TYPES[type].pattern.split('/').filter((s) => s.startsWith(':'));
      const params = Object.fromEntries(names.map((n) => [n.slice(1), `x-${n.slice(1)}`]));
      expect(matchPage(sitePath(type, params as never))?.type, type).toBe(type);
      expect(matchPage(sitePath(type, params as never, 'fr')), type).toEqual({ type, params, locale: 'fr' });
    }
  });

  test('a page rendered with another names a page type; fallbacks are for pages with parameters', () => {
    for (const type of PAGE_TYPE_IDS) {
      const spec = pageType(type);
      if (spec.renderedWith) expect(PAGE_TYPE_IDS).toContain(spec.renderedWith);
      if (spec.fallback) expect(spec.pattern).toContain(':');
    }
  });
});

describe('the registry and the route files agree', () => {
  /** Route files under src/pages (pages only, the `[locale]/` wrappers and endpoints left out), as patterns. */
  const routeFiles = (dir: string, rel = ''): string[] =>
    readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((entry) => {
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return r === '[locale]' ? [] : routeFiles(dir, r);
      if (!entry.name.endsWith('.astro')) return [];
      return [
        r
          .replace(/\.astro$/, '')
          .replace(/(^|\/)index$/, '')
          .replace(/\[([^\]]+)\]/g, ':$1'),
      ];
    });
  /** Page types served from another file than their path (one shell for every id). */
  const SHELLS: Record<string, string> = { 'capture/orders/:id': 'capture/order-details' };

  test('every route file is a page type, and every page type has its route file', () => {
    const files = routeFiles(join(import.meta.dirname, '..', 'pages'));
    const patterns: string[] = PAGE_TYPE_IDS.map((t) => PAGE_TYPES[t].pattern);
    for (const file of files) expect(patterns.includes(file) || Object.values(SHELLS).includes(file), `src/pages/${file} has no page type`).toBe(true);
    for (const pattern of patterns) expect(files, `page type ${pattern} has no route file`).toContain(SHELLS[pattern] ?? pattern);
  });
});
