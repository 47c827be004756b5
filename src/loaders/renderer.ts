import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteData } from 'astro';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import type { RendererManifest } from '../site/build-integration.ts';
import { setUpPrerenderApp, type PrerenderApp } from '../site/prerender-app.ts';

/**
 * Renders single pages of the site outside `astro build`, with the prerender bundle the last full
 * build kept (see `keepRenderer` in src/site/build-integration.ts): the same compiled pages,
 * renderers, stylesheets and island scripts, so a page rendered here is byte for byte the page the
 * build would write. Content comes from the data store file named by DISCOVER_DATA_STORE_FILE,
 * which must be set before {@link openRenderer} (the bundle reads it once, on first use).
 */

/** One page of the site: its path without the base (`/space/abc`), and its route. */
export interface PagePath {
  pathname: string;
  route: RouteData;
}

/** The prerender app's surface this module uses (Astro's `BuildApp`). */
type BuildApp = PrerenderApp;

/** What a rendered page produced: its file in the output folder (`space/abc/index.html`) and bytes. */
export interface RenderedPage {
  file: string;
  body: Buffer;
}

/** Astro's status-code pages are written as `404.html`, not `404/index.html` (build.format 'directory'). */
const STATUS_PAGES = new Set(['/404', '/500']);

/** The output file of a page under build.format 'directory', as Astro names it. */
export function outputFileOf(path: PagePath): string {
  const p = path.pathname.replace(/^\/+|\/+$/g, '');
  if (path.route.type === 'endpoint') return p;
  if (STATUS_PAGES.has(`/${p}`)) return `${p}.html`;
  return p ? `${p}/index.html` : 'index.html';
}

/** The app's manifest, as far as {@link withRoutes} reads it. */
interface AppWithManifest {
  manifest: { routes: { routeData: RouteData }[] };
}

/** The pages of `app`'s routes: Astro's own enumeration (route priority, fallbacks, redirects). */
async function pagesOf(app: BuildApp): Promise<PagePath[]> {
  const all = await new StaticPaths(app as never).getAll();
  return all.filter((p) => p.route.type === 'page').map(({ pathname, route }) => ({ pathname, route }));
}

/**
 * A view of `app` whose manifest lists only the routes `keep` selects. Everything else is the app's
 * own (read with the app as `this`), so the route cache, keyed by the real manifest, is shared.
 */
function withRoutes(app: BuildApp, keep: (route: RouteData) => boolean): BuildApp {
  const real = (app as unknown as AppWithManifest).manifest;
  const manifest = new Proxy(real, {
    get: (target, key): unknown => (key === 'routes' ? target.routes.filter((r) => keep(r.routeData)) : Reflect.get(target, key, target)),
  });
  return new Proxy(app, {
    get: (target, key) => {
      if (key === 'manifest') return manifest;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Opens the kept bundle: loads its app (and through it the data store) and lists every page. */
export async function openRenderer(dir: string, log: (line: string) => void = () => undefined) {
  if (!process.env['DISCOVER_DATA_STORE_FILE']) throw new Error('Set DISCOVER_DATA_STORE_FILE before opening the renderer.');
  const manifest = JSON.parse(readFileSync(join(dir, 'renderer.json'), 'utf8')) as RendererManifest;
  const mod = (await import(pathToFileURL(join(dir, manifest.entry)).href)) as { app: BuildApp };
  const app = mod.app;
  setUpPrerenderApp(app, manifest, log);
  const base = manifest.base.replace(/\/+$/, '');

  return {
    manifest,
    /** Every page the current content has (what `astro build` would generate), in route order. */
    async paths(): Promise<PagePath[]> {
      return pagesOf(app);
    },
    /**
     * The pages of the routes `keep` selects only, so a publish that touches a few pages does not
     * call every route's `getStaticPaths()` (at 10,000 spaces the full list is tens of thousands of
     * pages). The selected routes' lists are cached by the app, so rendering their pages after costs
     * no second call.
     */
    async pathsOf(keep: (route: RouteData) => boolean): Promise<PagePath[]> {
      return pagesOf(withRoutes(app, keep));
    },
    /** Renders one page; `null` when the page answers no body (a redirect the build would skip). */
    async render(path: PagePath): Promise<RenderedPage | null> {
      const rel = path.pathname.replace(/^\/+|\/+$/g, '');
      const url = new URL(`${base}/${rel ? `${rel}/` : ''}`, manifest.origin);
      const response = await app.render(new Request(url), { routeData: path.route });
      if (response.status >= 300 && response.status < 400) return null;
      if (!response.body) return null;
      return { file: outputFileOf(path), body: Buffer.from(await response.arrayBuffer()) };
    },
  };
}

/** @see openRenderer */
export type Renderer = Awaited<ReturnType<typeof openRenderer>>;
