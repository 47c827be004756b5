import { describe, expect, test } from 'vitest';
import { englishFileOf, hasKeptCopies, isKeptCopy, keptCopiesToDrop, keptFileOf } from './kept-pages.ts';
import { matchPage } from './page-types.ts';

describe('kept pages', () => {
  test('a space page in another locale is kept under its locale; English pages and other types are not', () => {
    const de = matchPage('/discover/de/space/abc/');
    expect(de && keptFileOf(de)).toBe('de/space/abc/index.html');
    expect(de && englishFileOf(de)).toBe('space/abc/index.html');
    const related = matchPage('/discover/ja/space/abc/related-collections/');
    expect(related && keptFileOf(related)).toBe('ja/space/abc/related-collections/index.html');
    const english = matchPage('/discover/space/abc/');
    expect(english && keptFileOf(english)).toBeNull();
    const search = matchPage('/discover/de/search/');
    expect(search && keptFileOf(search)).toBeNull();
  });

  test.each([
    ['/discover/de/collection/c1/', 'de/collection/c1/index.html', 'collection/c1/index.html'],
    ['/discover/fr/account/a1/', 'fr/account/a1/index.html', 'account/a1/index.html'],
    ['/discover/ja/profile/u1/', 'ja/profile/u1/index.html', 'profile/u1/index.html'],
    ['/discover/ja/profile/u1/collections/', 'ja/profile/u1/collections/index.html', 'profile/u1/collections/index.html'],
    ['/discover/zh-cn/tag/kitchen/', 'zh-cn/tag/kitchen/index.html', 'tag/kitchen/index.html'],
    ['/discover/de/camera/matterport-pro3/', 'de/camera/matterport-pro3/index.html', 'camera/matterport-pro3/index.html'],
  ])('%s is rendered on request and kept as %s, made from %s', (path, kept, english) => {
    const match = matchPage(path);
    expect(match && keptFileOf(match)).toBe(kept);
    expect(match && englishFileOf(match)).toBe(english);
  });

  test("a private profile's stand-in is a page of its own in every locale, never a kept copy", () => {
    const stand = matchPage('/discover/de/profile/private/');
    expect(stand && keptFileOf(stand)).toBeNull();
    expect(isKeptCopy('de/profile/private/index.html')).toBe(false);
  });

  test('a publish that changes an English space page drops its copies in every locale folder', () => {
    const delta = { files: ['space/abc/index.html', 'space/abc/index.html.br', 'search/index.html', 'de/space/c/index.html'], dirs: ['space/gone'] };
    expect(keptCopiesToDrop(delta, ['de', 'ja']).sort()).toEqual(['de/space/abc', 'de/space/gone', 'ja/space/abc', 'ja/space/gone']);
    expect(keptCopiesToDrop({ files: ['space/abc/related-collections/index.html'], dirs: [] }, ['fr'])).toEqual(['fr/space/abc/related-collections']);
  });

  test('a publish that changes an English collection, account, profile, tag or camera page drops its kept copies', () => {
    const delta = {
      files: ['collection/c1/index.html', 'account/a1/index.html.br', 'profile/u1/collections/index.html', 'tag/kitchen/index.html', 'camera/x/index.html'],
      dirs: ['profile/gone'],
    };
    expect(keptCopiesToDrop(delta, ['de']).sort()).toEqual([
      'de/account/a1',
      'de/camera/x',
      'de/collection/c1',
      'de/profile/gone',
      'de/profile/u1/collections',
      'de/tag/kitchen',
    ]);
    expect(keptCopiesToDrop({ files: ['de/collection/c1/index.html', 'search/index.html'], dirs: [] }, ['de'])).toEqual([]);
  });

  test('without a delta every kept copy goes, but not the pages a build has in a kept section', () => {
    const folders: Record<string, string[]> = { 'de/space': ['abc'], 'de/profile': ['private', 'u1'], 'fr/tag': ['kitchen'] };
    expect(keptCopiesToDrop(undefined, ['de', 'fr'], (dir) => folders[dir] ?? []).sort()).toEqual(['de/profile/u1', 'de/space/abc', 'fr/tag/kitchen']);
  });

  test('an English page of a kept type is known as one with kept copies', () => {
    expect(hasKeptCopies('/collection/c1')).toBe(true);
    expect(hasKeptCopies('/profile/u1/collections')).toBe(true);
    expect(hasKeptCopies('/tag/kitchen/')).toBe(true);
    expect(hasKeptCopies('/de/collection/c1')).toBe(false);
    expect(hasKeptCopies('/profile/private')).toBe(false);
    expect(hasKeptCopies('/search')).toBe(false);
    expect(hasKeptCopies('/')).toBe(false);
  });

  test('a kept copy is known by its file, so no manifest seals it', () => {
    expect(isKeptCopy('de/space/abc123/index.html')).toBe(true);
    expect(isKeptCopy('de/space/abc123/index.html.br')).toBe(true);
    expect(isKeptCopy('space/abc123/index.html')).toBe(false);
    expect(isKeptCopy('de/index.html')).toBe(false);
    expect(isKeptCopy('de/search/index.html')).toBe(false);
    expect(isKeptCopy('_astro/space.abc.js')).toBe(false);
  });
});
