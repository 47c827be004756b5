import type { Context } from 'hono';

/**
 * The bytes of answers this process made itself, so the stack's later steps (compression, the
 * guests' read cache) need not read them back. @hono/node-server's Response keeps its body as given
 * and writes it straight to the socket, but reading one (`arrayBuffer()`) first turns it into a
 * web Response with a stream: 0.03–0.08 ms per search answer, twice per search (compression,
 * then the cache) in the CPU profile (docs/search.md, "Sixth pass: the HTTP side").
 */
const known = new WeakMap<Response, string | Uint8Array<ArrayBuffer>>();
const encoder = new TextEncoder();

/** An answer over `body`, whose bytes {@link answerBytes} gives back without reading the answer. */
export function answerOver(body: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const res = new Response(body, init);
  known.set(res, body);
  return res;
}

/**
 * The body of an answer, null when it has none: the bytes it was made from when known (without
 * touching `body` or `statusText`, which would turn it into a web Response), else read from it
 * (which spends it). Answers made here never have a status text.
 */
export async function answerBytes(res: Response): Promise<Uint8Array<ArrayBuffer> | null> {
  const body = known.get(res);
  if (body !== undefined) return typeof body === 'string' ? encoder.encode(body) : body;
  return res.body ? new Uint8Array(await res.arrayBuffer()) : null;
}

/** Whether {@link answerBytes} knows an answer's bytes without reading it. */
export const hasKnownBytes = (res: Response): boolean => known.has(res);

/**
 * Makes `c.json` keep the text it serialises, for {@link answerBytes}. The same answer as Hono's
 * own `c.json` (hono/dist/context.js: the JSON text, `Content-Type: application/json` unless the
 * headers given say otherwise, the status or init given), made through `c.body`.
 */
export function keepJsonText(c: Context): void {
  type HeaderRecord = Record<string, string | string[]>;
  const body = c.body as (data: string, arg?: number | ResponseInit, headers?: HeaderRecord) => Response;
  const json = (object: unknown, arg?: number | ResponseInit, headers?: HeaderRecord) => {
    const text = JSON.stringify(object);
    const res = body(text, arg, { 'Content-Type': 'application/json', ...headers });
    if (typeof text === 'string') known.set(res, text);
    return res;
  };
  c.json = json as unknown as typeof c.json;
}
