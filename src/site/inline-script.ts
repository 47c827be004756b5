/**
 * The text of the pages' `is:inline` scripts, made small at build time (issue 25: the search page and
 * the home page must fit in the first TCP flight, 14,600 bytes with headers). A script's source is a
 * readable `*.inline.js` file beside its component, imported `?raw`; the component writes
 * `<script is:inline set:html={inlineScript(source, vars)} />`. Only what is safe without a parser
 * is removed: whole-line comments, indentation and blank lines. The CSP hashes are computed from the
 * served HTML (src/server/security-headers.ts), so the text may change freely.
 *
 * Limits (the sources must keep to them; the unit test shows each): no multi-line template literal
 * or string (its inner indentation and `//` lines would be lost); a comment after code on a line
 * stays; a block comment must start a line (`/*`), and its end `*\/` must end one.
 */

/** A script text that could end the `<script>` element early or open an HTML comment in it. */
const UNSAFE_IN_SCRIPT = /<\/script|<!--/i;

/**
 * The script without its whole-line comments (`//`, `/* … *\/`), indentation and blank lines; lines
 * keep their breaks, so automatic semicolon insertion reads the code as written.
 */
export function compactScript(code: string): string {
  if (UNSAFE_IN_SCRIPT.test(code)) throw new Error('An inline script must not contain "</script" or "<!--": write it "<\\/script" or split the string.');
  const kept: string[] = [];
  let inBlock = false;
  for (const raw of code.split(/\r?\n/)) {
    const line = raw.trim();
    if (inBlock) {
      inBlock = !line.endsWith('*/');
      continue;
    }
    if (line.startsWith('/*')) {
      inBlock = !line.endsWith('*/');
      continue;
    }
    if (line === '' || line.startsWith('//')) continue;
    kept.push(line);
  }
  if (inBlock) throw new Error('An inline script has a block comment that never ends a line with "*/".');
  return kept.join('\n');
}

/**
 * The compact text of an inline script and, with `vars`, the shape Astro gives `define:vars`: one
 * IIFE whose first lines declare each value as JSON (`<` written `\u003c`, so no value can close the
 * element), then the script.
 */
export function inlineScript(code: string, vars?: Record<string, unknown>): string {
  const body = compactScript(code);
  if (!vars) return body;
  const consts = Object.entries(vars).map(([name, value]) => {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`An inline script's value needs a JavaScript name, not "${name}".`);
    return `const ${name} = ${(JSON.stringify(value) ?? 'undefined').replace(/</g, '\\u003c')};`;
  });
  return `(function(){\n${consts.join('\n')}\n${body}\n})();`;
}
