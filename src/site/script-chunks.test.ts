import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rolldown } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
import { siteScriptChunks } from './script-chunks.ts';

const dir = mkdtempSync(join(tmpdir(), 'script-chunks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles the given files (name → source) with the plugin; returns each chunk's code and static imports by file name. */
async function bundle(files: Record<string, string>, entries: string[]) {
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  const plugin = siteScriptChunks(/site-entry\.js$/);
  const build = await rolldown({
    input: Object.fromEntries(entries.map((e) => [e.replace('.js', ''), join(dir, e)])),
    plugins: [{ ...plugin, applyToEnvironment: undefined } as never],
  });
  const { output } = await build.generate({ format: 'es', chunkFileNames: '[name].js', entryFileNames: '[name].js' });
  return Object.fromEntries(
    output.flatMap((o) =>
      o.type === 'chunk' ? [[o.fileName, { code: o.code, imports: o.imports, modules: Object.keys(o.modules).map((m) => m.slice(dir.length + 1)) }]] : [],
    ),
  );
}

describe('the client build’s script chunks', () => {
  it('puts what the site script shares with other entries in one chunk, and every entry imports all its chunks directly', async () => {
    const chunks = await bundle(
      {
        'site-entry.js': `import { a } from './a.js'; import { c } from './c.js'; document.title = a() + c();`,
        'page-entry.js': `import { d } from './d.js'; document.body.dataset.x = d();`,
        'other-entry.js': `import { d } from './d.js'; import { b } from './b.js'; document.body.dataset.y = d() + b();`,
        'a.js': `import { b } from './b.js'; export const a = () => 'a' + b();`,
        'b.js': `import { e } from './e.js'; export const b = () => 'b' + e();`,
        'c.js': `export const c = () => 'c';`,
        'd.js': `import { e } from './e.js'; export const d = () => 'd' + e();`,
        'e.js': `export const e = () => 'e';`,
      },
      ['site-entry.js', 'page-entry.js', 'other-entry.js'],
    );
    // b and e are the site script's and the pages' too: one `site` chunk; d is only the pages' own.
    expect(chunks['site.js']?.modules.sort()).toEqual(['b.js', 'e.js']);
    const shared = Object.keys(chunks).find((f) => chunks[f]?.modules.includes('d.js'));
    expect(shared).not.toBe('page-entry.js');
    // The page entry asks `site` itself, not only through d's chunk (one round trip instead of two).
    expect(chunks[shared ?? '']?.imports).toContain('site.js');
    const page = chunks['page-entry.js'];
    expect(page?.imports.sort()).toEqual([shared, 'site.js'].sort());
    expect(page?.code).toMatch(/import\s*["']\.\/site\.js["'];?\s*$/);
    // The site entry keeps its own modules (a, c) and imports `site` directly.
    expect(chunks['site-entry.js']?.modules.sort()).toEqual(['a.js', 'c.js', 'site-entry.js']);
    expect(chunks['site-entry.js']?.imports).toEqual(['site.js']);
  });
});
