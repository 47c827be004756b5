import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { migrate, openDb, type Db } from '../db/db.ts';
import { ContentEvents } from '../events.ts';
import { astroBuildEnv, Publisher } from './publisher.ts';

let db: Db | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

async function setup(build: (out: string, n: number) => Promise<void>) {
  db = openDb(':memory:');
  await migrate(db);
  const root = mkdtempSync(join(tmpdir(), 'publisher-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'page.astro'), '<h1>v1</h1>');
  const events = new ContentEvents();
  let builds = 0;
  const publisher = new Publisher({
    projectRoot: root,
    siteDir: join(root, 'site'),
    apiUrl: 'http://127.0.0.1:1',
    publicOrigin: 'http://127.0.0.1:1',
    buildToken: 'x'.repeat(20),
    db: db.kysely,
    events,
    debounceMs: 50,
    log: () => undefined,
    buildSite: async (_root, out) => {
      builds++;
      mkdirSync(out, { recursive: true });
      await build(out, builds);
    },
  });
  return { publisher, events, root, builds: () => builds, kysely: db.kysely };
}

const page = (p: Publisher) => readFileSync(join(p.currentDir, 'index.html'), 'utf8');

describe('publisher', () => {
  test('builds, swaps the served folder, and knows when it is up to date', async () => {
    const { publisher, root } = await setup((out, n) => Promise.resolve(writeFileSync(join(out, 'index.html'), `build ${n}`)));
    expect(await publisher.isUpToDate()).toBe(false);
    await publisher.build();
    expect(page(publisher)).toBe('build 1');
    expect(await publisher.isUpToDate()).toBe(true);
    writeFileSync(join(root, 'src', 'page.astro'), '<h1>v2</h1>');
    expect(await publisher.isUpToDate()).toBe(false);
  });

  test('a content change rebuilds once after the quiet period', async () => {
    const { publisher, events, kysely, builds } = await setup((out, n) => Promise.resolve(writeFileSync(join(out, 'index.html'), `build ${n}`)));
    await publisher.build();
    publisher.watch();
    await events.emit(kysely, 'space.updated', ['a']);
    await events.emit(kysely, 'space.updated', ['b']);
    expect(await publisher.isUpToDate()).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    await publisher.stop();
    expect(builds()).toBe(2);
    expect(page(publisher)).toBe('build 2');
    expect(await publisher.isUpToDate()).toBe(true);
  });

  test('a failed build keeps the previous site online', async () => {
    const { publisher } = await setup((out, n) => {
      if (n === 2) return Promise.reject(new Error('astro exploded'));
      writeFileSync(join(out, 'index.html'), `build ${n}`);
      return Promise.resolve();
    });
    await publisher.build();
    const served = realpathSync(publisher.currentDir);
    await expect(publisher.build()).rejects.toThrow(/previous build stays online/);
    expect(realpathSync(publisher.currentDir)).toBe(served);
    expect(page(publisher)).toBe('build 1');
    expect(publisher.lastBuild?.ok).toBe(false);
  });

  test('the site is always a production build, whatever NODE_ENV the server runs with', () => {
    const env = astroBuildEnv({ DISCOVER_API_URL: 'http://127.0.0.1:1' }, { NODE_ENV: 'test', SITE_LOCALES: 'en,de' });
    expect(env).toMatchObject({ NODE_ENV: 'production', SITE_LOCALES: 'en,de', DISCOVER_API_URL: 'http://127.0.0.1:1' });
    expect(astroBuildEnv({ NODE_ENV: 'development' }, {})['NODE_ENV']).toBe('production');
  });
});
