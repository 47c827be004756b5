import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { migrate, openDb } from '../src/server/db/db.ts';
import { seedWorld } from './seed/seed-world.ts';
import { renderPendingMedia } from './seed/media.ts';
import { demoCredentialCreator } from '../src/server/session-wiring.ts';

/**
 * `npm run seed -- --spaces 10000 --data ./data-10k [--seed 42]`: seeds an empty database with the
 * demo world and makes its pictures (from the shared picture cache when it has them).
 */
const { values } = parseArgs({
  options: {
    spaces: { type: 'string', default: '2000' },
    data: { type: 'string', default: process.env['DATA_DIR'] ?? './data' },
    seed: { type: 'string', default: '20261122' },
  },
});
const dataDir = resolve(values.data);
const db = openDb(process.env['DATABASE_URL'] ?? join(dataDir, 'discover.sqlite'));
await migrate(db);
const existing = await db.kysely
  .selectFrom('spaces')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(existing.n) > 0) {
  // A seed stopped before its pictures were done: finish them.
  if (await renderPendingMedia(join(dataDir, 'media'), { log: (l) => console.log(l) })) process.exit(0);
  console.error(`The database in ${dataDir} already has ${existing.n} spaces; seed an empty data folder.`);
  process.exit(1);
}
const mediaDir = join(dataDir, 'media');
await seedWorld(db, {
  spaces: Number(values.spaces),
  seed: Number(values.seed),
  mediaDir,
  log: (l) => console.log(l),
  createCredential: demoCredentialCreator(db),
});
await db.close();
await renderPendingMedia(mediaDir, { log: (l) => console.log(l) });
