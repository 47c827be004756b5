// @ts-check
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * ESLint rule `local/no-import-cycles`: no cycle of imports among the files under src/, counting
 * `import type` and dynamic `import()` as well. import-x/no-cycle skips type-only imports by design
 * (it guards against modules evaluated half-initialised), but a type cycle ties modules together just
 * the same: neither can move or be understood without the other (ARCHITECTURE.md: no cycles).
 *
 * The graph is read once per ESLint process from the files on disk (TypeScript's `preProcessFile`,
 * which sees every import, export-from and `import()`), split into strongly connected components;
 * an import is reported when its target sits in the importing file's component, with one cycle it
 * closes.
 */

const SOURCE_EXTENSIONS = /\.(ts|tsx|mts)$/;

/**
 * Every TypeScript source file under a folder.
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE_EXTENSIONS.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * The file a relative specifier names (`./x.ts`, `./x.js` for `./x.ts`, `./x`, `./dir`), or null.
 * @param {string} from
 * @param {string} specifier
 * @returns {string | null}
 */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/**
 * @typedef {{ edges: Map<string, string[]>, component: Map<string, number> }} Analysis
 */

/**
 * The import graph of src/ and each file's strongly connected component (Tarjan).
 * @param {string} root
 * @returns {Analysis}
 */
function analyse(root) {
  /** @type {Map<string, string[]>} */
  const edges = new Map();
  for (const file of sourceFiles(join(root, 'src'))) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = /** @type {string[]} */ (info.importedFiles.map((i) => resolveSpecifier(file, i.fileName)).filter((t) => t !== null));
    edges.set(file, [...new Set(targets)]);
  }
  /** @type {Map<string, number>} */
  const component = new Map();
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  let next = 0;
  let components = 0;
  /** @param {string} v */
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(Number(low.get(v)), Number(low.get(w))));
      } else if (onStack.has(w)) low.set(v, Math.min(Number(low.get(v)), Number(index.get(w))));
    }
    if (low.get(v) === index.get(v)) {
      /** @type {string | undefined} */
      let w;
      do {
        w = /** @type {string} */ (stack.pop());
        onStack.delete(w);
        component.set(w, components);
      } while (w !== v);
      components++;
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return { edges, component };
}

/** @type {Analysis | null} */
let analysis = null;

/**
 * A shortest import path from `from` back to `to` inside their component (breadth first).
 * @param {Analysis} graph
 * @param {string} from
 * @param {string} to
 */
function pathBack(graph, from, to) {
  const { edges, component } = graph;
  /** @type {Map<string, string | null>} */
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const v = /** @type {string} */ (queue.shift());
    if (v === to) break;
    for (const w of edges.get(v) ?? []) {
      if (component.get(w) !== component.get(from) || previous.has(w)) continue;
      previous.set(w, v);
      queue.push(w);
    }
  }
  /** @type {string[]} */
  const path = [];
  /** @type {string | null | undefined} */
  let v = to;
  while (v) {
    path.unshift(v);
    v = previous.get(v);
  }
  return path;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles under src/, type-only imports included' },
    schema: [],
    messages: {
      cycle: 'Import cycle (type-only imports count too): {{cycle}}. Move what both sides need to a module that neither imports (see docs/architecture.md).',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const graph = (analysis ??= analyse(context.cwd));
    const mine = graph.component.get(file);
    if (mine === undefined) return {};
    /**
     * @param {import('estree').Node} node
     * @param {unknown} specifier
     */
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(file, specifier);
      if (!target || target === file || graph.component.get(target) !== mine) return;
      const cycle = [file, ...pathBack(graph, target, file)].map((f) => relative(context.cwd, f)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { cycle } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
