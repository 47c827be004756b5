import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hasStaleSiblings, markSiblingsPending, packPending, precompressSite } from './precompress.ts';

const html = (title: string) => `<!doctype html><html><body><h1>${title}</h1>${'<p>A page of the site.</p>'.repeat(60)}</body></html>`;

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'discover-pack-'));
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), body);
  }
  return dir;
}

describe('siblings left pending by a build', () => {
  it('a build marked pending gets the missing and stale siblings, then loses the mark; no temporary file is left', async () => {
    const dir = site({ 'index.html': html('Home'), 'space/a/index.html': html('Loft'), '_astro/app.js': 'export const x = 1;'.repeat(60) });
    try {
      await precompressSite(dir);
      // A page patched after its siblings were written, and a page added without any.
      writeFileSync(join(dir, 'index.html'), html('Home, patched'));
      const past = new Date(Date.now() - 60_000);
      for (const ext of ['.br', '.gz']) utimesSync(join(dir, `index.html${ext}`), past, past);
      writeFileSync(join(dir, 'space/b.html'), html('New'));
      markSiblingsPending(dir);
      expect(hasStaleSiblings(join(dir, 'index.html'))).toBe(true);
      const packed = await packPending(dir);
      expect(packed?.files).toBe(2);
      expect(brotliDecompressSync(readFileSync(join(dir, 'index.html.br'))).toString()).toBe(html('Home, patched'));
      expect(existsSync(join(dir, 'space/b.html.gz'))).toBe(true);
      for (const rel of ['index.html', 'space/a/index.html', 'space/b.html', '_astro/app.js']) expect(hasStaleSiblings(join(dir, rel))).toBe(false);
      expect(existsSync(join(dir, '.publish', 'siblings-pending'))).toBe(false);
      expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.tmp'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a build that is not marked is left as it is', async () => {
    const dir = site({ 'index.html': html('Home') });
    try {
      expect(await packPending(dir)).toBeNull();
      expect(existsSync(join(dir, 'index.html.br'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
