import type { ApiErrorBody } from '../domain/api-error.ts';

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
  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ResponseError';
    this.status = status;
    this.body = body;
  }
  /** The field problems of a 400 validation error. */
  get fields(): { path: string; message: string }[] {
    const extra = this.body.extra as { fields?: { path: string; message: string }[] } | undefined;
    return extra?.fields ?? [];
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
}

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** The low-level call every client function uses: JSON in, JSON out, credentials included, errors thrown. */
export function createHttp(config: ClientConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  return async function request<T>(
    method: string,
    path: string,
    options: { query?: Query; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const url = new URL(base + path, base || (typeof location !== 'undefined' ? location.origin : 'http://localhost'));
    for (const [k, v] of Object.entries(options.query ?? {})) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item));
      else url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { Accept: 'application/json', ...config.headers, ...options.headers };
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (options.body !== undefined) {
      if (typeof FormData !== 'undefined' && options.body instanceof FormData) init.body = options.body;
      else {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(options.body);
      }
    }
    const res = await doFetch(base ? url.toString() : url.pathname + url.search, init);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    let data: unknown = undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch (cause) {
      if (res.ok) throw new Error(`The API answered ${method} ${path} with something that is not JSON.`, { cause });
    }
    if (!res.ok) {
      const body = (
        data && typeof data === 'object' && 'code' in data ? data : { code: `HTTP_${res.status}`, message: text || res.statusText, retry: res.status >= 500 }
      ) as ApiErrorBody;
      throw new ResponseError(res.status, body);
    }
    return data as T;
  };
}

/** @see createHttp */
export type Http = ReturnType<typeof createHttp>;
