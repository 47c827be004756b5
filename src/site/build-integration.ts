import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { matchPage, pageType } from '../domain/page-types.ts';
import { SITE_BASE } from '../domain/urls.ts';
import { markSiblingsPending, precompressSite } from './precompress.ts';
import { buildEnv, renderThreads } from './build-env.ts';
import { buildMark, buildMarksAsked } from './build-marks.ts';
import { threadedPrerenderer } from './prerender-threads.ts';

/** A Vite plugin marking when each environment's bundle starts and is written (prerender, client). */
const viteMarks = {
  name: 'discover:build-marks',
  buildStart(this: { environment?: { name: string } }) {
    buildMark(`vite ${this.environment?.name ?? '?'} start`);
  },
  writeBundle(this: { environment?: { name: string } }) {
    buildMark(`vite ${this.environment?.name ?? '?'} written`);
  },
};

/** Astro's module of the content store (its `astro:data-layer-content`, resolved). */
const DATA_STORE_MODULE = /^\0astro:data-layer-content$/;

/**
 * The bundles' content store module reads the store file when it is imported (at the start of
 * rendering) instead of carrying the store inlined: Astro makes that module a string literal of
 * the whole store (16 MB at 10,000 spaces), which Rolldown parses and writes into the prerender
 * bundle and Node parses again when rendering starts. The file is the one this build's content
 * sync wrote (Astro's `cacheDir`), unchanged until the build ends (the publisher runs one build
 * or publish at a time); a kept renderer names its own (DISCOVER_DATA_STORE_FILE, see keepRenderer).
 */
function dataStoreFromFile(storeFile: string) {
  const code = `import { readFileSync } from 'node:fs';
export default JSON.parse(readFileSync(process.env.DISCOVER_DATA_STORE_FILE || ${JSON.stringify(storeFile)}, 'utf8'));
`;
  return {
    name: 'discover:data-store-from-file',
    transform: {
      filter: { id: DATA_STORE_MODULE },
      handler: () => {
        buildMark('store module made to read the store file');
        return { code, map: null };
      },
    },
  };
}

/** Marks the start and end of the rendering step around a prerenderer (only when marks are asked for). */
function markedPrerenderer(def: AstroPrerenderer): AstroPrerenderer {
  return {
    ...def,
    setup: async () => {
      buildMark('render start');
      await def.setup?.();
    },
    getStaticPaths: () => def.getStaticPaths(),
    render: (request, options) => def.render(request, options),
    teardown: async () => {
      buildMark('render end');
      await def.teardown?.();
      buildMark('prerenderer torn down');
    },
  };
}

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

/**
 * Whether a built page URL belongs in the sitemap: a page of a type the page registry lists in the
 * sitemap (src/domain/page-types.ts), unless the page itself is marked `noindex`.
 */
export function isIndexable(pageUrl: string): boolean {
  const match = matchPage(new URL(pageUrl).pathname);
  if (match && !pageType(match.type).sitemap) return false;
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

/** What the publisher's render worker needs besides the bundle: see {@link keepRenderer}. */
export interface RendererManifest {
  /** The prerender entry module, relative to the renderer folder. */
  entry: string;
  /** The bundle's data-layer chunk, replaced by one that reads DISCOVER_DATA_STORE_FILE. */
  dataLayerChunk: string;
  /** Stylesheets per page (route and component), as the build computed them. */
  pages: { key: string; styles: unknown[] }[];
  /** Scripts integrations injected (`settings.scripts`). */
  scripts: unknown[];
  /** The build's id (DISCOVER_BUILD_ID), so the publisher pairs a renderer with its build. */
  buildId: string;
  /** The origin pages are rendered for (Astro's `site`) and the base path. */
  origin: string;
  base: string;
}

/** The default prerenderer after its setup, which keeps the loaded prerender app on itself. */
interface LoadedPrerenderer extends AstroPrerenderer {
  app?: {
    getOptions(): {
      origin: string;
      allPages: Record<string, { route: { route: string }; component: string; styles: unknown[] }>;
      settings: { scripts: unknown[]; config: { base: string } };
    };
  };
}

/**
 * The prerender bundle's data store module: reads the store file named by the environment when
 * imported, instead of the copy the build inlined, so the renderer renders current content.
 */
const DATA_LAYER_STUB = `import { readFileSync } from 'node:fs';
const file = process.env.DISCOVER_DATA_STORE_FILE;
if (!file) throw new Error('DISCOVER_DATA_STORE_FILE is not set: the render worker names the data store to render from.');
export default JSON.parse(readFileSync(file, 'utf8'));
`;

/** What a loaded prerender app renders with besides its bundle: see {@link RendererManifest}. */
function appOf(def: LoadedPrerenderer): Pick<RendererManifest, 'pages' | 'scripts' | 'origin' | 'base'> | null {
  const options = def.app?.getOptions();
  if (!options) return null;
  return {
    pages: Object.values(options.allPages).map((p) => ({ key: `${p.route.route}&${p.component}`, styles: p.styles })),
    scripts: options.settings.scripts,
    origin: options.origin,
    base: options.settings.config.base,
  };
}

/** The prerender bundle's entry module in `dir` (`prerender-entry.<hash>.mjs`). */
function prerenderEntry(dir: string): string | undefined {
  return readdirSync(dir).find((f) => /^prerender-entry\..*\.mjs$/.test(f));
}

/**
 * `p` with its pages rendered on `count` threads (./prerender-threads.ts), each loading the bundle
 * `def` (Astro's default prerenderer, which `p` wraps or is) has loaded.
 */
function onThreads(p: AstroPrerenderer, def: AstroPrerenderer, count: number): AstroPrerenderer {
  if (count < 1) return p;
  return threadedPrerenderer(p, count, () => {
    const app = appOf(def);
    const dir = prerenderDir(buildOutDir);
    const entry = prerenderEntry(dir);
    if (!app || !entry) throw new Error(`The prerender bundle in ${dir} has no entry or app: the pages cannot be rendered on threads.`);
    return { entry: join(dir, entry), pages: app.pages, scripts: app.scripts };
  });
}

/**
 * Keeps Astro's prerender bundle of this build in `dir` (the publisher sets DISCOVER_RENDERER_DIR),
 * with what its app needs to render one page outside a build: the stylesheets of each page and the
 * injected scripts. Astro deletes the bundle after generating the pages; the publisher's render
 * worker (src/loaders/render-worker.ts) imports the kept copy and re-renders only the pages a content
 * change affects, through the same app and renderers the build used, so its HTML is the build's.
 * Uses the public prerenderer hook (`setPrerenderer`) around Astro's default prerenderer.
 */
function keepRenderer(dir: string, buildId: string): (defaultPrerenderer: AstroPrerenderer) => AstroPrerenderer {
  return (def) => {
    const loaded = def as LoadedPrerenderer;
    let manifest: Omit<RendererManifest, 'entry' | 'dataLayerChunk'> | null = null;
    return {
      ...def,
      name: 'discover:keep-renderer',
      setup: async () => {
        await def.setup?.();
        const app = appOf(loaded);
        if (!app) return;
        manifest = { ...app, buildId };
      },
      getStaticPaths: () => def.getStaticPaths(),
      render: (request, options) => def.render(request, options),
      teardown: async () => {
        await def.teardown?.();
        if (manifest) copyRenderer(dir, manifest);
      },
    };
  };
}

/** Where Astro puts the prerender bundle: `<outDir>/.prerender/`, or `<cwd>/.astro/.prerender/` for an outDir outside the cwd. */
function prerenderDir(outDir: string): string {
  const inCwd = !relative(process.cwd(), outDir).startsWith('..');
  return join(inCwd ? outDir : join(process.cwd(), '.astro'), '.prerender');
}

let buildOutDir = '';
let projectRoot = process.cwd();

function copyRenderer(dir: string, manifest: Omit<RendererManifest, 'entry' | 'dataLayerChunk'>): void {
  const source = prerenderDir(buildOutDir);
  const entry = prerenderEntry(source);
  const dataLayerChunk = readdirSync(join(source, 'chunks')).find((f) => f.startsWith('_astro_data-layer-content'));
  if (!entry || !dataLayerChunk) throw new Error(`The prerender bundle in ${source} has no entry or data-layer chunk; the renderer is not kept.`);
  const staging = `${dir}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  cpSync(source, staging, { recursive: true });
  writeFileSync(join(staging, 'chunks', dataLayerChunk), DATA_LAYER_STUB);
  // The bundle imports its dependencies by package name: resolve them from the project.
  symlinkSync(join(projectRoot, 'node_modules'), join(staging, 'node_modules'), 'dir');
  writeFileSync(join(staging, 'renderer.json'), JSON.stringify({ ...manifest, entry, dataLayerChunk: `chunks/${dataLayerChunk}` } satisfies RendererManifest));
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

/**
 * Writes the build's page list (`.publish/pages.json`: `[path, file]` pairs, endpoints left out),
 * which the publisher's incremental step compares with the pages the current content has.
 */
function writePageList(outDir: string, pages: readonly { pathname: string }[]): void {
  const list = pages
    .map(({ pathname }) => `/${pathname.replace(/^\/+|\/+$/g, '')}`)
    .filter((p) => !/\.[a-z0-9]+$/i.test(p))
    .map((p) => [p, p === '/' ? 'index.html' : p === '/404' || p === '/500' ? `${p.slice(1)}.html` : `${p.slice(1)}/index.html`]);
  mkdirSync(join(outDir, '.publish'), { recursive: true });
  writeFileSync(join(outDir, '.publish', 'pages.json'), JSON.stringify(list));
}

/**
 * The site's build-done work, in order: record which pages are `noindex` (the sitemap, listed after
 * this integration, leaves them out), then write the brotli and gzip siblings of every page and
 * asset (src/site/precompress.ts), or, for the publisher (DISCOVER_DEFER_PRECOMPRESS), mark the build
 * so the publisher writes them after swapping it in. No search index is built: the search page asks
 * the API (docs/search.md).
 */
export function discoverBuild(): AstroIntegration {
  return {
    name: 'discover-build',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command === 'build') updateConfig({ vite: { plugins: [dataStoreFromFile(fileURLToPath(new URL('data-store.json', config.cacheDir)))] } });
      },
      'astro:config:done': ({ config }) => {
        buildOutDir = fileURLToPath(config.outDir);
        projectRoot = fileURLToPath(config.root);
        buildMark('config done');
      },
      'astro:build:start': ({ setPrerenderer }) => {
        // Content sync is over: what it asked of the API.
        // (src/loaders/api-source.ts contentRequestStats, shared through globalThis: this layer may not import it).
        buildMark('content synced', { requests: (globalThis as Record<symbol, unknown>)[Symbol.for('discover.content-request-stats')] });
        const { DISCOVER_RENDERER_DIR: dir, DISCOVER_BUILD_ID: buildId } = buildEnv();
        const marked = buildMarksAsked() ? markedPrerenderer : (p: AstroPrerenderer) => p;
        const threads = renderThreads();
        setPrerenderer((def) => marked(onThreads(dir ? keepRenderer(resolve(dir), buildId)(def) : def, def, threads)));
      },
      'astro:build:setup': ({ updateConfig }) => {
        if (buildMarksAsked()) updateConfig({ plugins: [viteMarks] });
      },
      'astro:build:generated': () => buildMark('pages generated'),
      'astro:build:done': async ({ dir, pages, logger }) => {
        buildMark('build-done hooks start');
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
        writePageList(outDir, pages);
        buildMark('noindex scan and page list done');
        if (buildEnv().DISCOVER_DEFER_PRECOMPRESS) {
          markSiblingsPending(outDir);
          logger.info('Brotli and gzip siblings left to the publisher (written after the swap).');
          return;
        }
        // Brotli and gzip siblings of every page and asset, which the server sends as they are.
        const zipped = performance.now();
        const packed = await precompressSite(outDir);
        logger.info(
          `Precompressed ${packed.files} files (${(packed.bytes / 1e6).toFixed(1)} MB → ${(packed.brotliBytes / 1e6).toFixed(1)} MB brotli) in ${((performance.now() - zipped) / 1000).toFixed(1)} s.`,
        );
      },
    },
  };
}

/** Marks a point in the build-done hooks (integrations run them in the config's order): `mark` when the integrations before it are done. */
export function buildDoneMark(mark = 'build-done hooks end'): AstroIntegration {
  return { name: `discover-build-marks:${mark}`, hooks: { 'astro:build:done': () => buildMark(mark) } };
}

/** The server renderer of the site's islands (src/site/island-renderer.ts): `@astrojs/react`'s, with its check and the layout's islands kept. */
const ISLAND_RENDERER = fileURLToPath(new URL('./island-renderer.ts', import.meta.url));

/**
 * `@astrojs/react` (its Vite plugins, client renderer and options) with the server renderer swapped
 * for {@link ISLAND_RENDERER}, which renders the same markup at a fraction of the build's cost.
 */
export function withIslandRenderer(react: AstroIntegration): AstroIntegration {
  const setup = react.hooks['astro:config:setup'];
  return {
    ...react,
    hooks: {
      ...react.hooks,
      'astro:config:setup': (params) =>
        setup?.({ ...params, addRenderer: (renderer) => params.addRenderer({ ...renderer, serverEntrypoint: ISLAND_RENDERER }) }),
    },
  };
}
