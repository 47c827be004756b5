import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { setUpPrerenderApp, type PrerenderApp, type PrerenderAppData } from './prerender-app.ts';

/**
 * One render thread of the build (see ./prerender-threads.ts): imports the build's prerender bundle,
 * sets it up as src/loaders/renderer.ts sets up a kept one (the pages' stylesheets and the injected
 * scripts, which is all this site's pages read of the build's internals), and renders the pages the
 * build's main thread asks for, answering each with its status, headers and bytes. Content comes
 * from the build's data store file, which the bundle reads when it is imported.
 */

/** What the main thread passes to a render thread: the prerender bundle's entry module (absolute path), and what its app needs. */
export interface RenderThreadData extends PrerenderAppData {
  entry: string;
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

const data = workerData as RenderThreadData;
const { app } = (await import(pathToFileURL(data.entry).href)) as { app: PrerenderApp };
setUpPrerenderApp(app, data, (line) => process.stderr.write(`${line}\n`));
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
