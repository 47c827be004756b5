import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Script, createContext, runInContext } from 'node:vm';
import { expect, test } from 'vitest';
import { compactScript, inlineScript } from './inline-script.ts';

const SOURCE = `/* global total */
// A comment on its own line goes.
(() => {
  /*
   * So does a block.
   */
  const parts = ['a', 'b'];

  // The next line keeps its own comment.
  const url = 'https://example.com/a'; // after code: kept
  out.push(parts.join('/') + url + total);
})();
`;

/** Runs a script with an `out` array (and the given values as globals) and returns what it pushed. */
function run(code: string, globals: Record<string, unknown> = {}): unknown[] {
  const out: unknown[] = [];
  runInContext(code, createContext({ out, ...globals }));
  return out;
}

test('a compacted script does what its source does, without whole-line comments, indentation or blank lines', () => {
  const compact = compactScript(SOURCE);
  expect(run(compact, { total: 3 })).toEqual(run(SOURCE, { total: 3 }));
  expect(compact).toBe(
    [
      '(() => {',
      "const parts = ['a', 'b'];",
      "const url = 'https://example.com/a'; // after code: kept",
      "out.push(parts.join('/') + url + total);",
      '})();',
    ].join('\n'),
  );
});

test('values are declared as JSON inside one function, as define:vars does, and cannot close the script element', () => {
  const code = inlineScript(SOURCE, { total: '</script><b>' });
  expect(code).not.toContain('</script');
  expect(code.startsWith('(function(){\nconst total = ')).toBe(true);
  expect(run(code)).toEqual(['a/bhttps://example.com/a</script><b>']);
  expect(() => inlineScript('x', { 'not-a-name': 1 })).toThrow(/JavaScript name/);
});

test('its limits: a multi-line template literal loses its indentation, a comment that ends mid-line is refused', () => {
  expect(run(compactScript('out.push(`a\n  b`);'))).toEqual(['a\nb']);
  expect(() => compactScript('/* open\nx = 1; */ y = 2;')).toThrow(/never ends a line/);
  expect(() => compactScript("const s = '</script>';")).toThrow(/<\/script/);
});

/** Every `*.inline.js` under src/, the sources the pages' inline scripts are made from. */
function inlineSources(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return inlineSources(path);
    return e.name.endsWith('.inline.js') ? [path] : [];
  });
}

test('every inline script source keeps to those limits and still parses once compacted', () => {
  const files = inlineSources();
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    // An odd number of backticks on a line: a template literal spans lines.
    const spanning = code.split('\n').filter((line) => (line.match(/`/g) ?? []).length % 2 === 1);
    expect(spanning, file).toEqual([]);
    expect(() => new Script(compactScript(code), { filename: file }), file).not.toThrow();
  }
});
