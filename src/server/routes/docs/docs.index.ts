import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { renderDocsHtml, type OpenApiDoc } from '../../docs/render-docs.ts';
import { createRouter } from '../../router.ts';

/** The document's header; app.ts serves the same document as JSON at /api/docs/openapi.json. */
const INFO = { title: 'Discover API', version: '1', description: 'Content, session and admin API of the Discover portal.' };

let cached: string | undefined;

/** Builds the reference page once per process from every registered router's routes. */
async function docsHtml(): Promise<string> {
  if (cached) return cached;
  // Imported lazily: the routes index imports this router.
  const { routers } = await import('../index.ts');
  const app = new OpenAPIHono<AppEnv>();
  for (const r of routers()) app.route('/', r);
  const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: INFO }) as unknown as OpenApiDoc;
  cached = renderDocsHtml(doc);
  return cached;
}

const page = async (c: Context<AppEnv>) => {
  c.header('Cache-Control', 'public, max-age=300');
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'");
  return c.html(await docsHtml());
};

/** GET /api/docs: a readable API reference generated from the OpenAPI document (not itself in the document). */
export const docsRouter = () => {
  const r = createRouter();
  r.get('/api/docs', page);
  r.get('/api/docs/', page);
  return r;
};
