import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '../src/server/env.ts';
import { migrate, openDb } from '../src/server/db/db.ts';
import { startServer } from '../src/server/main.ts';
import { demoCredentialCreator } from '../src/server/session-wiring.ts';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedIfEmpty } from './seed/seed-world.ts';
import { TECHNICIAN_SIGN_IN } from './seed/capture-world.ts';
import { pendingPlanFile } from './seed/media.ts';
import { uploadDemoMedia, uploadedMarker } from './seed/media-upload.ts';
import { mediaStoreOf } from '../src/server/platform/media/store.ts';

/**
 * `npm start`, the one-command main job: migrates the database, seeds the demo world when it is
 * empty, and starts the server (src/server/main.ts), which builds the site from the running API.
 * The demo pictures are made beside the site build, in a child process, from a cache shared by
 * every data folder; the ready line waits for both.
 */
const env = loadEnv();
const db = openDb(env.databaseUrl);
await migrate(db);
const mediaDir = join(env.dataDir, 'media');
const plan = await seedIfEmpty(db, {
  spaces: env.SEED_SPACES,
  seed: env.SEED,
  mediaDir,
  log: (l) => console.log(l),
  createCredential: demoCredentialCreator(db),
});

// Also after an interrupted first start: the seed recorded what was still to draw.
const drawing = existsSync(pendingPlanFile(mediaDir)) ? renderMedia(mediaDir) : undefined;
// With MEDIA_S3_* the media URLs point at the bucket: the drawn pictures, the tours' too, are copied there once.
const store = mediaStoreOf(env);
const storeId = `${env.MEDIA_S3_BUCKET ?? ''}-${env.MEDIA_S3_PREFIX}`;
const toS3 = store.kind === 's3' && !existsSync(uploadedMarker(mediaDir, storeId));
const copying = toS3
  ? (drawing?.done ?? Promise.resolve()).then(() => uploadDemoMedia(mediaDir, store, { storeId, log: (l) => console.log(l) }))
  : drawing?.pictures;
// Locally the tours' posters and plans stream in behind the ready site (their models are in place already).
if (!toS3)
  drawing?.done.catch((error: unknown) => console.warn(`Drawing the tours' pictures stopped: ${error instanceof Error ? error.message : String(error)}`));

await startServer({
  env,
  db,
  seeded: plan !== null,
  pending: copying,
  readyNotes: [`Demo sign-ins (password "${DEMO_PASSWORD}"):`, ...[...DEMO_SIGN_INS, TECHNICIAN_SIGN_IN].map((d) => `  ${d.email.padEnd(22)} ${d.role}`)],
});

/**
 * Makes the pending demo pictures in a child process, so the API the site build reads stays
 * responsive; at a lower priority, since the site build is the longer task (on 2 cores the pictures
 * take the idle core and finish first). `pictures` settles when the pages' pictures are made,
 * `done` when the tours' posters and plans are too.
 */
function renderMedia(dir: string): { pictures: Promise<void>; done: Promise<void> } {
  let picturesReady = (): void => undefined;
  const pictures = new Promise<void>((ok) => {
    picturesReady = ok;
  });
  const done = new Promise<void>((ok, fail) => {
    const child = fork(join(import.meta.dirname, 'seed', 'render-media.ts'), ['--media', dir], { stdio: 'inherit' });
    try {
      if (child.pid) setPriority(child.pid, Math.min(19, getPriority() + 10));
    } catch {
      // Not allowed here: same priority then.
    }
    child.on('message', (message) => {
      if (message === 'pictures-ready') picturesReady();
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => (code === 0 ? ok() : fail(new Error(`Drawing the demo pictures stopped (${signal ?? `exit ${code}`}).`))));
  });
  // A stop before the pages' pictures were made fails them too.
  return { pictures: Promise.race([pictures, done]), done };
}
