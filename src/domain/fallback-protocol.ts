import { z } from 'zod';

/**
 * The protocol between the server and the fallback renderer (src/loaders/fallback-worker.ts, a
 * worker thread): the server asks for a page of a `render` fallback type (src/domain/page-types.ts)
 * the served build does not have yet; the worker renders it with the kept prerender bundle, the
 * page's content fetched from the API through the server (`fetch` / `fetched`), as the visitor who
 * asked sees it. Every message is checked on arrival, so a worker of another version fails loudly.
 */

/** What the worker is started with. */
export const FallbackWorkerData = z.object({
  /** The kept prerender bundle (renderer.json inside). */
  renderer: z.string().min(1),
  /** The content store the bundle's indexes read (the served build's snapshot). */
  store: z.string().min(1),
});
/** @see FallbackWorkerData */
export type FallbackWorkerData = z.infer<typeof FallbackWorkerData>;

/** One page to render: its type, parameters (decoded) and locale prefix ('' for English). */
export const FallbackRenderRequest = z.object({
  kind: z.literal('render'),
  id: z.number().int(),
  type: z.string().min(1),
  params: z.record(z.string(), z.string()),
  locale: z.string(),
});
/** @see FallbackRenderRequest */
export type FallbackRenderRequest = z.infer<typeof FallbackRenderRequest>;

/** The server's answer to a worker's API call. */
export const FallbackFetched = z.object({
  kind: z.literal('fetched'),
  fetchId: z.number().int(),
  status: z.number().int(),
  contentType: z.string(),
  body: z.string(),
});

/** Messages the server sends the worker. */
export const FallbackHostMessage = z.discriminatedUnion('kind', [FallbackRenderRequest, FallbackFetched]);
/** @see FallbackHostMessage */
export type FallbackHostMessage = z.infer<typeof FallbackHostMessage>;

/** Messages the worker sends the server: ready, an API call for a render, a rendered page (null: none, e.g. not found). */
export const FallbackWorkerMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready'), ms: z.number() }),
  z.object({ kind: z.literal('fetch'), fetchId: z.number().int(), renderId: z.number().int(), path: z.string().startsWith('/') }),
  z.object({ kind: z.literal('rendered'), id: z.number().int(), html: z.string().nullable(), error: z.string().optional(), ms: z.number() }),
]);
/** @see FallbackWorkerMessage */
export type FallbackWorkerMessage = z.infer<typeof FallbackWorkerMessage>;
