import { ApiErrorBody } from '../domain/api-error.ts';

/**
 * The content API as the build sees it. It sits beside the typed client in `src/client` rather
 * than on it because a loader needs what the client hides on purpose: response ETags and
 * 304 Not Modified answers to conditional requests.
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

/** The API answered a non-2xx status; `body` is its error body when it sent one. */
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

/** A fresh answer, or a 304 meaning the copy behind the sent ETag is still current. */
export type Fetched<T> = { notModified: false; data: T; etag: string | undefined } | { notModified: true };

type Query = Record<string, string | number | boolean | undefined>;

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

/** Where the build reads content from: DISCOVER_API_URL, defaulting to the local one-command server. */
export const defaultApiUrl = (): string => (process.env['DISCOVER_API_URL'] ?? 'http://127.0.0.1:4321').replace(/\/+$/, '');

/** Creates the build's reader of the content API: JSON GET/POST with conditional requests and a concurrency cap. */
export function createApiSource(options: ApiSourceOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const max = options.concurrency ?? 8;
  let active = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
  };
  const release = () => {
    active--;
    waiting.shift()?.();
  };

  const urlOf = (path: string, query: Query = {}) => {
    const url = new URL(baseUrl + path);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  };

  async function send<T>(method: 'GET' | 'POST', path: string, query: Query | undefined, body: unknown, etag: string | undefined): Promise<Fetched<T>> {
    const url = urlOf(path, query);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (etag) headers['If-None-Match'] = etag;
    if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    await acquire();
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = res.status === 304 ? '' : await res.text();
    } catch (cause) {
      throw new ContentApiUnreachableError(baseUrl, { cause });
    } finally {
      release();
    }
    if (res.status === 304) return { notModified: true };
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch (cause) {
      if (res.ok) throw new ContentApiShapeError(url, 'the body is not JSON', { cause });
    }
    if (!res.ok) {
      const parsed = ApiErrorBody.safeParse(data);
      throw new ContentApiResponseError(url, res.status, parsed.success ? parsed.data : undefined);
    }
    return { notModified: false, data: data as T, etag: res.headers.get('etag') ?? undefined };
  }

  return {
    baseUrl,
    url: urlOf,
    /** GET with an optional stored ETag; answers `notModified` on 304. */
    get: <T = unknown>(path: string, query?: Query, etag?: string) => send<T>('GET', path, query, undefined, etag),
    /** POST a JSON body. */
    post: async <T = unknown>(path: string, body: unknown, query?: Query): Promise<T> => {
      const r = await send<T>('POST', path, query, body, undefined);
      if (r.notModified) throw new Error('unreachable: a POST without If-None-Match answered 304');
      return r.data;
    },
  };
}

/** @see createApiSource */
export type ApiSource = ReturnType<typeof createApiSource>;
