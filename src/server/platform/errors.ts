import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { dbErrorKind } from '../db/db-errors.ts';
import { storageFailure } from './storage-errors.ts';
import type { Clock } from './clock.ts';
import { ERROR_STATUS, GENERIC_ERROR_MESSAGE, type ApiErrorBody, type ErrorCode, type FieldIssue } from '../../domain/api-error.ts';

/** An error the API answers with the spec's body `{ code, message, extra, retry }`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly extra: unknown;
  readonly retry: boolean;
  /** Seconds a client should wait before trying again (sent as `Retry-After`). */
  readonly retryAfterSeconds: number | undefined;
  constructor(code: ErrorCode, message: string, extra?: unknown, options?: { cause?: unknown; retry?: boolean; retryAfterSeconds?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.extra = extra;
    this.retry = options?.retry ?? false;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  /** HTTP status of this error's code. */
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  /** The JSON body sent to the client: always all four keys (`extra` is null when there is nothing to add). */
  toBody(): ApiErrorBody {
    return errorBody(this.code, this.message, this.retry, this.extra);
  }
}

/** The spec's error body `{ code, message, extra, retry }`, all four keys always present. */
export const errorBody = (code: string, message: string, retry: boolean, extra: unknown = null): ApiErrorBody => ({
  code,
  message,
  extra: extra ?? null,
  retry,
});

/** 404 for an item that does not exist or that the caller may not see. */
export const notFound = (what: string) => new ApiError('NOT_FOUND', `${what} not found.`);
/** 401 for a call that needs a signed-in user. */
export const unauthorized = () => new ApiError('UNAUTHORIZED', 'Sign in to do this.');
/** 403 for a signed-in user without the right. */
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError('FORBIDDEN', message);
/** The message of a 400 about a field, as the validation hook writes it (`Invalid json.name: …`). */
const invalidField = (issue: FieldIssue) => `Invalid ${issue.path}: ${issue.message}`;
/** An error about one field (`extra.fields`), the one builder of the helpers below. */
const oneField = (code: ErrorCode, message: string, issue: FieldIssue) => new ApiError(code, message, { fields: [issue] satisfies FieldIssue[] });
/** 400 with one field problem, the message being the problem's own. */
export const invalid = (path: string, message: string) => oneField('VALIDATION_ERROR', message, { path, message });
/** 400 naming one field the way the validation hook does (`Invalid json.…: message`), for checks zod cannot make. */
export const fieldError = (path: string, message: string) => oneField('VALIDATION_ERROR', invalidField({ path, message }), { path, message });
/** 409 with the conflicting field. */
export const conflict = (path: string, message: string) => oneField('CONFLICT', message, { path, message });

/** Turns zod issues into the 400 body's field list. */
export function validationError(error: z.ZodError, target: string): ApiError {
  const fields: FieldIssue[] = error.issues.map((i) => ({ path: [target, ...i.path.map(String)].join('.'), message: i.message }));
  const first = fields[0];
  return new ApiError('VALIDATION_ERROR', first ? invalidField(first) : 'Invalid request.', { fields });
}

/** The hook every OpenAPI route uses: invalid input answers 400 with the field list. */
export const validationHook = (result: { success: true } | { success: false; error: z.ZodError; target: string }, c: Context) => {
  if (!result.success) {
    const err = validationError(result.error, result.target);
    return c.json(err.toBody(), 400);
  }
  return undefined;
};

/**
 * The API error a database error stands for: a unique value taken by a concurrent writer, or a
 * transaction that collided with another (409, `retry` for the latter), or text the database cannot
 * store (400). Null for anything else.
 */
export function fromDbError(err: unknown): ApiError | null {
  switch (dbErrorKind(err)) {
    case 'unique':
      return new ApiError('CONFLICT', 'This conflicts with a change made at the same time. Reload and try again.', undefined, { cause: err });
    case 'serialization':
      return new ApiError('CONFLICT', 'Another change was being saved at the same time. Try again.', undefined, { cause: err, retry: true });
    case 'invalid-text':
      return new ApiError('BAD_REQUEST', 'The request contains characters that cannot be stored.', undefined, { cause: err });
    default:
      return null;
  }
}

/** App-wide error handler: known errors answer their body; anything else is logged and answers 500 (the clock paces the storage log). */
export function handleError(err: Error, c: Context, clock: Clock): Response {
  if (err instanceof ApiError) {
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(err.toBody(), err.status as 400);
  }
  // A full or read-only disk is the operator's problem, not a bug: 507, logged once (src/server/platform/storage-errors.ts).
  const storage = storageFailure(err, `${c.req.method} ${c.req.path}`, clock.now());
  if (storage) return c.json(errorBody('INSUFFICIENT_STORAGE', storage.message, storage.retry, { reason: storage.problem }), 507);
  const fromDb = fromDbError(err);
  if (fromDb) return c.json(fromDb.toBody(), fromDb.status as 409);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 401
          ? 'UNAUTHORIZED'
          : status === 403
            ? 'FORBIDDEN'
            : status === 404
              ? 'NOT_FOUND'
              : status === 429
                ? 'RATE_LIMITED'
                : status >= 500
                  ? 'INTERNAL_ERROR'
                  : 'BAD_REQUEST';
    const message = status === 413 ? 'The request body is too large.' : err.message || 'Bad request.';
    return c.json(errorBody(code, message, status === 429 || status >= 500), status);
  }
  if (err instanceof SyntaxError) {
    return c.json(errorBody('BAD_REQUEST', 'The request body is not valid JSON.', false), 400);
  }
  console.error('Unhandled error on', c.req.method, c.req.path, err);
  return c.json(errorBody('INTERNAL_ERROR', GENERIC_ERROR_MESSAGE, true), 500);
}
