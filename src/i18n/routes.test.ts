import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PAGE_TYPE_IDS, PAGE_TYPES, type PageTypeId } from '../domain/page-types.ts';
import { localizedPaths, prerendersLocales } from './routes.ts';

const LOCALE_PAGES = join(import.meta.dirname, '..', 'pages', '[locale]');

/** The `[locale]/` wrappers, as registry patterns (`profile/:userSid/collections`), with the page type each passes to `localizedPaths`. */
const wrappers = (rel = ''): { pattern: string; named: string | undefined }[] =>
  readdirSync(join(LOCALE_PAGES, rel), { withFileTypes: true }).flatMap((entry) => {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return wrappers(r);
    if (!entry.name.endsWith('.astro')) return [];
    const source = readFileSync(join(LOCALE_PAGES, r), 'utf8');
    const pattern = r
      .replace(/\.astro$/, '')
      .replace(/(^|\/)index$/, '')
      .replace(/\[([^\]]+)\]/g, ':$1');
    return [{ pattern, named: /localizedPaths\('([^']+)'/.exec(source)?.[1] }];
  });

/** Page types with no localized route at all: the admin console's shell is served only as /admin. */
const NOT_LOCALIZED: readonly PageTypeId[] = ['adminConsole'];

describe('localized routes follow the page registry', () => {
  test('each [locale]/ wrapper passes its own page type to localizedPaths', () => {
    for (const { pattern, named } of wrappers()) {
      const own = PAGE_TYPE_IDS.find((t) => PAGE_TYPES[t].pattern === pattern);
      expect(named, `src/pages/[locale]/${pattern || 'index'} names no page type, or another one`).toBe(own);
    }
  });

  test('every page type pre-rendered in other locales has its [locale]/ wrapper', () => {
    const patterns = wrappers().map((w) => w.pattern);
    for (const type of PAGE_TYPE_IDS) {
      if (prerendersLocales(type) && !NOT_LOCALIZED.includes(type))
        expect(patterns, `page type ${type} has no [locale]/ wrapper`).toContain(PAGE_TYPES[type].pattern);
    }
  });

  test('English-only sections and pages rendered on request get no localized paths; the others one per locale', () => {
    const english = [{ params: { sid: 'abc' }, props: { n: 1 } }];
    expect(localizedPaths('captureOrder')).toEqual([]);
    expect(localizedPaths('contact')).toEqual([]);
    expect(localizedPaths('space', [{ params: { modelId: 'm' } }])).toEqual([]);
    expect(localizedPaths('relatedCollections', [{ params: { modelId: 'm' } }])).toEqual([]);
    for (const type of ['collection', 'account', 'profile', 'profileCollections', 'tag', 'camera'] as const) expect(localizedPaths(type, english)).toEqual([]);
    const paths = localizedPaths('marketplaceApp', [{ params: { slug: 'abc' }, props: { n: 1 } }]);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths).toContainEqual({ params: { slug: 'abc', locale: 'de' }, props: { n: 1 } });
    expect(paths.every((p) => p.params['locale'] !== 'en')).toBe(true);
  });
});
