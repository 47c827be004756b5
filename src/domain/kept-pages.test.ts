import { describe, expect, test } from 'vitest';
import { englishFileOf, isKeptCopy, keptCopiesToDrop, keptFileOf } from './kept-pages.ts';
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
    const collection = matchPage('/discover/de/collection/abc/');
    expect(collection && keptFileOf(collection)).toBeNull();
  });

  test('a publish that changes an English space page drops its copies in every locale folder', () => {
    const delta = { files: ['space/abc/index.html', 'space/abc/index.html.br', 'tag/x/index.html', 'de/collection/c/index.html'], dirs: ['space/gone'] };
    expect(keptCopiesToDrop(delta, ['de', 'ja']).sort()).toEqual(['de/space/abc', 'de/space/gone', 'ja/space/abc', 'ja/space/gone']);
    expect(keptCopiesToDrop({ files: ['space/abc/related-collections/index.html'], dirs: [] }, ['fr'])).toEqual(['fr/space/abc/related-collections']);
  });

  test('without a delta every kept section goes', () => {
    expect(keptCopiesToDrop(undefined, ['de', 'fr'])).toEqual(['de/space', 'fr/space']);
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
