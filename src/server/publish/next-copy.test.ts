import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { PATCH_JOURNAL_PREFIX } from '../../domain/patch-journal.ts';
import { NextCopy } from './next-copy.ts';
import { swapLink } from './site-dirs.ts';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A site folder serving one small build, with its next copy prepared. */
async function site() {
  const root = mkdtempSync(join(tmpdir(), 'discover-next-copy-'));
  roots.push(root);
  const build = join(root, 'builds', 'b1');
  for (let i = 0; i < 20; i++) {
    mkdirSync(join(build, 'space', `s${i}`), { recursive: true });
    writeFileSync(join(build, 'space', `s${i}`, 'index.html'), `<footer>old ${i}</footer>`);
  }
  mkdirSync(join(build, '.publish'));
  writeFileSync(join(build, '.publish', 'footer.json'), '{"regions":{}}');
  writeFileSync(join(build, '.publish', 'pages.json'), '[]');
  swapLink(join(root, 'current'), build);
  const copy = new NextCopy(root, (e) => {
    throw e;
  });
  await copy.prepare();
  return { root, build, next: join(root, 'next'), copy };
}

const inode = (f: string) => statSync(f).ino;

describe('the next copy after a settle given up half-way', () => {
  test('the pages its journal lists are linked back to the served build, its temporary files and journal go, .publish is the served one again', async () => {
    const { build, next, copy } = await site();
    // What a settle stopped mid-way leaves: two pages replaced, one listed but not yet renamed, the footer file removed.
    for (const i of [1, 2]) {
      rmSync(join(next, 'space', `s${i}`, 'index.html'));
      writeFileSync(join(next, 'space', `s${i}`, 'index.html'), `<footer>new ${i}</footer>`);
    }
    writeFileSync(join(next, 'space', 's3', 'index.html.77-0.tmp'), '<footer>new 3');
    writeFileSync(join(next, PATCH_JOURNAL_PREFIX + '77-0'), 'space/s1/index.html\nspace/s2/index.html\nspace/s3/index.html\n');
    rmSync(join(next, '.publish', 'footer.json'));
    writeFileSync(join(next, '.publish', 'siblings-pending'), '');

    expect(await copy.revert()).toBe(true);

    for (let i = 0; i < 20; i++) expect(inode(join(next, 'space', `s${i}`, 'index.html'))).toBe(inode(join(build, 'space', `s${i}`, 'index.html')));
    expect(readFileSync(join(next, 'space', 's1', 'index.html'), 'utf8')).toBe('<footer>old 1</footer>');
    expect(readdirSync(join(next, 'space', 's3'))).toEqual(['index.html']);
    expect(inode(join(next, '.publish', 'footer.json'))).toBe(inode(join(build, '.publish', 'footer.json')));
    expect(readdirSync(join(next, '.publish')).sort()).toEqual(['footer.json', 'pages.json', 'prepared-from']);
    // Still the prepared copy of the served build: the next publish uses it as it is.
    expect(readFileSync(join(next, '.publish', 'prepared-from'), 'utf8')).toBe(build);
  });

  test('a copy without its marker cannot be brought back so (it is dropped instead)', async () => {
    const { next, copy } = await site();
    rmSync(join(next, '.publish', 'prepared-from'));
    expect(await copy.revert()).toBe(false);
    expect(existsSync(next)).toBe(true);
  });
});
