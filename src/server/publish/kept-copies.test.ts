import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { dropKeptCopies } from './kept-copies.ts';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function build(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'discover-kept-'));
  roots.push(dir);
  for (const f of files) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), f);
  }
  return dir;
}

describe('kept copies dropped after a publish', () => {
  test('only the copies that exist of the pages the delta changed go, nested pages included; the English pages stay', () => {
    const dir = build([
      'space/A/index.html',
      'space/B/index.html',
      'de/space/A/index.html',
      'de/space/A/related-collections/index.html',
      'fr/space/B/related-collections/index.html',
    ]);
    const files = ['space/A/index.html', 'space/C/index.html', 'space/B/related-collections/index.html'];
    expect(dropKeptCopies(dir, { files, dirs: [] })).toBe(2);
    expect(existsSync(join(dir, 'de/space/A'))).toBe(false);
    expect(existsSync(join(dir, 'fr/space/B/related-collections'))).toBe(false);
    expect(existsSync(join(dir, 'de/space/A'))).toBe(false);
    expect(existsSync(join(dir, 'space/A/index.html'))).toBe(true);
  });

  test('a delta naming every page (a banner change) where no locale has a copy removes nothing', () => {
    const pages = Array.from({ length: 20_000 }, (_, i) => `space/s${i}/index.html`);
    const dir = build(['space/s1/index.html', 'de/index.html', 'ja/index.html']);
    expect(dropKeptCopies(dir, { files: pages, dirs: [] })).toBe(0);
    expect(existsSync(join(dir, 'de/index.html'))).toBe(true);
  });
});
