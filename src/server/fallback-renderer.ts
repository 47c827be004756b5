import { existsSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FallbackWorkerMessage, type FallbackHostMessage, type FallbackWorkerData } from '../domain/fallback-protocol.ts';
import type { PageMatch } from '../domain/page-types.ts';

/**
 * The server's side of the fallback renderer: a worker thread (src/loaders/fallback-worker.ts)
 * that renders pages the served build does not have yet with the prerender bundle the last full
 * build kept. The worker is started at once and again whenever a full build keeps a new bundle or
 * a publish serves a new build (whose content store the pages' lists read: related spaces, the
 * footer); the previous worker answers until the new one is ready. Its API calls are answered
 * here, in-process, with the cookie of the visitor who asked.
 */

/** Where the bundle and the content store are, and how to reach the API. */
export interface FallbackRendererOptions {
  /** The kept prerender bundle (the publisher's `renderer/`). */
  rendererDir: string;
  /** The served build (its `.publish/data-store.json` is the content the bundle's indexes read). */
  currentDir: string;
  /** The content API, called in-process. */
  apiFetch: (request: Request) => Promise<Response>;
  /** The origin API calls are made for. */
  origin: string;
  /** A render that takes longer answers null (the page is then not found until published). */
  timeoutMs?: number;
  /** How often {@link FallbackRenderer.warm} looks for a new bundle. */
  pollMs?: number;
  log?: (line: string) => void;
}

/** A page to render: the registry's match of its path, and who asks. */
export interface FallbackRenderInput {
  match: PageMatch;
  cookie: string;
  /**
   * Rendered from the content of the build served now, not by a worker still running on the previous
   * build's content store (a page kept as a static file must be as up to date as the build it is
   * written into): null at once while the current build's worker is starting (a publish just
   * replaced the build), so the caller answers without keeping instead of waiting.
   */
  current?: boolean;
}

/** The worker's module: a path, never imported here (the server layer does not import the Astro side). */
const WORKER = join(fileURLToPath(new URL('../..', import.meta.url)), 'src', 'loaders', 'fallback-worker.ts');

interface Running {
  worker: Worker;
  /** The bundle it runs and the served build whose content store it read (renderer.json's modification time, the build's folder). */
  generation: string;
  ready: Promise<void>;
  renders: Map<number, { cookie: string; done: (html: string | null) => void }>;
  /** Replaced by a newer worker: stops once its renders in flight have answered. */
  retiring?: boolean;
}

/**
 * Stops a worker a newer one replaced, once the renders it is doing have answered (a visitor whose
 * page was being rendered when a publish swapped builds gets that page, not a 404).
 */
function retire(state: Running, graceMs: number): void {
  state.retiring = true;
  if (state.renders.size === 0) {
    void state.worker.terminate();
    return;
  }
  setTimeout(() => void state.worker.terminate(), graceMs).unref();
}

/** Starts the fallback renderer; `render` answers a page's HTML, or null when there is none (or no bundle yet). */
export function createFallbackRenderer(opts: FallbackRendererOptions) {
  const log = opts.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  /** The worker answering renders; `starting` the one for a newer build or bundle, which takes over once ready. */
  let running: Running | null = null;
  let starting: Running | null = null;
  let renders = 0;
  let poll: NodeJS.Timeout | undefined;

  /** The bundle and the served build ('' without both): each publish serves a new build with its own content store. */
  const generationOf = (): string => {
    const bundle = statSync(join(opts.rendererDir, 'renderer.json'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    let build: string;
    try {
      build = realpathSync(opts.currentDir);
    } catch {
      return '';
    }
    return bundle && existsSync(join(build, '.publish', 'data-store.json')) ? `${bundle}|${build}` : '';
  };

  function start(generation: string): Running {
    const store = join(generation.slice(generation.indexOf('|') + 1), '.publish', 'data-store.json');
    const data: FallbackWorkerData = { renderer: opts.rendererDir, store };
    // React and Astro pick their production code by NODE_ENV, as in the build.
    const worker = new Worker(WORKER, { workerData: data, env: { ...process.env, NODE_ENV: 'production' }, stderr: false });
    const state: Running = { worker, generation, ready: Promise.resolve(), renders: new Map() };
    state.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (raw: unknown) => {
        const message = FallbackWorkerMessage.parse(raw);
        if (message.kind === 'ready') {
          log(`fallback renderer ready in ${Math.round(message.ms)} ms`);
          resolve();
        } else if (message.kind === 'fetch') {
          const cookie = state.renders.get(message.renderId)?.cookie ?? '';
          void answerFetch(worker, message.fetchId, message.path, cookie);
        } else {
          if (message.error) log(`fallback render failed: ${message.error}`);
          state.renders.get(message.id)?.done(message.html);
          state.renders.delete(message.id);
          if (state.retiring && state.renders.size === 0) void worker.terminate();
        }
      });
      worker.on('error', (error: unknown) => {
        const reason = error instanceof Error ? error : new Error(String(error));
        log(`fallback renderer stopped: ${reason.stack ?? reason.message}`);
        reject(reason);
      });
      worker.on('exit', () => {
        for (const r of state.renders.values()) r.done(null);
        state.renders.clear();
        if (running === state) running = null;
        if (starting === state) starting = null;
        reject(new Error('The fallback renderer exited.'));
      });
    });
    // Awaited by each render; a failed start is logged above and retried by the next render.
    state.ready.catch(() => undefined);
    return state;
  }

  async function answerFetch(worker: Worker, fetchId: number, path: string, cookie: string): Promise<void> {
    let reply: FallbackHostMessage;
    try {
      const res = await opts.apiFetch(new Request(new URL(path, opts.origin), { headers: { cookie, accept: 'application/json' } }));
      reply = { kind: 'fetched', fetchId, status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() };
    } catch (error) {
      reply = { kind: 'fetched', fetchId, status: 503, contentType: 'text/plain', body: error instanceof Error ? error.message : String(error) };
    }
    worker.postMessage(reply);
  }

  /**
   * The worker for the current bundle and served build, started when a full build keeps a new
   * bundle or a publish serves a new build. The previous worker keeps answering (`fresh` false)
   * until the new one is ready, then stops; `fresh` asks for the new one only.
   */
  function current(fresh: boolean): Running | null {
    const generation = generationOf();
    if (!generation) return null;
    if (running?.generation === generation) return running;
    if (starting?.generation !== generation) {
      if (starting) void starting.worker.terminate();
      const state = start(generation);
      starting = state;
      state.ready.then(
        () => {
          if (starting !== state) return;
          const previous = running;
          running = state;
          starting = null;
          if (previous) retire(previous, (opts.timeoutMs ?? 10_000) + 1000);
        },
        () => undefined,
      );
    }
    return fresh || !running ? starting : running;
  }

  /** The worker once ready; a worker that failed to start (its bundle replaced while it loaded) is started once more. */
  async function readyWorker(fresh: boolean): Promise<Running | null> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const state = current(fresh);
      if (!state) return null;
      try {
        await state.ready;
        return state;
      } catch {
        if (running === state) running = null;
        if (starting === state) starting = null;
      }
    }
    return null;
  }

  return {
    /** Starts the worker now and again as soon as a full build keeps a new bundle (checked every few seconds), so no visitor waits for a start. */
    warm(): void {
      current(false);
      poll ??= setInterval(() => current(false), opts.pollMs ?? 5000).unref();
    },
    async render({ match, cookie, current: fresh = false }: FallbackRenderInput): Promise<string | null> {
      const generation = generationOf();
      if (fresh && running?.generation !== generation) {
        current(false);
        return null;
      }
      const state = fresh ? running : await readyWorker(false);
      if (!state) return null;
      const id = ++renders;
      return new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => {
          state.renders.delete(id);
          log(`fallback render of ${match.type} timed out`);
          resolve(null);
        }, opts.timeoutMs ?? 10_000);
        state.renders.set(id, {
          cookie,
          done: (html) => {
            clearTimeout(timer);
            resolve(html);
          },
        });
        const message: FallbackHostMessage = { kind: 'render', id, type: match.type, params: match.params, locale: match.locale };
        state.worker.postMessage(message);
      });
    },
    /** Stops the worker. */
    async close(): Promise<void> {
      if (poll) clearInterval(poll);
      const states = [running, starting];
      running = null;
      starting = null;
      for (const state of states) if (state) await state.worker.terminate();
    },
  };
}

/** @see createFallbackRenderer */
export type FallbackRenderer = ReturnType<typeof createFallbackRenderer>;
