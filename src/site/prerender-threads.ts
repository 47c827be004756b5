import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { AstroPrerenderer } from 'astro';
import type { RenderAnswer, RenderTask, RenderThreadData } from './prerender-thread.ts';

/**
 * Pages rendered on worker threads during `astro build`, through Astro's public prerenderer hook.
 *
 * Astro renders every page on its main thread, then writes it; the build keeps `build.concurrency`
 * pages in flight, so while one page's file is written the next is rendered, but on one core. Here
 * each page's render goes to one of `count` threads, each with its own copy of the build's prerender
 * bundle (./prerender-thread.ts), and the main thread is left with Astro's own work: the page list,
 * the file writes, the logs. The pages are the same bytes: the bundle, its renderers and the data
 * store are the build's own; only the thread differs (the build's tests compare the output).
 *
 * Astro's default prerenderer stays in charge of everything but rendering (its setup imports the
 * bundle on the main thread, which the page list needs), and renders a page itself when Astro asks
 * for the page's metadata (its experimental incremental cache, which this site does not use).
 */

/** Where a render thread's code lives (Node runs the TypeScript file as it is). */
const THREAD_FILE = fileURLToPath(new URL('./prerender-thread.ts', import.meta.url));

interface Pending {
  resolve(response: Response): void;
  reject(error: Error): void;
}

/** A running render thread and the pages it has been given. */
interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** False once the thread has stopped: no page is given to it after. */
  alive: boolean;
}

/** A body that is never read as a stream: only its presence is looked at (see {@link PageResponse}). */
const PRESENT = new ReadableStream<Uint8Array<ArrayBuffer>>();

/**
 * A page a thread rendered, holding the bytes it sent. Astro reads a rendered page with
 * `arrayBuffer()` once; a web Response built on the bytes would copy them into a stream and read
 * them back into a new buffer, two copies of every page on the build's main thread, whose heap (the
 * data store, the page list) makes each collection they bring on costly.
 */
class PageResponse extends Response {
  readonly #bytes: ArrayBuffer | null;

  constructor(bytes: ArrayBuffer | null, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#bytes ? PRESENT : null;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes ?? new ArrayBuffer(0));
  }

  override text(): Promise<string> {
    return Promise.resolve(this.#bytes ? new TextDecoder().decode(this.#bytes) : '');
  }
}

/** Starts `count` render threads and resolves once each has imported the bundle. */
async function startThreads(count: number, data: RenderThreadData): Promise<Thread[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Thread>((resolve, reject) => {
          const thread: Thread = { worker: new Worker(THREAD_FILE, { workerData: data }), pending: new Map(), alive: true };
          let ready = false;
          const failAll = (error: Error) => {
            thread.alive = false;
            for (const p of thread.pending.values()) p.reject(error);
            thread.pending.clear();
            reject(error);
          };
          thread.worker.on('message', (answer: RenderAnswer | 'ready') => {
            if (answer === 'ready') {
              ready = true;
              return resolve(thread);
            }
            const p = thread.pending.get(answer.id);
            if (!p) return;
            thread.pending.delete(answer.id);
            if ('error' in answer) return p.reject(Object.assign(new Error(answer.error.message), answer.error));
            p.resolve(new PageResponse(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers }));
          });
          thread.worker.on('error', failAll);
          thread.worker.on('exit', (code) => {
            thread.alive = false;
            if (!ready || thread.pending.size) failAll(new Error(`A render thread stopped (exit code ${code}) with ${thread.pending.size} pages in flight.`));
          });
        }),
    ),
  );
}

/**
 * `def` with its renders spread over `count` threads. `dataOf` is called after `def`'s setup and
 * names the bundle and what its app needs (see {@link RenderThreadData}).
 */
export function threadedPrerenderer(def: AstroPrerenderer, count: number, dataOf: () => RenderThreadData): AstroPrerenderer {
  let threads: Thread[] = [];
  let next = 0;
  return {
    ...def,
    name: 'discover:render-threads',
    setup: async () => {
      await def.setup?.();
      threads = await startThreads(count, dataOf());
    },
    getStaticPaths: () => def.getStaticPaths(),
    render: (request, options) => {
      if (options.collectMetadata || !threads.length) return def.render(request, options);
      // The running thread with the fewest pages in flight (ties in turn).
      const live = threads.filter((t) => t.alive);
      if (!live.length) return Promise.reject(new Error('Every render thread has stopped.'));
      let thread = live[next++ % live.length] as Thread;
      for (const t of live) if (t.pending.size < thread.pending.size) thread = t;
      const id = next;
      const { route, component } = options.routeData;
      return new Promise<Response>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage({ id, url: request.url, route, component } satisfies RenderTask);
      });
    },
    teardown: async () => {
      const stopping = threads;
      threads = [];
      await Promise.all(stopping.map((t) => t.worker.terminate()));
      await def.teardown?.();
    },
  };
}
