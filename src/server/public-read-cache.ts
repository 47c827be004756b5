import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { isSameSiteWrite } from './modules/auth/guards.ts';
import { answerBytes, answerOver } from './answer-bytes.ts';

/** Options of {@link PublicReadCache}. */
export interface PublicReadCacheOptions {
  /** How long an answer is reused, at most (changes made by another process show after this). */
  ttlMs: number;
  /** Most answers kept; the cache starts over when full. */
  maxEntries?: number;
  /** Most bytes of answers kept; the cache starts over when they would pass it. */
  maxBytes?: number;
  /**
   * The site's public origin. Guests' searches (a POST) are cached only when it is given: the API
   * refuses a cross-site POST, so a search is answered from the cache only to a request the API
   * would accept (no Origin or Referer, or this origin or the request's own).
   */
  publicOrigin?: string;
  /** The clock (tests). */
  now?: () => number;
}

/** The guests' search: the one POST whose answer is cached, keyed by its JSON body. */
export const SEARCH_PATH = '/api/content/space/search/';
const CONTENT_PREFIX = '/api/content/';
/** Largest search body used as a key (a real search is well under 1 kB); larger ones are not cached. */
export const MAX_KEYED_BODY_BYTES = 4096;

interface Entry {
  at: number;
  status: number;
  /** The answer's headers as the whole stack made them (lower-case names, in Headers order). */
  headers: [string, string][];
  /** What @hono/node-server writes for them (with the Content-Length it adds), for the fast path. */
  outgoing: Record<string, string>;
  /**
   * What the middleware answers with: `outgoing` when it is the stack's headers as they were (they
   * had Content-Length and Content-Type: every JSON answer), which @hono/node-server writes as it
   * is; else the stack's list, which it completes as it did the first time.
   */
  answerHeaders: Record<string, string> | [string, string][];
  /** A Uint8Array, which @hono/node-server writes in one call (an ArrayBuffer body goes through a stream); null for a HEAD or a 304. */
  body: Uint8Array<ArrayBuffer> | null;
}

type NodeRequest = IncomingMessage & { rawBody?: Buffer };

/**
 * A search body the listener read (and handed on as `rawBody`): the Content-Type it keyed it with
 * and its key ({@link bodyKey}, null when not JSON), so the middleware neither reads nor parses it again.
 */
const listenerKeys = new WeakMap<IncomingMessage, { contentType: string; key: string | null }>();

/** The Node request under a Hono context (@hono/node-server's bindings), when there is one. */
const incomingOf = (env: unknown): IncomingMessage | undefined => (env as { incoming?: IncomingMessage } | undefined)?.incoming;

/** A JSON value as one canonical text (object keys sorted, no spaces): two bodies the API reads alike get one key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const decoder = new TextDecoder();

/** The key part of a search body: its content type and canonical JSON; null when it is not JSON (not cached). */
function bodyKey(contentType: string, bytes: Uint8Array): string | null {
  if (!/^application\/json\b/i.test(contentType)) return null;
  try {
    return `${contentType}\n${canonicalJson(JSON.parse(decoder.decode(bytes)))}`;
  } catch {
    return null;
  }
}

/**
 * Everything a guest's answer depends on: the method, the path and query, the two request headers
 * the stack reads for it (Accept-Encoding picks the compression, If-None-Match the 304) and, for
 * the search, its body.
 */
const keyOf = (method: string, pathAndQuery: string, acceptEncoding: string, ifNoneMatch: string, body: string) =>
  `${method} ${pathAndQuery}\n${acceptEncoding}\n${ifNoneMatch}\n${body}`;

const isSearch = (pathAndQuery: string) => pathAndQuery === SEARCH_PATH || pathAndQuery.startsWith(`${SEARCH_PATH}?`);

/** A declared body length (Content-Length without Transfer-Encoding), else NaN. */
const declaredLength = (contentLength: string | null | undefined, transferEncoding: string | null | undefined) =>
  contentLength != null && transferEncoding == null && /^\d+$/.test(contentLength) ? Number(contentLength) : NaN;

/**
 * A short-lived cache of the answers the whole server gives guests for public content: GET and
 * HEAD /api/content/** and the search POST /api/content/space/search/, without a cookie or an
 * Authorization header, answered 200 (or 304), stored as the final bytes (status, every header the
 * stack set: security headers, Cache-Control, ETag, Content-Type, Content-Encoding, Vary, and the
 * body) under everything the answer depends on ({@link keyOf}). Reused for `ttlMs`, counted from
 * before the answer was read; past half of that, the next request renews it through the stack while
 * the others are still served the cached one, so a busy answer never expires under its readers.
 *
 * Two ways in, one store: {@link middleware}, the first middleware of the server's root app
 * (answers hits, stores misses, waits for an answer being computed instead of computing it again),
 * and {@link listener}, in front of @hono/node-server's request listener, which writes a fresh
 * hit straight to the socket without building a Request or entering Hono; everything else falls
 * through to the app unchanged. Both answer the same bytes (tests/api/public-read-cache-server.test.ts).
 *
 * Correctness: every request that may change content (any method but GET, HEAD and OPTIONS, with a
 * cookie or an Authorization header: changing content needs a session or the build's token)
 * empties the cache once it is answered, as does {@link clear} (main.ts calls it on every content
 * event, including another replica's on PostgreSQL); an answer computed across an emptying is not
 * stored. So this process's own reads never lag its writes, and another process's changes show
 * within `ttlMs`. Signed-in people and the site build are never served from it and their answers
 * never stored; nor is an answer with Set-Cookie or `Cache-Control: private`/`no-store`.
 */
export class PublicReadCache {
  private readonly opts: PublicReadCacheOptions;
  private readonly max: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  /** The public origin when it is one (what Origin would say), else null: only then may the fast path serve a search with an Origin. */
  private readonly origin: string | null;
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Entry | null>>();
  private bytes = 0;
  /** Bumped by every emptying: an answer computed across a write is not stored. */
  private generation = 0;

  constructor(opts: PublicReadCacheOptions) {
    this.opts = opts;
    this.max = opts.maxEntries ?? 5000;
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.now = opts.now ?? (() => performance.now());
    this.origin = opts.publicOrigin && URL.canParse(opts.publicOrigin) && new URL(opts.publicOrigin).origin === opts.publicOrigin ? opts.publicOrigin : null;
  }

  /** Forgets every answer (a content change). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  private fresh(key: string): Entry | null {
    const hit = this.entries.get(key);
    return hit && this.now() - hit.at <= this.opts.ttlMs ? hit : null;
  }

  /**
   * A fresh answer to serve now: null when there is none, or when it is past half its life and
   * nobody is renewing it yet: then this request renews it through the stack while everyone else
   * is still served the fresh one, so busy answers never expire and nobody waits at each expiry.
   */
  private serveable(key: string): Entry | null {
    const hit = this.fresh(key);
    if (hit && this.now() - hit.at > this.opts.ttlMs / 2 && !this.inflight.has(key)) return null;
    return hit;
  }

  private store(key: string, entry: Entry): void {
    const size = (entry.body?.byteLength ?? 0) + key.length;
    if (this.entries.size >= this.max || this.bytes + size > this.maxBytes) {
      this.entries.clear();
      this.bytes = 0;
    }
    this.entries.set(key, entry);
    this.bytes += size;
  }

  /** The Hono middleware: first on the root app, so what it stores is what the server sends. */
  readonly middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    let raw = c.req.raw;
    const guest = !raw.headers.has('cookie') && !raw.headers.has('authorization');
    const url = raw.url;
    const pathAndQuery = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    let body = '';
    if (method === 'POST' && guest && this.origin && isSearch(pathAndQuery) && isSameSiteWrite(raw, this.origin)) {
      // Read at most the declared length, and only a small one: anything else goes on as it came (the body cap answers 413).
      const length = declaredLength(raw.headers.get('content-length'), raw.headers.get('transfer-encoding'));
      if (!(length <= MAX_KEYED_BODY_BYTES)) return next();
      const contentType = raw.headers.get('content-type') ?? '';
      const incoming = incomingOf(c.env);
      const read = incoming && listenerKeys.get(incoming);
      let key: string | null;
      // Keyed by the listener with the Content-Type the stack reads (not when a repeated header joins differently).
      if (read && read.contentType === contentType) key = read.key;
      else {
        if (!raw.body) return next();
        const bytes = new Uint8Array(await raw.arrayBuffer());
        c.req.raw = raw = new Request(raw, { body: bytes });
        key = bodyKey(contentType, bytes);
      }
      if (key === null) return next();
      body = key;
    } else if (method !== 'GET' && method !== 'HEAD') {
      await next();
      // Content changes need a session (or the build's token); a guest's analytics event or anyone's search does not empty the cache.
      if (method !== 'OPTIONS' && !guest && !(method === 'POST' && isSearch(pathAndQuery))) this.clear();
      return;
    } else if (!guest || !pathAndQuery.startsWith(CONTENT_PREFIX)) return next();

    const key = keyOf(method, pathAndQuery, raw.headers.get('accept-encoding') ?? '', raw.headers.get('if-none-match') ?? '', body);
    // The header object the fast path writes: @hono/node-server writes a plain one as it is.
    const answer = (e: Entry) =>
      e.body ? answerOver(e.body, { status: e.status, headers: e.answerHeaders }) : new Response(null, { status: e.status, headers: e.answerHeaders });
    const hit = this.serveable(key);
    if (hit) return answer(hit);
    // Guests asking the same thing while it is being answered wait for that answer (no stampede when an entry expires).
    const waiting = this.inflight.get(key);
    if (waiting) {
      const done = await waiting;
      return done ? answer(done) : next();
    }
    let settle: (entry: Entry | null) => void = () => undefined;
    this.inflight.set(
      key,
      new Promise<Entry | null>((ok) => {
        settle = ok;
      }),
    );
    let stored: Entry | null = null;
    const startedIn = this.generation;
    // The answer's age counts from before it was read: another process's change shows within ttlMs, however long this took.
    const startedAt = this.now();
    try {
      await next();
      const res = c.res;
      if ((res.status !== 200 && res.status !== 304) || res.headers.has('set-cookie') || /no-store|private/i.test(res.headers.get('cache-control') ?? ''))
        return;
      // A HEAD's body is dropped after this (Hono answers HEAD from GET's route), so none is kept.
      const bytes = res.status === 200 && method !== 'HEAD' ? await answerBytes(res) : null;
      const headers = [...res.headers.entries()];
      const outgoing = outgoingHeaders(headers, bytes);
      const answerHeaders = Object.keys(outgoing).length === headers.length ? outgoing : headers;
      const entry: Entry = { at: startedAt, status: res.status, headers, outgoing, answerHeaders, body: bytes };
      // Unset first: assigning over an answer copies it into a streamed one, which @hono/node-server writes differently.
      c.res = undefined;
      c.res = answer(entry);
      if (this.generation !== startedIn) return;
      this.store(key, entry);
      stored = entry;
    } finally {
      this.inflight.delete(key);
      settle(stored);
    }
  };

  /**
   * Wraps @hono/node-server's request listener (pass it as serve()'s `createServer`): a guest's
   * fresh hit is written straight to the socket; every other request goes to `next` unchanged
   * (a search's body, once read here, travels as `rawBody`, which @hono/node-server reads instead
   * of the stream).
   */
  listener(next: (req: IncomingMessage, res: ServerResponse) => unknown): RequestListener {
    return (req: NodeRequest, res: ServerResponse) => {
      const h = req.headers;
      const method = req.method;
      const url = req.url ?? '';
      const pass = () => void next(req, res);
      if (h.cookie !== undefined || h.authorization !== undefined) return pass();
      if (method === 'GET' || method === 'HEAD') {
        if (!url.startsWith(CONTENT_PREFIX)) return pass();
        const hit = this.serveable(keyOf(method, url, h['accept-encoding'] ?? '', h['if-none-match'] ?? '', ''));
        return hit ? write(res, hit, method) : pass();
      }
      const length = declaredLength(h['content-length'], h['transfer-encoding']);
      const sameSite = (h.origin === undefined && h.referer === undefined) || (this.origin !== null && h.origin === this.origin);
      // Read here even when nothing is cached yet: the middleware then takes its key instead of reading it again.
      if (method !== 'POST' || !isSearch(url) || !sameSite || !(length <= MAX_KEYED_BODY_BYTES)) return pass();
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.once('error', () => res.destroy());
      req.once('end', () => {
        const bytes = Buffer.concat(chunks);
        const contentType = h['content-type'] ?? '';
        const key = bodyKey(contentType, bytes);
        const hit = key === null ? null : this.serveable(keyOf(method, url, h['accept-encoding'] ?? '', h['if-none-match'] ?? '', key));
        if (hit) return write(res, hit, method);
        req.rawBody = bytes;
        listenerKeys.set(req, { contentType, key });
        return pass();
      });
    };
  }
}

/** The header object @hono/node-server writes for an answer (its Content-Length included): the fast path writes the same. */
function outgoingHeaders(headers: [string, string][], body: Uint8Array | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of headers) out[k] = v;
  if (body) {
    out['content-type'] ??= 'text/plain; charset=UTF-8';
    if (!('content-length' in out)) out['Content-Length'] = String(body.byteLength);
  }
  return out;
}

function write(res: ServerResponse, hit: Entry, method: string): void {
  res.writeHead(hit.status, hit.outgoing);
  if (hit.body && method !== 'HEAD') res.end(hit.body);
  else res.end();
}

/** The cache as one Hono middleware (an app of its own: createApp's `publicReadCacheMs`). */
export function publicReadCache(opts: PublicReadCacheOptions): MiddlewareHandler {
  return new PublicReadCache(opts).middleware;
}
