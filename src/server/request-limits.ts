import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiErrorBody } from '../domain/api-error.ts';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../domain/user-rules.ts';
import { CAPTURE_UPLOAD_PATH } from '../domain/capture-upload.ts';
import { hasSessionCookie } from './modules/auth/auth.ts';
import type { AppEnv } from './context.ts';

/** Largest request body the API reads, except uploads: 1 MiB (the largest legitimate one is a few kB). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Largest multipart body (an upload): the file cap plus room for the envelope; the upload routes check the file itself. */
export const MAX_MULTIPART_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

/** The message of a request refused for a NUL character. */
export const NUL_MESSAGE = 'The request contains a NUL character (U+0000), which no field accepts.';

const tooLarge = (limit: number): ApiErrorBody => ({
  code: 'PAYLOAD_TOO_LARGE',
  message: `The request body is too large. The limit is ${limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} kB`}.`,
  extra: { maxBytes: limit },
  retry: false,
});
const nulRefused: ApiErrorBody = { code: 'BAD_REQUEST', message: NUL_MESSAGE, extra: null, retry: false };

// Multipart bodies are uploads: their 413 says what the upload routes say (spec 5's message).
const multipartLimit = bodyLimit({
  maxSize: MAX_MULTIPART_BYTES,
  onError: (c) => c.json({ ...tooLarge(MAX_MULTIPART_BYTES), message: FILE_TOO_LARGE_MESSAGE } satisfies ApiErrorBody, 413),
});

/** Whether a parsed JSON value holds a NUL in any string or key. */
function jsonHasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(jsonHasNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || jsonHasNul(v));
  return false;
}

const decoder = new TextDecoder();

/** Whether a body, read as its content type says, carries a NUL character in its text. */
function bodyHasNul(type: string, bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  const text = decoder.decode(bytes);
  if (/json/i.test(type)) {
    // A NUL is in JSON text as itself or as the escape \u0000: without either, there is nothing to parse for.
    if (!text.includes('\u0000') && !text.includes('\\u0000')) return false;
    try {
      return jsonHasNul(JSON.parse(text));
    } catch {
      return text.includes('\u0000'); // not JSON: the route answers 400 for that
    }
  }
  if (/x-www-form-urlencoded/i.test(type)) {
    for (const [k, v] of new URLSearchParams(text)) if (k.includes('\u0000') || v.includes('\u0000')) return true;
    return false;
  }
  return text.includes('\u0000');
}

/** Reads a body up to `limit` bytes; null when it is longer (the reading stops there). */
async function readUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The body a Node request listener read before Hono (@hono/node-server's `rawBody`, from which it makes the request's body), if any. */
function bufferedBodyOf(env: unknown): Buffer | undefined {
  const incoming = (env as { incoming?: { rawBody?: unknown } } | undefined)?.incoming;
  return incoming?.rawBody instanceof Buffer ? incoming.rawBody : undefined;
}

/**
 * Every API request passes here before anything reads it: a body over 1 MB (8.25 MB for a
 * multipart upload) answers 413 with the error body, from its Content-Length when it has one and
 * otherwise as soon as the stream passes the limit, so a guest can no longer make the server hold
 * 100 MB of JSON. A NUL character in the query, a JSON or form body answers 400: no field stores
 * one, and databases and logs treat it as the end of a string.
 */
export const requestLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (/%00/i.test(new URL(c.req.url).search) || /%00/i.test(c.req.path)) return c.json(nulRefused, 400);
  const raw = c.req.raw;
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  // Read before Hono (a guest's search, src/server/public-read-cache.ts): checked where it lies, and
  // the request, whose body @hono/node-server makes from those bytes, is left unread for the routes.
  const buffered = bufferedBodyOf(c.env);
  if (!buffered && !raw.body) return next();
  // Capture uploads are binary tus chunks of up to 500 MB: the tus route checks their size, owner and type (src/server/modules/captures).
  if (c.req.path.startsWith(CAPTURE_UPLOAD_PATH)) return next();
  const type = c.req.header('content-type') ?? '';
  if (/multipart\/form-data/i.test(type)) return multipartLimit(c, next);
  const declared = raw.headers.has('content-length') && !raw.headers.has('transfer-encoding') ? Number(raw.headers.get('content-length')) : NaN;
  if (declared > MAX_BODY_BYTES) return c.json(tooLarge(MAX_BODY_BYTES), 413);
  if (buffered) {
    if (buffered.byteLength > MAX_BODY_BYTES) return c.json(tooLarge(MAX_BODY_BYTES), 413);
    return bodyHasNul(type, buffered) ? c.json(nulRefused, 400) : next();
  }
  const bytes = raw.body && (await readUpTo(raw.body, MAX_BODY_BYTES));
  if (!bytes) return c.json(tooLarge(MAX_BODY_BYTES), 413);
  if (bodyHasNul(type, bytes)) return c.json(nulRefused, 400);
  // The stream is spent: hand the routes (and better-auth) a request over the bytes read.
  c.req.raw = new Request(raw, { body: bytes });
  return next();
};

/**
 * Answers to a request that carries a session cookie describe that user (their session, profile,
 * collections, follows, or public data seen as them): `Cache-Control: private, no-store`, so no
 * shared cache or back/forward cache keeps them. A route that marks its answer `public` keeps that.
 */
export const privateAnswers: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.get('user') && !hasSessionCookie(c.req.raw.headers)) return;
  const current = c.res.headers.get('cache-control');
  if (current && /\bpublic\b/i.test(current)) return;
  try {
    c.res.headers.set('Cache-Control', 'private, no-store');
  } catch {
    // Immutable headers (a Response.redirect): copy the answer.
    const res = new Response(c.res.body, c.res);
    res.headers.set('Cache-Control', 'private, no-store');
    c.res = res;
  }
};
