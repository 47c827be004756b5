import type { ApiErrorBody } from '../domain/api-error.ts';
import type { ApiCall, ApiInit, ApiPath, Method } from './api-contract.ts';

/** Raised before a call when a required path or query parameter is missing (spec 8). */
export class RequiredError extends Error {
  readonly field: string;
  constructor(field: string, operation: string) {
    super(`Required parameter requestParameters.${field} was null or undefined when calling ${operation}.`);
    this.name = 'RequiredError';
    this.field = field;
  }
}

/** A non-2xx answer: carries the API's error body (spec 8). A 400 also exposes its field list. */
export class ResponseError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /** The call that failed, e.g. `GET /api/content/space/x/`. */
  readonly request: string | undefined;
  constructor(status: number, body: ApiErrorBody, request?: string) {
    super(body.message);
    this.name = 'ResponseError';
    this.status = status;
    this.body = body;
    this.request = request;
  }
  /** The field problems of a 400 validation error. */
  get fields(): { path: string; message: string }[] {
    const extra = this.body.extra as { fields?: { path: string; message: string }[] } | undefined;
    return extra?.fields ?? [];
  }
}

/**
 * The API did not answer at all: connection refused or reset, unknown host, the time limit. `cause`
 * is the error fetch threw, and the message keeps its text (e.g. "Failed to fetch").
 */
export class UnreachableError extends Error {
  /** The call that failed, e.g. `GET http://127.0.0.1:4321/api/content/space/`. */
  readonly request: string;
  constructor(request: string, options: { cause: unknown }) {
    const why = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(`The API could not be reached for ${request}: ${why}`, options);
    this.name = 'UnreachableError';
    this.request = request;
  }
}

/** Throws the spec's required-parameter error for each missing value. */
export function requireParams(operation: string, params: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) throw new RequiredError(name, operation);
  }
}

/** Where the client sends calls and how. */
export interface ClientConfig {
  /** API origin, e.g. http://127.0.0.1:4321; '' for same-origin calls from the browser. Trailing slashes are stripped. */
  baseUrl: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>`: the site build's token, which lets it list UNLISTED spaces. */
  token?: string;
  /** Gives up on a call (an {@link UnreachableError}) after this many milliseconds; no limit by default. */
  timeoutMs?: number;
  /** Calls in flight at once, answers read included; unlimited by default. The site build caps them. */
  maxConcurrent?: number;
}

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** One call's state when it is made conditional by {@link conditional}. */
interface Revalidation {
  /** Sent as If-None-Match. */
  etag: string | undefined;
  /** The ETag the answer carried. */
  received?: string | undefined;
}

/** Options of one call. */
export interface RequestOptions {
  /** Values of the path's `{name}` segments, each URL-encoded. */
  params?: Record<string, string | number>;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /** Lets the call outlive the page (analytics sent on `pagehide`). */
  keepalive?: boolean;
  /** Set by {@link conditional}. */
  revalidate?: Revalidation;
}

/** A 304 answer to a conditional call; {@link conditional} turns it into `{ notModified: true }`. */
class NotModified extends Error {
  constructor() {
    super('304 Not Modified');
    this.name = 'NotModified';
  }
}

/** Counts calls in flight; `run` waits for a free slot. */
function limiter(max: number | undefined) {
  if (!max) return <T>(fn: () => Promise<T>) => fn();
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** The path with its `{name}` segments filled in (URL-encoded); a missing value is the spec's required-parameter error. */
function fillPath(method: string, template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new RequiredError(name, `${method} ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** The untyped call under {@link Http}: the path filled in, JSON in, JSON out. */
type Send = (method: string, path: string, options?: RequestOptions) => Promise<unknown>;

/**
 * The call every client function uses, typed by the OpenAPI document (src/client/api-types.ts): the
 * path is a route of the document for that method, `params`, `query` and `body` have the route's
 * types, and the answer is the route's success body. JSON in, JSON out, credentials included,
 * errors thrown.
 */
export type Http = <M extends Method, P extends ApiPath<M>>(method: M, path: P, ...options: ApiCall<M, P>) => Promise<ApiInit<M, P>['answer']>;

/** The low-level transport: see {@link Http}. */
export function createHttp(config: ClientConfig): Http {
  // The one place the untyped transport meets the document's types: it sends what the types allowed.
  return createSend(config) as Http;
}

function createSend(config: ClientConfig): Send {
  const base = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  const limit = limiter(config.maxConcurrent);
  return async function request(method: string, template: string, options: RequestOptions = {}): Promise<unknown> {
    const path = fillPath(method, template, options.params);
    const url = new URL(base + path, base || (typeof location !== 'undefined' ? location.origin : 'http://localhost'));
    for (const [k, v] of Object.entries(options.query ?? {})) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item));
      else url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { Accept: 'application/json', ...config.headers, ...options.headers };
    if (config.token) headers['Authorization'] = `Bearer ${config.token}`;
    if (options.revalidate?.etag) headers['If-None-Match'] = options.revalidate.etag;
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (options.keepalive) init.keepalive = true;
    if (config.timeoutMs) init.signal = AbortSignal.timeout(config.timeoutMs);
    if (options.body !== undefined) {
      if (typeof FormData !== 'undefined' && options.body instanceof FormData) init.body = options.body;
      else {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(options.body);
      }
    }
    const target = base ? url.toString() : url.pathname + url.search;
    const { res, text } = await limit(async () => {
      try {
        const res = await doFetch(target, init);
        return { res, text: res.status === 204 || res.status === 304 ? '' : await res.text() };
      } catch (cause) {
        throw new UnreachableError(`${method} ${target}`, { cause });
      }
    });
    if (res.status === 304 && options.revalidate) throw new NotModified();
    if (options.revalidate) options.revalidate.received = res.headers.get('etag') ?? undefined;
    if (res.status === 204) return undefined;
    let data: unknown = undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch (cause) {
      if (res.ok) throw new Error(`The API answered ${method} ${path} with something that is not JSON.`, { cause });
    }
    if (!res.ok) {
      const body = (
        data && typeof data === 'object' && 'code' in data
          ? data
          : { code: `HTTP_${res.status}`, message: text || res.statusText, extra: null, retry: res.status >= 500 }
      ) as ApiErrorBody;
      throw new ResponseError(res.status, body, `${method} ${target}`);
    }
    return data;
  };
}

/** A fresh answer with its ETag, or `notModified` when the copy behind the ETag sent is still current. */
export type Conditional<T> = { notModified: false; data: T; etag: string | undefined } | { notModified: true };

/**
 * Makes one typed client call a conditional request: it sends `If-None-Match: etag` (when there is
 * one) and answers `{ notModified: true }` on a 304, or the data with the answer's ETag. `call`
 * must make exactly one request, e.g. `(h) => listSpaces(h, { offset: 0 })`.
 */
export async function conditional<T>(http: Http, etag: string | undefined, call: (http: Http) => Promise<T>): Promise<Conditional<T>> {
  const revalidate: Revalidation = { etag };
  const send = http as unknown as Send;
  const scoped = ((method: string, path: string, options: RequestOptions = {}) => send(method, path, { ...options, revalidate })) as Http;
  try {
    const data = await call(scoped);
    return { notModified: false, data, etag: revalidate.received };
  } catch (error) {
    if (error instanceof NotModified) return { notModified: true };
    throw error;
  }
}
