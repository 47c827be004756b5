import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { loadEnv } from './env.ts';
import { migrate, openDb } from './db/db.ts';
import { ContentEvents } from './events.ts';
import { createApp } from './app.ts';
import { createSiteApp } from './site.ts';
import { Publisher } from './publish/publisher.ts';
import { seedIfEmpty, DEMO_SIGN_INS } from '../../scripts/seed/seed-world.ts';
import { demoCredentialCreator, setupSessions } from './session-wiring.ts';
import { createOutbox } from './outbox/dispatcher.ts';

/**
 * The one-command main job: migrate and seed the embedded database when empty, serve the API,
 * media and static site on one port, build the site from the running API when it is stale,
 * and rebuild on content changes.
 */
async function main() {
  const env = loadEnv();
  const projectRoot = resolve(import.meta.dirname, '../..');
  const db = openDb(env.databaseUrl);
  await migrate(db);
  const mediaDir = join(env.dataDir, 'media');
  const seeded = await seedIfEmpty(db, {
    spaces: env.SEED_SPACES,
    seed: env.SEED,
    mediaDir,
    log: (l) => console.log(l),
    createCredential: await demoCredentialCreator(db),
  });

  const events = new ContentEvents({ env });
  const outbox = createOutbox({ db, env, events }).start();
  const resolveSession = await setupSessions(db, env);
  const api = createApp({ env, db, events, resolveSession });

  const apiUrl = `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
  const publisher = new Publisher({
    projectRoot,
    siteDir: join(env.dataDir, 'site'),
    apiUrl,
    publicOrigin: env.publicOrigin,
    buildToken: env.BUILD_TOKEN,
    db: db.kysely,
    events,
  });
  let building = false;
  const site = createSiteApp({ currentDir: publisher.currentDir, mediaDir, db: db.kysely, isBuilding: () => building, resolveSession });

  const root = new Hono();
  root.use('*', compress());
  root.route('/', site);
  root.route('/', api);

  const server = serve({ fetch: root.fetch, hostname: env.HOST, port: env.PORT, createServer });
  await new Promise<void>((ok, fail) => {
    server.once('listening', () => ok());
    server.once('error', fail);
  });

  if (!env.SKIP_BUILD) {
    if (await publisher.isUpToDate()) {
      console.log('The site build is up to date.');
    } else {
      building = true;
      try {
        await publisher.build();
      } catch (error) {
        // The API and any previous build stay online; the next content change or start tries again.
        console.error(error instanceof Error ? `${error.message}\n${String(error.cause ?? '')}` : error);
      } finally {
        building = false;
      }
    }
    publisher.watch();
  }

  const origin = env.publicOrigin;
  console.log(`
Discover is ready in ${(performance.now() / 1000).toFixed(1)} s${seeded ? ' (demo world seeded)' : ''}.
  Site       ${origin}/discover/
  API docs   ${origin}/api/docs
  Sign in    ${origin}/auth/sign-in
Demo sign-ins (password "discover-demo"):
${DEMO_SIGN_INS.map((d) => `  ${d.email.padEnd(22)} ${d.role}`).join('\n')}
`);

  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down.`);
    server.close();
    await publisher.stop();
    await outbox.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
