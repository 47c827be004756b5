import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { validationHook } from './platform/errors.ts';

/** A router with the app's environment and the 400-with-field-list validation hook. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook as Hook<unknown, AppEnv, string, unknown> });
}
