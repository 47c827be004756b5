import { createServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createDispatchRelay } from '../src/server/publish/github-dispatch.ts';
import { loadPublisherEnv } from '../src/server/publish/publisher-env.ts';

/**
 * `npm run webhook-relay`: takes the product's signed content webhooks (CONTENT_WEBHOOK_SECRET)
 * on `POST /webhook` and, after 10 quiet seconds, sends GitHub one `repository_dispatch`
 * (`content-changed`) for GITHUB_DISPATCH_REPO with GITHUB_DISPATCH_TOKEN, which runs
 * .github/workflows/publish.yml. See README "Publishing".
 */
const env = loadPublisherEnv();
if (!env.CONTENT_WEBHOOK_SECRET || !env.GITHUB_DISPATCH_REPO || !env.GITHUB_DISPATCH_TOKEN) {
  console.error('Set CONTENT_WEBHOOK_SECRET, GITHUB_DISPATCH_REPO (owner/name) and GITHUB_DISPATCH_TOKEN.');
  process.exit(2);
}
const relay = createDispatchRelay({
  secret: env.CONTENT_WEBHOOK_SECRET,
  repo: env.GITHUB_DISPATCH_REPO,
  token: env.GITHUB_DISPATCH_TOKEN,
  log: (l) => console.log(l),
});
const server = serve({ fetch: relay.app.fetch, hostname: env.RELAY_HOST, port: env.RELAY_PORT, createServer });
console.log(`Webhook relay to ${env.GITHUB_DISPATCH_REPO}: http://${env.RELAY_HOST}:${env.RELAY_PORT}/webhook`);
const shutdown = async () => {
  await relay.flush();
  server.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
