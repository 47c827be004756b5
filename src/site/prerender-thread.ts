import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { RouteData } from 'astro';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';

/**
 * One render thread of the build (see ./prerender-threads.ts): imports the build's prerender bundle,
 * sets it up as src/loaders/renderer.ts sets up a kept one (the pages' stylesheets and the injected
 * scripts, which is all this site's pages read of the build's internals), and renders the pages the
 * build's main thread asks for, answering each with its status, headers and bytes. Content comes
 * from the build's data store file, which the bundle reads when it is imported.
 */

/** What the main thread passes to a render thread. */
export interface RenderThreadData {
  /** The prerender bundle's entry module (absolute path). */
  entry: string;
  /** Stylesheets per page, keyed `${route}&${component}` as Astro's internals key them. */
  pages: { key: string; styles: unknown[] }[];
  /** Scripts integrations injected (`settings.scripts`). */
  scripts: unknown[];
}

/** A page to render: the request's URL and its route's key. */
export interface RenderTask {
  id: number;
  url: string;
  route: string;
  component: string;
}

/** A rendered page, or why it failed. */
export type RenderAnswer =
  | { id: number; status: number; statusText: string; headers: [string, string][]; body: ArrayBuffer | null }
  | { id: number; error: { name: string; message: string; stack: string | undefined } };

interface PrerenderApp {
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
  manifest: { routes: { routeData: RouteData }[] };
}

const data = workerData as RenderThreadData;
const { app } = (await import(pathToFileURL(data.entry).href)) as { app: PrerenderApp };
app.setInternals({ pagesByKeys: new Map(data.pages.map((p) => [p.key, { styles: p.styles }])), entrySpecifierToBundleMap: new Map() });
app.setOptions({
  settings: { scripts: data.scripts },
  logger: {
    options: {
      destination: {
        write: (m: { level: string; message: string }) => (m.level === 'error' || m.level === 'warn' ? process.stderr.write(`${m.message}\n`) : true),
      },
    },
  },
});
const routes = new Map(app.manifest.routes.map(({ routeData }) => [`${routeData.route}&${routeData.component}`, routeData]));

async function render(task: RenderTask): Promise<RenderAnswer> {
  const routeData = routes.get(`${task.route}&${task.component}`);
  if (!routeData) throw new Error(`No route ${task.route} (${task.component}) in the prerender bundle.`);
  const response = await app.render(new Request(task.url), { routeData });
  const body = response.body ? await response.arrayBuffer() : null;
  return { id: task.id, status: response.status, statusText: response.statusText, headers: [...response.headers], body };
}

parentPort?.on('message', (task: RenderTask) => {
  render(task).then(
    (answer) => parentPort?.postMessage(answer, 'body' in answer && answer.body ? [answer.body] : []),
    (err: unknown) => {
      const e = err instanceof Error ? err : new Error(String(err));
      parentPort?.postMessage({ id: task.id, error: { name: e.name, message: e.message, stack: e.stack } } satisfies RenderAnswer);
    },
  );
});
parentPort?.postMessage('ready');
// While the main thread lists the pages, each thread reads the data store and every route's pages
// (`getStaticPaths`), which the app keeps: the first pages it is given then render at once. A route
// that fails here fails again when its page is rendered, which reports it with the page.
await new StaticPaths(app as never).getAll().catch(() => undefined);
