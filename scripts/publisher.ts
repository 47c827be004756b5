import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { Publisher } from '../src/server/publish/publisher.ts';
import { loadPublisherEnv } from '../src/server/publish/publisher-env.ts';
import { createPublisherService } from '../src/server/publish/webhook-receiver.ts';

/**
 * `npm run publisher -- --api https://api.example.com [--site DIR] [--port 4700]`: the standalone
 * publisher. It publishes once at start (incrementally when its folder holds a build of the same
 * code), then takes the product's signed content webhooks on `POST /webhook` (point a webhook
 * endpoint or CONTENT_WEBHOOK_URL at it, with the same CONTENT_WEBHOOK_SECRET), debounces them,
 * re-renders what changed and swaps `<site>/current` atomically. Serve `<site>/current` under
 * `/discover/` with any static server. `GET /health` reports the last publishes.
 */
const env = loadPublisherEnv();
const { values } = parseArgs({ options: { api: { type: 'string' }, site: { type: 'string' }, port: { type: 'string' }, origin: { type: 'string' } } });
const api = (values.api ?? env.DISCOVER_API_URL)?.replace(/\/+$/, '');
const secret = env.CONTENT_WEBHOOK_SECRET;
if (!api || !secret) {
  console.error('Usage: CONTENT_WEBHOOK_SECRET=whsec_… npm run publisher -- --api https://api.example.com [--site DIR] [--port 4700]');
  process.exit(2);
}
const publisher = new Publisher({
  projectRoot: resolve(import.meta.dirname, '..'),
  siteDir: resolve(values.site ?? env.PUBLISHER_SITE_DIR),
  apiUrl: api,
  publicOrigin: values.origin ?? env.PUBLIC_ORIGIN ?? api,
  buildToken: env.DISCOVER_API_TOKEN ?? '',
});
const app = createPublisherService({ publisher, secret, log: (l) => console.log(l) });
const port = Number(values.port ?? env.PUBLISHER_PORT);
const server = serve({ fetch: app.fetch, hostname: env.PUBLISHER_HOST, port, createServer });
console.log(
  `Publisher for ${api}: webhooks on http://${env.PUBLISHER_HOST}:${port}/webhook, site in ${resolve(values.site ?? env.PUBLISHER_SITE_DIR)}/current`,
);
await publisher.publish();
const shutdown = async () => {
  server.close();
  await publisher.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
