import type { AppEnv, Deps } from './context.ts';
import { ApiError, handleError } from './platform/errors.ts';
import { createRouter } from './router.ts';
import { routers } from './modules/index.ts';
import { guards } from './modules/auth/guards.ts';
import { privateAnswers, requestLimits } from './request-limits.ts';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { publicReadCache } from './public-read-cache.ts';
import { clockOf } from './platform/clock.ts';
import { OPENAPI_DOCUMENT } from './platform/openapi.ts';

/** Options of {@link createApp} beyond its dependencies. */
export interface AppOptions {
  /**
   * Reuse a guest's public content read for this long (ms; see src/server/public-read-cache.ts).
   * The server does not set it: main.ts puts one PublicReadCache in front of its whole stack (with a
   * fast path before Hono). Tests leave it off, since they change the database behind the API's back.
   */
  publicReadCacheMs?: number;
}

/** Builds the API app over the given dependencies (no listening, no static files). */
export function createApp(deps: Deps, options: AppOptions = {}): OpenAPIHono<AppEnv> {
  const app = createRouter();
  app.onError((err, c) => handleError(err, c, clockOf(deps)));
  if (options.publicReadCacheMs) app.use('*', publicReadCache({ ttlMs: options.publicReadCacheMs }));
  app.use('*', requestLimits);
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('user', await deps.resolveSession(c.req.raw));
    await next();
  });
  app.use('*', privateAnswers);
  app.use('*', guards);
  for (const router of routers()) app.route('/', router);
  app.doc31('/api/docs/openapi.json', OPENAPI_DOCUMENT);
  app.notFound((c) => c.json(new ApiError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}.`).toBody(), 404));
  return app;
}
