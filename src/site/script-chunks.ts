import { posix } from 'node:path';
import type { Plugin } from 'vite';

/** The module every page of the site runs (src/layouts/SiteScripts.astro's script). */
const SITE_SCRIPT = /[\\/]SiteScripts\.astro\?astro&type=script/;

/**
 * How the browser gets the pages' scripts, in the client build (issue 25: LCP on a slow connection).
 *
 * - **One chunk for what the site's script shares** (`site`): of the modules the site script imports
 *   (statically, all the way down), those other entries use too go into one chunk, loaded on every page
 *   anyway, instead of the many small chunks the bundler makes, one per set of entries sharing them.
 * - **No import chains**: an entry chunk imports every chunk it needs directly (Rollup's
 *   `hoistTransitiveImports`, which Rolldown lacks), so the browser asks them all as soon as the entry
 *   arrives, not one level of imports per round trip. The added imports come last, so modules run in the
 *   same order.
 *
 * Astro writes one `<script type="module">` per component script; on a slow connection each level of a
 * chain costs a round trip, and in Lighthouse's model every script asked before the largest paint adds
 * to it. `siteScript` matches the module id of the site's script (tests give their own).
 */
export function siteScriptChunks(siteScript: RegExp = SITE_SCRIPT): Plugin {
  const imports = new Map<string, readonly string[]>();
  let shared: Set<string> | undefined;
  const inSiteScript = (id: string): boolean => {
    shared ??= staticClosure(
      [...imports.keys()].filter((key) => siteScript.test(key)),
      imports,
    );
    return shared.has(id);
  };
  return {
    name: 'discover-site-script-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
    outputOptions(options) {
      return { ...options, codeSplitting: { groups: [{ name: 'site', test: inSiteScript, minShareCount: 2 }] } };
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const direct = new Set(chunk.imports);
        const missing = [...chunkClosure(chunk.imports, bundle)].filter((file) => !direct.has(file));
        if (missing.length === 0) continue;
        chunk.code += missing.map((file) => `import${JSON.stringify(relativeTo(chunk.fileName, file))};`).join('');
        chunk.imports.push(...missing);
      }
    },
  };
}

/** Every module `roots` import statically, all the way down, the roots included. */
function staticClosure(roots: readonly string[], imports: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>(roots);
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const next of imports.get(id) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** Every chunk the given chunks import statically, all the way down. */
function chunkClosure(files: readonly string[], bundle: Record<string, { type: string; imports?: readonly string[] }>): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(bundle[file]?.imports ?? []));
  }
  return seen;
}

/** The import specifier of bundle file `file` from bundle file `from`. */
function relativeTo(from: string, file: string): string {
  const path = posix.relative(posix.dirname(from), file);
  return path.startsWith('.') ? path : `./${path}`;
}
