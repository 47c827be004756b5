import type { MiddlewareHandler } from 'hono';

/** Options of {@link publicReadCache}. */
export interface PublicReadCacheOptions {
  /** How long an answer is reused, at most (changes made by another process show after this). */
  ttlMs: number;
  /** Most answers kept; the cache starts over when full. */
  maxEntries?: number;
  /** The clock (tests). */
  now?: () => number;
}

interface Entry {
  at: number;
  status: number;
  headers: [string, string][];
  /** A Uint8Array, which @hono/node-server writes in one call (an ArrayBuffer body goes through a stream). */
  body: Uint8Array<ArrayBuffer>;
  etag: string | null;
}

const stripWeak = (tag: string) => tag.replace(/^W\//, '');

/**
 * A short-lived cache of the public content reads a guest makes (GET /api/content/** without a
 * cookie or an Authorization header, answered 200): the same URL answers the same bytes to every
 * guest, so the second guest within `ttlMs` skips routing, validation, queries and serialization.
 * This was the largest lever of `npm run bench:api` (a space by id is a handful of queries and a
 * zod-validated answer; a cached one is a map lookup).
 *
 * Correctness: every request that may change content (any method but GET, HEAD and OPTIONS, with a
 * cookie or an Authorization header: changing content needs a session) empties the cache once it
 * is answered, so this process's own reads never lag its writes; changes made by
 * another process on the same database (a second replica) show within `ttlMs`. Signed-in people
 * (a cookie) and the site build (a bearer token) are never served from it, and their answers are
 * never stored. Conditional requests get 304 on a matching ETag, as the API's ETag middleware does.
 */
export function publicReadCache(opts: PublicReadCacheOptions): MiddlewareHandler {
  const max = opts.maxEntries ?? 5000;
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry | null>>();
  /** Bumped by every emptying: an answer computed across a write is not stored. */
  let generation = 0;
  return async (c, next) => {
    const method = c.req.method;
    const raw = c.req.raw;
    if (method !== 'GET' && method !== 'HEAD') {
      await next();
      // Content changes need a session (or the build's token); a guest's search or analytics event does not empty the cache.
      if (method !== 'OPTIONS' && (raw.headers.has('cookie') || raw.headers.has('authorization'))) {
        entries.clear();
        generation += 1;
      }
      return;
    }
    if (method !== 'GET' || !c.req.path.startsWith('/api/content/') || raw.headers.has('cookie') || raw.headers.has('authorization')) return next();
    const key = c.req.url;
    const serve = (hit: Entry) => {
      const ifNoneMatch = raw.headers.get('if-none-match');
      if (hit.etag && ifNoneMatch && (ifNoneMatch === '*' || ifNoneMatch.match(/"[^"]*"/g)?.includes(stripWeak(hit.etag)))) {
        c.res = new Response(null, { status: 304, headers: { ETag: hit.etag } });
      } else {
        c.res = new Response(hit.body, { status: hit.status, headers: hit.headers });
      }
    };
    const hit = entries.get(key);
    if (hit && now() - hit.at <= opts.ttlMs) return serve(hit);
    // Guests asking the same thing while it is being answered wait for that answer (no stampede when an entry expires).
    const waiting = inflight.get(key);
    if (waiting) {
      const answer = await waiting;
      if (answer) return serve(answer);
      return next();
    }
    let settle: (entry: Entry | null) => void = () => undefined;
    inflight.set(
      key,
      new Promise<Entry | null>((ok) => {
        settle = ok;
      }),
    );
    let stored: Entry | null = null;
    const startedIn = generation;
    try {
      await next();
      const res = c.res;
      if (res.status !== 200 || !res.body || res.headers.has('set-cookie') || /no-store|private/i.test(res.headers.get('cache-control') ?? '')) return;
      const body = new Uint8Array(await res.arrayBuffer());
      const headers = [...res.headers.entries()];
      c.res = new Response(body, { status: res.status, headers });
      if (entries.size >= max) entries.clear();
      if (generation !== startedIn) return;
      stored = { at: now(), status: res.status, headers, body, etag: res.headers.get('etag') };
      entries.set(key, stored);
    } finally {
      inflight.delete(key);
      settle(stored);
    }
  };
}
