import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { loadEnv, type Env } from './env.ts';
import { migrate, openDb, type Db } from './db/db.ts';
import { ContentEvents } from './platform/events.ts';
import { advisoryLock, PUBLISHER_LOCK_KEY } from './db/pg-notify.ts';
import { createApp } from './app.ts';
import { createSiteApp, createSiteFiles } from './site.ts';
import { SearchPageAnswers } from './search-page-answer.ts';
import { securityHeaders } from './security-headers.ts';
import { Publisher } from './publish/publisher.ts';
import { siteLayout } from './publish/site-dirs.ts';
import { createFallbackRenderer } from './fallback-renderer.ts';
import { setupSessions } from './session-wiring.ts';
import { createOutbox } from './platform/outbox/dispatcher.ts';
import { JobWorker } from './platform/jobs/worker.ts';
import { CAPTURE_JOB, captureJobKind } from './modules/captures/process-capture.ts';
import { startPictureBackfill } from './modules/captures/picture-backfill.ts';
import { PublicReadCache } from './public-read-cache.ts';
import { sameSiteRedirects } from './modules/auth/target.ts';
import { compressAnswers } from './answer-compression.ts';

/** Options of {@link startServer}; everything has a default, so `node src/server/main.ts` serves as is. */
export interface StartServerOptions {
  env?: Env;
  /** An open, migrated database; opened from `env` when absent. */
  db?: Db;
  /** Whether this start seeded the database (said in the ready line). */
  seeded?: boolean;
  /**
   * Work that runs beside the site build and must end before the ready line, e.g. the demo pictures;
   * requests for /media wait for it rather than answer 404. Its failure is reported, not fatal.
   */
  pending?: Promise<unknown> | undefined;
  /** Lines printed under the ready message (the demo sign-ins). */
  readyNotes?: string[];
}

/**
 * Serves the API, media and static site on one port, builds the site from the running API when
 * it is stale, and rebuilds on content changes. `npm start` (scripts/start.ts) migrates and seeds
 * an empty database first, then calls this; run alone it serves the database as it is.
 */
export async function startServer(opts: StartServerOptions = {}): Promise<void> {
  const env = opts.env ?? loadEnv();
  const projectRoot = resolve(import.meta.dirname, '../..');
  const db = opts.db ?? openDb(env.databaseUrl);
  if (!opts.db) await migrate(db);
  const mediaDir = join(env.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const pending = (opts.pending ?? Promise.resolve()).catch((error: unknown) => {
    console.error('Background start-up work failed:', error);
  });

  const events = new ContentEvents({ env });
  // Replicas on one PostgreSQL database hear each other's content changes (docs/deploy.md).
  if (db.dialect === 'postgres') await events.listen(env.databaseUrl);
  const outbox = createOutbox({ db, env, events }).start();
  // Durable background jobs (src/server/platform/jobs): every replica runs a worker; a job runs once.
  const jobs = new JobWorker({ db: db.kysely, kinds: { [CAPTURE_JOB]: captureJobKind({ db: db.kysely, env, events }) } }).start();
  const resolveSession = await setupSessions(db, env);
  const api = createApp({ env, db, events, resolveSession });
  // Guests' public reads and searches are reused for a second (a second replica's changes show
  // within it); any content change empties it, another replica's too on PostgreSQL.
  const readCache = new PublicReadCache({ ttlMs: 1000, publicOrigin: env.publicOrigin });
  events.on(() => readCache.clear());

  const apiUrl = `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
  const publisher = new Publisher({
    projectRoot,
    siteDir: join(env.dataDir, 'site'),
    apiUrl,
    publicOrigin: env.publicOrigin,
    buildToken: env.BUILD_TOKEN,
    db: db.kysely,
    events,
    // The footer lists are rewritten in the files (the settle step): pages are served as they are on disk.
    footersOnDisk: true,
    // One replica builds at a time (PostgreSQL advisory lock, released if the replica dies).
    ...(db.dialect === 'postgres' ? { lock: advisoryLock(env.databaseUrl, PUBLISHER_LOCK_KEY) } : {}),
  });
  let building = false;
  const securityOptions = { publicOrigin: env.publicOrigin, showcaseUrlTemplate: env.SHOWCASE_URL_TEMPLATE, mediaPublicUrl: env.MEDIA_PUBLIC_URL };
  // The built site's files, with every header made once per file (src/server/static-encoding.ts).
  const siteFiles = createSiteFiles(publisher.currentDir, securityOptions);
  const fallbackRenderer = createFallbackRenderer({
    rendererDir: siteLayout(join(env.dataDir, 'site')).renderer,
    currentDir: publisher.currentDir,
    apiFetch: (request) => Promise.resolve(api.fetch(request)),
    origin: env.publicOrigin,
  });
  // The search page's first answer travels with the page: the search runs in process, through the
  // guests' answer cache, as the browser would have asked it (src/server/search-page-answer.ts).
  const searchPages = new SearchPageAnswers({
    files: siteFiles,
    search: async (body) => {
      const res = await root.fetch(
        new Request(`${apiUrl}/api/content/space/search/`, {
          method: 'POST',
          // A declared length: the answer cache keys a search by its body only when it knows its size.
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
          body,
        }),
      );
      return res.status === 200 ? res.text() : null;
    },
  });
  const site = createSiteApp({
    files: siteFiles,
    searchPages,
    currentDir: publisher.currentDir,
    mediaDir,
    db: db.kysely,
    isBuilding: () => building,
    resolveSession,
    // Pages not published yet are rendered by the last full build's bundle, with the API's content (src/server/fallback-renderer.ts).
    renderFallback: (input) => fallbackRenderer.render(input),
  });

  const root = new Hono();
  // First: what it stores is what the rest of the stack (compression, security headers) made.
  root.use('*', readCache.middleware);
  // The last line against open redirects: no 3xx leaves the process for another host (src/server/modules/auth/target.ts).
  root.use('*', sameSiteRedirects(env.publicOrigin));
  // gzip as hono/compress, a JSON answer in one call (src/server/answer-compression.ts).
  root.use('*', compressAnswers());
  root.use('*', securityHeaders(securityOptions));
  root.use('/media/*', async (_c, next) => {
    await pending;
    await next();
  });
  root.route('/', site);
  root.route('/', api);

  // A guest's cached public read and a file of the built site are written before the request reaches
  // Hono (src/server/public-read-cache.ts, src/server/static-encoding.ts): what a static server does.
  const server = createServer(readCache.listener(searchPages.listener(siteFiles.listener(getRequestListener(root.fetch, { hostname: env.HOST })))));
  await new Promise<void>((ok, fail) => {
    server.once('listening', () => ok());
    server.once('error', fail);
    server.listen(env.PORT, env.HOST);
  });

  if (!env.SKIP_BUILD) {
    if (await publisher.isUpToDate()) {
      console.log('The site build is up to date.');
    } else {
      building = true;
      try {
        // Incremental when only content changed since the served build (seconds), else a full build.
        // A failure is logged; the API and any previous build stay online and the next change retries.
        await publisher.publish();
      } finally {
        building = false;
      }
    }
    publisher.watch();
  }
  // Started once a build is served, so the first page created after it does not wait for the worker.
  fallbackRenderer.warm();
  await pending;

  const origin = env.publicOrigin;
  console.log(`
Discover is ready in ${(performance.now() / 1000).toFixed(1)} s${opts.seeded ? ' (demo world seeded)' : ''}.
  Site       ${origin}/discover/
  API docs   ${origin}/api/docs
  Sign in    ${origin}/auth/sign-in
${(opts.readyNotes ?? []).map((l) => `${l}\n`).join('')}`);
  // Captured spaces processed before their picture folder was complete get the files they lack, in
  // the background, one space at a time (docs/uploads.md); nothing is read once a run has finished.
  const backfill = startPictureBackfill({ db: db.kysely, env });

  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down.`);
    server.close();
    backfill.stop();
    await publisher.stop();
    await fallbackRenderer.close();
    await events.close();
    await outbox.stop();
    await backfill.done;
    await jobs.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

if (import.meta.main) {
  startServer().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
