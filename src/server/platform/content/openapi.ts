import { z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';

const ERROR_TEXT = {
  400: 'Invalid input; `extra.fields` lists each problem',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found, or not visible to the caller',
  507: 'INSUFFICIENT_STORAGE: the server’s storage is full or read-only; `retry` says whether trying later can help',
} as const;

/** The error answers of a route, each with the spec's error body. */
export function errorResponses<S extends keyof typeof ERROR_TEXT>(...statuses: S[]) {
  const out = {} as Record<S, { description: string; content: { 'application/json': { schema: typeof ApiErrorBody } } }>;
  for (const s of statuses) out[s] = { description: ERROR_TEXT[s], content: { 'application/json': { schema: ApiErrorBody } } };
  return out;
}

/** A JSON 200 answer. */
export const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { 'application/json': { schema } } },
});

/** A JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

/** A query flag given as 'true' / 'false' (also 1/0, yes/no). */
export const flag = () => z.stringbool();

/** A path key: an id, sid, modelId or slug. */
export const keyParam = (name: string) => z.object({ [name]: z.string().min(1).max(200) });
