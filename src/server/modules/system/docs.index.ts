import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { renderDocsHtml, type OpenApiDoc } from './render-docs.ts';
import { OPENAPI_DOCUMENT } from '../../platform/openapi.ts';
import { createRouter } from '../../router.ts';

let cached: string | undefined;

/** Builds the reference page once per process from every registered router's routes (app.ts serves the same document as JSON). */
function docsHtml(routers: () => OpenAPIHono<AppEnv>[]): string {
  if (cached) return cached;
  const app = new OpenAPIHono<AppEnv>();
  for (const r of routers()) app.route('/', r);
  const doc = app.getOpenAPI31Document(OPENAPI_DOCUMENT) as unknown as OpenApiDoc;
  cached = renderDocsHtml(doc);
  return cached;
}

/**
 * GET /api/docs: a readable API reference generated from the OpenAPI document (not itself in the
 * document). `routers` lists every router; the routes index hands it over, so this module need not import it.
 */
export const docsRouter = (routers: () => OpenAPIHono<AppEnv>[]) => {
  const page = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'");
    return c.html(docsHtml(routers));
  };
  const r = createRouter();
  r.get('/api/docs', page);
  r.get('/api/docs/', page);
  return r;
};
