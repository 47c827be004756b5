// @ts-check
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { buildDoneMark, discoverBuild, isIndexable, withIslandRenderer } from './src/site/build-integration.ts';
import { keptLocalesSitemap } from './src/loaders/sitemap-kept-locales.ts';
import { LOCALES } from './src/i18n/locales.ts';
import { SITE_BASE } from './src/domain/urls.ts';
import { buildEnv, renderThreads } from './src/site/build-env.ts';
import { siteScriptChunks } from './src/site/script-chunks.ts';

const env = buildEnv();

export default defineConfig({
  site: env.PUBLIC_ORIGIN,
  base: SITE_BASE,
  output: 'static',
  // Each publisher keeps its own content store and incremental-build cache (DATA_DIR/site/cache),
  // so two publishers on one checkout (or a CI job restoring it) never share one.
  ...(env.ASTRO_CACHE_DIR ? { cacheDir: env.ASTRO_CACHE_DIR } : {}),
  trailingSlash: 'ignore',
  // Pages in flight: a page's file write overlaps the next pages' rendering (the build's main
  // thread was idle a third of the time; 10,000 spaces: rendering 30.4 -> 24.7 s with four). With
  // render threads (src/site/prerender-threads.ts), four per thread, so none waits for the main thread.
  build: { format: 'directory', concurrency: Math.max(4, 4 * renderThreads()) },
  // The pages are many and small: inline the one stylesheet so a page is one request.
  // (Astro inlines stylesheets below this size; global.css stays under it.)
  compressHTML: true,
  integrations: [
    // React islands; their server render keeps what repeats from page to page (src/site/island-renderer.ts).
    withIslandRenderer(react()),
    // `client:interaction`: islands that hydrate on first use (the header search box).
    {
      name: 'discover-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./src/shared/site/interaction-directive.ts', import.meta.url)) });
          // `client:deferred`: islands that hydrate on an event (scroll, 'Cookie settings') or at idle until a cookie is set.
          addClientDirective({ name: 'deferred', entrypoint: fileURLToPath(new URL('./src/shared/site/deferred-directive.ts', import.meta.url)) });
        },
      },
    },
    // Must run before the sitemap: it records which built pages carry `noindex`.
    discoverBuild(),
    sitemap({
      filter: (page) => isIndexable(page),
      // Alternate-language links between a page and its locale-prefixed versions (English at the root).
      i18n: { defaultLocale: 'en', locales: Object.fromEntries(LOCALES.map((l) => [l.prefix || 'en', l.lang])) },
    }),
    buildDoneMark('sitemap written'),
    // After the sitemap: adds the locale versions of the pages rendered on request.
    keptLocalesSitemap(),
    // Last: the end of the build-done hooks, for bench:build's breakdown (DISCOVER_BUILD_MARKS).
    buildDoneMark(),
  ],
  devToolbar: { enabled: false },
  // The pages' scripts in few chunks and without import chains (src/site/script-chunks.ts).
  vite: { plugins: [siteScriptChunks()] },
});
