import { deflateSync, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';
import { answerBytes, answerOver, hasKnownBytes, keepJsonText } from './answer-bytes.ts';

/** Bodies smaller than this are sent as they are (hono/compress's threshold). */
const THRESHOLD = 1024;
/** JSON bodies larger than this go through the streamed compression instead of one call. */
const MAX_ONE_SHOT = 4 * 1024 * 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** gzip, else deflate, as the request accepts them (hono/compress's choice); undefined for neither. */
function encodingFor(header: string | undefined): 'gzip' | 'deflate' | undefined {
  if (header === undefined) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: 'gzip' | 'deflate'; q: number } | undefined;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * Compression of the answers (in place of `hono/compress`, whose behaviour it keeps: gzip or
 * deflate as Accept-Encoding says, 1 kB and more, compressible types, not for a 206, a HEAD, an
 * answer already encoded or marked `no-transform`; `Vary: Accept-Encoding`, a strong ETag made
 * weak). A JSON answer (the API's) is compressed in one zlib call and sent with its length: the
 * web CompressionStream that hono/compress pipes every answer through cost 0.35–0.7 ms per search
 * answer (5–18 kB) where one `gzipSync` of the same bytes at the same level costs 0.04–0.1 ms, and
 * its chunks took several socket writes. Other answers (HTML, which may stream) keep the stream.
 * The JSON text is taken as `c.json` made it and the answer made over its bytes (answer-bytes.ts),
 * so neither this nor the read cache after it reads an answer back.
 */
export function compressAnswers(): MiddlewareHandler {
  const streamed = compress();
  return (c, next) =>
    streamed(c, async () => {
      keepJsonText(c);
      await next();
      const res = c.res;
      const type = res.headers.get('Content-Type');
      const length = Number(res.headers.get('Content-Length') ?? 0);
      const known = hasKnownBytes(res);
      if (!type || !JSON_TYPE.test(type) || !(known || res.body) || res.status === 206 || c.req.method === 'HEAD' || length > MAX_ONE_SHOT) return;
      if (res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding') || NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
      const statusText = known ? '' : res.statusText;
      const bytes = await answerBytes(res);
      if (!bytes) return;
      let body: Uint8Array<ArrayBuffer> = bytes;
      const headers = new Headers(res.headers);
      headers.delete('Content-Length');
      if (bytes.byteLength >= THRESHOLD) {
        const vary = headers.get('Vary');
        if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
        const encoding = encodingFor(c.req.header('Accept-Encoding'));
        if (encoding) {
          body = new Uint8Array(encoding === 'gzip' ? gzipSync(bytes) : deflateSync(bytes));
          headers.set('Content-Encoding', encoding);
          const etag = headers.get('ETag');
          if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
        }
      }
      // Its length known (hono/compress then leaves it alone); unset first: assigning over an answer copies it into a streamed one.
      headers.set('Content-Length', String(body.byteLength));
      c.res = undefined;
      c.res = answerOver(body, { status: res.status, statusText, headers });
    });
}
