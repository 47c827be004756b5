import { conditional, createHttp, ResponseError, UnreachableError, type Conditional, type Http } from '../client/http.ts';
import type { ApiErrorBody } from '../domain/api-error.ts';

/**
 * The content API as the build sees it: the typed client of `src/client` with the build's settings
 * (build token, concurrency cap, time limit), and its errors turned into the build's own, which
 * name what failed and keep the client's error as `cause`.
 */

/** The API did not answer at all (refused, reset, DNS, timeout). */
export class ContentApiUnreachableError extends Error {
  readonly baseUrl: string;
  constructor(baseUrl: string, options: { cause: unknown }) {
    super(`Content API unreachable at ${baseUrl}: is the server running?`, options);
    this.name = 'ContentApiUnreachableError';
    this.baseUrl = baseUrl;
  }
}

/** The API answered a non-2xx status; `body` is its error body, `cause` the client's {@link ResponseError}. */
export class ContentApiResponseError extends Error {
  readonly url: string;
  readonly status: number;
  readonly body: ApiErrorBody | undefined;
  constructor(url: string, status: number, body: ApiErrorBody | undefined, options?: { cause: unknown }) {
    super(`Content API answered ${status} for ${url}${body ? `: ${body.code}: ${body.message}` : ''}`, options);
    this.name = 'ContentApiResponseError';
    this.url = url;
    this.status = status;
    this.body = body;
  }
}

/** The API answered something the domain schemas reject; `cause` holds the validation error. */
export class ContentApiShapeError extends Error {
  readonly url: string;
  constructor(url: string, detail: string, options: { cause: unknown }) {
    super(`Content API sent an unexpected shape for ${url}: ${detail}`, options);
    this.name = 'ContentApiShapeError';
    this.url = url;
  }
}

/** Options of {@link createApiSource}. */
export interface ApiSourceOptions {
  /** API origin; trailing slashes are stripped. */
  baseUrl: string;
  /** Requests in flight at once; the build should not swamp the API it shares a process with. */
  concurrency?: number;
  /** Per-request timeout. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Build token sent as a bearer token, letting the build list UNLISTED spaces. */
  token?: string;
}

/** The client's errors as the build's typed errors (the original kept as `cause`); others unchanged. */
function buildError(baseUrl: string, error: unknown): unknown {
  if (error instanceof UnreachableError) return new ContentApiUnreachableError(baseUrl, { cause: error });
  if (error instanceof ResponseError) return new ContentApiResponseError(error.request ?? baseUrl, error.status, error.body, { cause: error });
  return error;
}

/** What a build's content sync asked of the API: requests, bytes of the bodies read, and when. */
export interface ContentRequestStats {
  requests: number;
  /** Characters of the response bodies read (JSON, so about bytes). */
  bodyChars: number;
  /** Sum of each request's time from sending to its body read. */
  requestMs: number;
  /** Epoch ms of the first request sent and of the last body read. */
  firstAt: number;
  lastAt: number;
}

/**
 * The process's request figures, shared through `globalThis`: the loaders run in Astro's module
 * runner and the build integration that reports them (src/site/build-integration.ts) in the
 * config's module graph, so a module-level counter would be two counters.
 */
export function contentRequestStats(): ContentRequestStats {
  const slot = globalThis as { [STATS]?: ContentRequestStats };
  return (slot[STATS] ??= { requests: 0, bodyChars: 0, requestMs: 0, firstAt: 0, lastAt: 0 });
}
const STATS = Symbol.for('discover.content-request-stats');

/** `fetch` that counts into {@link contentRequestStats}; the body's text is timed as part of the request. */
function countingFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const stats = contentRequestStats();
    const started = Date.now();
    if (!stats.firstAt) stats.firstAt = started;
    stats.requests++;
    const res = await inner(input, init);
    stats.lastAt = Date.now();
    const text = res.text.bind(res);
    res.text = async () => {
      const body = await text();
      stats.bodyChars += body.length;
      stats.lastAt = Date.now();
      stats.requestMs += stats.lastAt - started;
      return body;
    };
    return res;
  };
}

/** Creates the build's reader of the content API: typed client calls, conditional when asked, under a concurrency cap. */
export function createApiSource(options: ApiSourceOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const http = createHttp({
    baseUrl,
    fetch: countingFetch(options.fetch ?? globalThis.fetch.bind(globalThis)),
    ...(options.token ? { token: options.token } : {}),
    timeoutMs: options.timeoutMs ?? 60_000,
    maxConcurrent: options.concurrency ?? 8,
  });
  const mapErrors = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw buildError(baseUrl, error);
    }
  };
  return {
    baseUrl,
    /** Whether calls carry the build token (so the space list may include UNLISTED spaces). */
    hasBuildToken: Boolean(options.token),
    /** One typed client call (exactly one request), sent with If-None-Match when `etag` is given; a 304 answers `notModified`. */
    conditional: <T>(etag: string | undefined, call: (http: Http) => Promise<T>): Promise<Conditional<T>> => mapErrors(() => conditional(http, etag, call)),
    /** Any typed client calls, unconditionally. */
    read: <T>(call: (http: Http) => Promise<T>): Promise<T> => mapErrors(() => call(http)),
  };
}

/** @see createApiSource */
export type ApiSource = ReturnType<typeof createApiSource>;
