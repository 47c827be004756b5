import { z } from 'zod';

/** The body of every failed API call (spec 3, "Api error body"). */
export const ApiErrorBody = z
  .object({
    code: z.string().meta({ example: 'NOT_FOUND' }),
    message: z.string(),
    extra: z.unknown().nonoptional().meta({ description: 'Details a client can act on (field problems, limits); null when there are none. Always present.' }),
    retry: z.boolean(),
  })
  .meta({ id: 'ApiError' });
/** @see ApiErrorBody */
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** A field problem listed in `extra.fields` of a 400 answer. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The error codes the API answers with, each with its HTTP status. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** The server's disk (or database) is full or read-only: nothing could be saved (`retry` says whether waiting can help). */
  INSUFFICIENT_STORAGE: 507,
  // Capture-services ordering (spec 8 names the ADDRESS_* and EXCEEDED_* codes; the others are ours).
  ADDRESS_NOT_FOUND: 422,
  ADDRESS_NOT_COVERED: 422,
  ADDRESS_NOT_COVERED_WITHOUT_SIGNUP: 422,
  EXCEEDED_MAX_PROPERTY_SIZE: 422,
  SLOT_UNAVAILABLE: 409,
  HOLD_EXPIRED: 409,
  CHANGE_WINDOW_CLOSED: 409,
  PLAN_UPGRADE_REQUIRED: 403,
  HOLD_LIMIT_REACHED: 429,
  ORDER_LIMIT_REACHED: 409,
} as const;
/** @see ERROR_STATUS */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Generic failure text (spec 8). */
export const GENERIC_ERROR_MESSAGE = 'Unexpected Error. Try again or contact support if the problem persists.';
