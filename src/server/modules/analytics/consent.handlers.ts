import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import type { consentCookie } from './consent.routes.ts';

/** Answers 204, never cached (each call must reach the server with the current cookie). */
export const getConsentCookie: RouteHandler<typeof consentCookie, AppEnv> = (c) => {
  c.header('Cache-Control', 'no-store');
  return c.body(null, 204);
};
