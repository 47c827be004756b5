import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { SITE_BASE } from '../domain/urls.ts';

/** Pages whose HTML asks robots not to index them (unlisted spaces, shells, the showcase player). */
const noindexPaths = new Set<string>();
/** Set once the build-done hook has scanned the output; before that every page counts as indexable. */
let scanned = false;

/** Normalises a site path to the form the sets hold: no base, no leading or trailing slash. */
function key(pathname: string, base: string): string {
  let p = decodeURI(pathname);
  if (base !== '/' && p.startsWith(base)) p = p.slice(base.length);
  return p.replace(/^\/+|\/+$/g, '').replace(/\/index\.html$|^index\.html$/, '');
}

/** Whether a built page URL belongs in the sitemap: every page except those marked `noindex`. */
export function isIndexable(pageUrl: string): boolean {
  if (!scanned) return true;
  return !noindexPaths.has(key(new URL(pageUrl).pathname, SITE_BASE));
}

/** How many bytes of a page's start to read: the robots meta sits right after charset and viewport. */
const HEAD_BYTES = 2048;
const NOINDEX_RE = /<meta\s+name="?robots"?\s+content="?[^">]*noindex/i;

async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Runs `fn` over items with at most `limit` in flight. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

/** Indexes the space pages of the build with pagefind's Node API into `<outDir>/pagefind`. */
export async function runPagefind(outDir: string): Promise<{ pages: number }> {
  try {
    const pagefind = await import('pagefind');
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(errors.join('\n') || 'pagefind returned no index');
    // Only space pages carry data-pagefind-body; globbing them keeps the indexer off thousands of other pages.
    const added = await index.addDirectory({ path: outDir, glob: 'space/*/index.html' });
    if (added.errors.length) throw new Error(added.errors.join('\n'));
    const written = await index.writeFiles({ outputPath: `${outDir.replace(/\/+$/, '')}/pagefind` });
    if (written.errors.length) throw new Error(written.errors.join('\n'));
    await pagefind.close();
    return { pages: added.page_count };
  } catch (cause) {
    throw new Error('Failed to run Pagefind.', { cause });
  }
}

/**
 * The site's build-done work, in order: record which pages are `noindex` (the sitemap, listed after
 * this integration, leaves them out), then index the space pages with pagefind.
 */
export function discoverBuild(): AstroIntegration {
  return {
    name: 'discover-build',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const outDir = fileURLToPath(dir);
        noindexPaths.clear();
        await eachLimited(pages, 32, async ({ pathname }) => {
          const rel = pathname.replace(/^\/+/, '');
          const file = rel === '404/' || rel === '404' ? `${outDir}404.html` : `${outDir}${rel}${rel.endsWith('/') || rel === '' ? '' : '/'}index.html`;
          try {
            if (NOINDEX_RE.test(await readHead(file))) noindexPaths.add(key(pathname, SITE_BASE));
          } catch {
            // Not an HTML page of ours (an endpoint or redirect): leave it to the sitemap's own rules.
          }
        });
        scanned = true;
        logger.info(`${noindexPaths.size} noindex pages kept out of the sitemap.`);
        const started = performance.now();
        const { pages: indexed } = await runPagefind(outDir);
        logger.info(`Pagefind indexed ${indexed} space pages in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
      },
    },
  };
}
