import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { localeFromPath, localeInfo, stripLocale } from '../i18n/locales.ts';
import { prefixedLocales } from '../i18n/routes.ts';
import { patchSitemaps, readSitemaps, sitemapIndexOf, splitSitemaps, withKeptLocales, type SitemapLocales } from './sitemap-patch.ts';

/** How the sitemap relates URLs: a page's locale versions share its path without the prefix; each has its locale's hreflang. */
export const SITEMAP_LOCALES: SitemapLocales = {
  groupOf: (url) => stripLocale(new URL(url).pathname),
  langOf: (url) => localeInfo(localeFromPath(new URL(url).pathname)).lang,
};

/** URLs per sitemap file: about 8 MB each with 13 alternates per entry (the protocol allows 50,000 and 50 MB). */
const SITEMAP_FILE_URLS = 5000;

/** The URLs a sitemap file lists. */
const locs = (text: string) => [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

/**
 * Lists in the sitemap the locale versions of the pages pre-rendered in English only and rendered
 * in the other locales on their first request (collections, accounts, spaces, …: no build has
 * them, so @astrojs/sitemap does not know them), with the alternates between every locale version.
 * Runs after the sitemap integration has written its files; an incremental publish keeps them in
 * step (src/loaders/render-worker.ts).
 */
export function keptLocalesSitemap(): AstroIntegration {
  return {
    name: 'discover-sitemap-kept-locales',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const files = readSitemaps(outDir);
        const listed = [...files.values()].flatMap(locs).map((url) => ({ url, indexable: true }));
        const pages = withKeptLocales(
          listed,
          prefixedLocales().map((l) => l.prefix),
        ).slice(listed.length);
        const patched = new Map([...files, ...patchSitemaps(files, pages, SITEMAP_LOCALES)]);
        const split = splitSitemaps(patched, SITEMAP_FILE_URLS);
        for (const name of files.keys()) if (!split.has(name)) rmSync(join(outDir, name), { force: true });
        for (const [name, text] of split) writeFileSync(join(outDir, name), text);
        const indexFile = join(outDir, 'sitemap-index.xml');
        if (existsSync(indexFile)) writeFileSync(indexFile, sitemapIndexOf(readFileSync(indexFile, 'utf8'), [...split.keys()]));
        logger.info(`${pages.length} pages rendered on request listed in the sitemap in their locales (${split.size} sitemap files).`);
      },
    },
  };
}
